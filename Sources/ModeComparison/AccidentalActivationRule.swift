import AppEvents
import Gestures

/// When an activation is accidental. A recognizer's activations (began, recognized) in the two
/// modes pair one to one, nearest first, within a second of each other (``nearby``): the two
/// modes' events for one gesture come within milliseconds of each other, so activations further
/// apart are two gestures, even where each mode has one. An activation left unpaired happened in
/// one mode where the other had none then, or once more than the other: a difference between
/// the modes. It is accidental when compatibility mode's simulated touches set off a recognizer
/// other than those the pinch is for (``isAccidental(in:_:followsTransforms:)``: a photo's pan
/// started by a pinch's simulated touches on top of the scrolling both modes share), the hazard
/// Apple names on the key's documentation page, touches that "may incidentally activate other gesture
/// recognizers"; a pinch or rotation recognizer the touches began
/// where indirect mode's transform did not (the touches land either side of the pointer, the
/// transform at it) differs between the modes without accident. One a pointer's touch type
/// explains (a recognizer that takes `indirectPointer` touches alone) is the app's design.
/// The one rule `compare`, `report`, the view and the testing kit apply.
public struct AccidentalActivationRule: Sendable, Equatable {
    /// Seconds before or after an activation within which the other mode's counts as the same
    /// gesture, and, live, after which an unmatched activation is decided; nil over the whole
    /// stream, decided at its end, which pairs within ``nearby``.
    public var window: Double?

    /// Over the whole stream: what a replay, known to its end, is judged by.
    public static let wholeStream = AccidentalActivationRule(window: nil)
    /// Live: a second either side, after which the view flags an unmatched activation.
    public static let live = AccidentalActivationRule(window: 1.0)

    /// Seconds within which two modes' activations are taken for the same gesture.
    public static let nearby = 1.0

    /// Whether `time`, in one mode, is within ``nearby`` of `span`, when a gesture lasted in the
    /// other (an activation's instant, or from it to its end): that gesture's.
    public static func isNear(_ time: Double, _ span: ClosedRange<Double>) -> Bool {
        time >= span.lowerBound - nearby && time <= span.upperBound + nearby
    }

    /// Whether an unpaired activation in `mode`, which followed `input`, of a recognizer that
    /// `followsTransforms` or not, is accidental: in compatibility mode, following a pinch's or
    /// rotation's simulated touches, of a recognizer that is not one the pinch is for.
    public static func isAccidental(
        in mode: DeliveryMode, _ input: ActivationInput?, followsTransforms: Bool
    ) -> Bool {
        mode == .compatibility && !followsTransforms && (input?.simulatedTouches ?? 0) > 0
    }

    /// Which of the other mode's unpaired activations (`unpaired`, seconds) an activation at
    /// `time` pairs with as it comes, live: the nearest within the window, before or after.
    public func partner(for time: Double, among unpaired: [Double]) -> Int? {
        let limit = window ?? Self.nearby
        return unpaired.indices.filter { abs(unpaired[$0] - time) <= limit }
            .min { abs(unpaired[$0] - time) < abs(unpaired[$1] - time) }
    }

    /// By when, live, an activation at `time` is decided: once the window after it has passed.
    public func decided(_ time: Double, by now: Double) -> Bool {
        window.map { now - time > $0 } ?? false
    }

    /// The accidental activations of one recognizer over a stream, given when it activated in
    /// each mode (seconds): the indices of those left unpaired, in time order.
    public func unpairedIndices(compat: [Double], indirect: [Double]) -> (compat: [Int], indirect: [Int]) {
        var paired = (compat: Set<Int>(), indirect: Set<Int>())
        func pairNearest(within limit: Double) {
            var candidates: [(distance: Double, c: Int, i: Int)] = []
            for c in compat.indices where !paired.compat.contains(c) {
                for i in indirect.indices where !paired.indirect.contains(i) {
                    let distance = abs(compat[c] - indirect[i])
                    if distance <= limit { candidates.append((distance, c, i)) }
                }
            }
            // Nearest first; at one distance, the earlier pair.
            for pair in candidates.sorted(by: { ($0.distance, $0.c, $0.i) < ($1.distance, $1.c, $1.i) })
            where !paired.compat.contains(pair.c) && !paired.indirect.contains(pair.i) {
                paired.compat.insert(pair.c)
                paired.indirect.insert(pair.i)
            }
        }
        pairNearest(within: window ?? Self.nearby)
        return (
            compat.indices.filter { !paired.compat.contains($0) },
            indirect.indices.filter { !paired.indirect.contains($0) }
        )
    }

    /// The times of ``unpairedIndices(compat:indirect:)``.
    public func unpaired(compat: [Double], indirect: [Double]) -> (compat: [Double], indirect: [Double]) {
        let left = unpairedIndices(compat: compat, indirect: indirect)
        return (left.compat.map { compat[$0] }, left.indirect.map { indirect[$0] })
    }
}
