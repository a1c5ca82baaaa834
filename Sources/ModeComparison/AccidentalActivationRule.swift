import AppEvents

/// When an activation is accidental. A recognizer's activations (began, recognized) in the two
/// modes pair one to one, in time order: each pairs with the other mode's latest activation not
/// paired yet, over the whole stream or, live, where the stream has no end to wait for, within
/// ``window`` of it. An activation left unpaired is accidental: it happened in one mode where the
/// other had none, or once more than the other (a photo's pan set off by a pinch's simulated
/// touches on top of the scrolling both modes share). The one rule `compare`, `report`, the view
/// and the testing kit apply.
public struct AccidentalActivationRule: Sendable, Equatable {
    /// Seconds before or after an activation within which the other mode's counts as the same
    /// gesture; nil over the whole stream.
    public var window: Double?

    /// Over the whole stream: what a replay, known to its end, is judged by.
    public static let wholeStream = AccidentalActivationRule(window: nil)
    /// Live: a second either side, after which the view flags an unmatched activation.
    public static let live = AccidentalActivationRule(window: 1.0)

    /// Which of the other mode's unpaired activations (`unpaired`, in time order, none later than
    /// `time`) an activation at `time` pairs with: the latest, if it is within the window.
    public func partner(for time: Double, among unpaired: [Double]) -> Int? {
        guard let last = unpaired.indices.last else { return nil }
        if let window, time - unpaired[last] > window { return nil }
        return last
    }

    /// By when, live, an activation at `time` is decided: once the window after it has passed.
    public func decided(_ time: Double, by now: Double) -> Bool {
        window.map { now - time > $0 } ?? false
    }

    /// The accidental activations of one recognizer over a stream, given when it activated in
    /// each mode (seconds, in time order): those ``partner(for:among:)`` left unpaired.
    public func unpaired(compat: [Double], indirect: [Double]) -> (compat: [Double], indirect: [Double]) {
        var left: [[Double]] = [[], []]
        var next = [0, 0]
        let times = [compat, indirect]
        // In time order; at one time, compat's first, as the view steps them.
        while next[0] < times[0].count || next[1] < times[1].count {
            let m =
                next[1] == times[1].count || (next[0] < times[0].count && times[0][next[0]] <= times[1][next[1]])
                ? 0 : 1
            let time = times[m][next[m]]
            next[m] += 1
            if let k = partner(for: time, among: left[1 - m]) {
                left[1 - m].remove(at: k)
            } else {
                left[m].append(time)
            }
        }
        return (left[0], left[1])
    }
}
