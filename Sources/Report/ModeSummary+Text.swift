import Gestures
import LibinputEvents
import ModeComparison

extension ModeSummary {
    /// The one text of a recognizer's activity in a mode, in the table and the report:
    /// `began 1 ended 1, most touches 2, scale 1.500`, its values (`last scale …` after more than one
    /// activation: the values are its last change's) and its starts (their times since
    /// `timeBase`); `-` when nothing happened.
    public func text(timeBase: TimeBase) -> String {
        guard !isIdle else { return "-" }
        let counts = stateCounts.filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }
        var parts = [counts.joined(separator: " "), "most touches \(maxNumberOfTouches)"]
        var values = (finalValues ?? GestureValues()).map(\.text)
        if began + recognized > 1, !values.isEmpty { values[0] = "last " + values[0] }
        parts += values
        parts += starts.map { $0.summary(timeBase: timeBase) }
        return parts.joined(separator: ", ")
    }

    /// The recognizer changed state in no way: its text is `-`.
    public var isIdle: Bool { stateCounts.allSatisfy { $0.1 == 0 } }

    private var stateCounts: [(String, Int)] {
        [("began", began), ("ended", ended), ("recognized", recognized), ("cancelled", cancelled), ("failed", failed)]
    }
}
