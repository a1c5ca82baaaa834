import Foundation
import Gestures
import ModeComparison

extension ComparisonReport {
    /// An aligned plain-text table: one row per recognizer, compat and indirect side by side,
    /// then the accidental activation counts and the pointer regions the pointer went through. The
    /// last column names the mode a recognizer activated in alone, or says its menus or drags
    /// started differently in the two modes.
    public func renderTable() -> String {
        let header = ["recognizer", "compat", "indirect", "accidental"]
        let body = rows.map { row in
            [row.recognizer, Self.cell(row.compat), Self.cell(row.indirect),
             row.accidentalIn.map { "\($0.rawValue) only" } ?? (row.startsDiffer == true ? "starts differ" : "")]
        }
        let widths = header.indices.map { column in
            ([header] + body).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var text = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " | ")
            while text.last == " " { text.removeLast() }
            return text
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
        let summary = "accidental activations: compat \(accidentalActivationCount(in: .compatibility)), indirect \(accidentalActivationCount(in: .indirectInput))"
        return ([line(header), rule] + body.map(line) + [summary] + pointerRegionLines).joined(separator: "\n") + "\n"
    }

    /// "pointer regions (both modes):" and a line per transition; each mode's list when they differ.
    private var pointerRegionLines: [String] {
        guard let regions = pointerRegions else { return [] }
        func list(_ transitions: [PointerRegionTransition]) -> [String] {
            transitions.map { String(format: "  %8.3f s  ", $0.time) + "\($0.phase) \($0.regionPath)  \($0.style)  at \($0.location)" }
        }
        if !regions.differ { return ["pointer regions (both modes):"] + list(regions.compat) }
        return ["pointer regions DIFFER between the modes; compat:"] + list(regions.compat) + ["indirect:"] + list(regions.indirect)
    }

    /// "began 1 ended 1, touches 2, scale 1.50", or "-" when nothing happened.
    private static func cell(_ summary: ModeSummary) -> String {
        let counts = [
            ("began", summary.began), ("ended", summary.ended), ("recognized", summary.recognized),
            ("cancelled", summary.cancelled), ("failed", summary.failed),
        ].filter { $0.1 > 0 }
        guard !counts.isEmpty else { return "-" }
        var parts = [counts.map { "\($0.0) \($0.1)" }.joined(separator: " "), "touches \(summary.maxNumberOfTouches)"]
        if let scale = summary.finalScale { parts.append(String(format: "scale %.2f", scale)) }
        if let rotation = summary.finalRotation { parts.append(String(format: "rotation %.2f rad", rotation)) }
        if let t = summary.finalTranslation { parts.append(String(format: "translation (%.1f, %.1f)", t.x, t.y)) }
        parts += summary.starts.map(\.summary)
        return parts.joined(separator: ", ")
    }
}
