import AppEvents

/// When an activation is accidental: a recognizer began or was recognized in one mode while the
/// same recognizer in the other mode did not activate, over the whole stream, or, live, where
/// the stream has no end to wait for, within ``window`` of it. The one rule `compare`, `report`,
/// the view and the testing kit apply.
public struct AccidentalActivationRule: Sendable, Equatable {
    /// Seconds before or after an activation within which the other mode's counts as the same
    /// gesture; nil over the whole stream.
    public var window: Double?

    /// Over the whole stream: what a replay, known to its end, is judged by.
    public static let wholeStream = AccidentalActivationRule(window: nil)
    /// Live: a second either side, after which the view flags an unmatched activation.
    public static let live = AccidentalActivationRule(window: 1.0)

    /// Whether an activation at `time` (seconds) in one mode is accidental, given the times the
    /// other mode's same recognizer activated (so far, live).
    public func isAccidental(at time: Double, otherModeActivations: [Double]) -> Bool {
        guard let window else { return otherModeActivations.isEmpty }
        return !otherModeActivations.contains { abs($0 - time) <= window }
    }

    /// By when, live, an activation at `time` is decided: once the window after it has passed.
    public func decided(_ time: Double, by now: Double) -> Bool {
        window.map { now - time > $0 } ?? false
    }

    /// The modes in which a recognizer activated accidentally over a stream, given when it
    /// activated in each: none, one, or (windowed) both.
    public func accidentalModes(compat: [Double], indirect: [Double]) -> [DeliveryMode] {
        var modes: [DeliveryMode] = []
        if compat.contains(where: { isAccidental(at: $0, otherModeActivations: indirect) }) {
            modes.append(.compatibility)
        }
        if indirect.contains(where: { isAccidental(at: $0, otherModeActivations: compat) }) {
            modes.append(.indirectInput)
        }
        return modes
    }
}
