import Gestures
import ModeComparison

extension ModeSummary {
    /// The one text of a recognizer's activity in a mode, in the table and the report:
    /// `began 1 ended 1, touches 2, scale 1.500`, its values and its starts; `-` when nothing
    /// happened.
    public var text: String {
        let counts = [("began", began), ("ended", ended), ("recognized", recognized), ("cancelled", cancelled), ("failed", failed)]
            .filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }
        guard !counts.isEmpty else { return "-" }
        var parts = [counts.joined(separator: " "), "touches \(maxNumberOfTouches)"]
        parts += (finalValues ?? GestureValues()).map(\.text)
        parts += starts.map(\.summary)
        return parts.joined(separator: ", ")
    }
}
