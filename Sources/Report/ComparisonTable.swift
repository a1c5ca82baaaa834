import Foundation
import Gestures
import LibinputEvents
import ModeComparison
import TextTables

extension ComparisonReport {
    /// An aligned plain-text table: one row per recognizer, compat and indirect side by side,
    /// then the counts of accidental activations and of those the other mode did not match, and the pointer
    /// regions the pointer went through. The last column is the row's
    /// ``ComparisonRow/difference``. Times are seconds since `timeBase`. Wider than `width` (a
    /// terminal's), each row is a block of lines instead (``TextTables/TextTable/lines(_:separator:rule:width:)``).
    /// `legend`: a line under the rows saying what a dash is, where a row has one.
    public func renderTable(timeBase: TimeBase, width: Int? = nil, legend: Bool = false) -> String {
        let header = ["recognizer", "compat", "indirect", "difference"]
        let body = rows.map { row in
            [
                row.recognizer, row.compat.text(timeBase: timeBase), row.indirect.text(timeBase: timeBase),
                row.difference,
            ]
        }
        // A dash beside "failed" reads as the same nothing, which it is not.
        let dashed = legend && rows.contains { $0.compat.isIdle || $0.indirect.isIdle }
        let said = dashed ? ["(-: never changed state in that mode; failed N: input reached it, and it failed)"] : []
        let lines =
            TextTable.lines([header] + body, separator: " | ", rule: "-+-", width: width) + said + [activationCounts]
            + pointerRegionLines(timeBase)
        return lines.joined(separator: "\n") + "\n"
    }

    /// "pointer regions (both modes):" and their lines (``PointerRegionLines``); each mode's list
    /// when they differ.
    func pointerRegionLines(_ timeBase: TimeBase) -> [String] {
        guard let regions = pointerRegions else { return [] }
        func list(_ transitions: [PointerRegionTransition]) -> [String] {
            PointerRegionLines.lines(transitions, timeBase: timeBase)
        }
        if !regions.differ { return ["pointer regions (both modes):"] + list(regions.compat) }
        return ["pointer regions DIFFER between the modes; compat:"] + list(regions.compat) + ["indirect:"]
            + list(regions.indirect)
    }
}

extension ComparisonReport {
    /// "accidental activations (set off by compat mode's simulated touches): 2; unmatched by the
    /// other mode: compat 2, indirect 1".
    public var activationCounts: String {
        "accidental activations (set off by compat mode's simulated touches): \(accidentalActivationCount); "
            + "unmatched by the other mode: compat \(unmatchedActivationCount(in: .compatibility)), indirect "
            + "\(unmatchedActivationCount(in: .indirectInput))"
    }
}

extension ComparisonRow {
    /// How the modes differ on this recognizer: "compat only" when it activated in that mode
    /// alone, "compat: 2 more" when more often in it, "compat: 1, indirect: 1 unmatched" when each
    /// activated where the other did not, with ", accidental" when compat's simulated touches set
    /// its unmatched ones off; "starts differ" when its menus or drags started differently; empty
    /// when they agree.
    public var difference: String {
        let modes = unmatched.modes
        guard let mode = modes.first else { return startsDiffer == true ? "starts differ" : "" }
        let only =
            modes.count == 2
            ? "compat: \(unmatched.compat.count), indirect: \(unmatched.indirect.count) unmatched"
            : self[mode == .compatibility ? .indirectInput : .compatibility].activated
                ? "\(mode.rawValue): \(unmatched[mode].count) more" : "\(mode.rawValue) only"
        return only
            + (accidentalIndices.isEmpty
                ? ""
                : accidentalIndices.count == unmatched.compat.count
                    ? modes.count == 2 ? ", compat's accidental" : ", accidental"
                    : ", \(accidentalIndices.count) accidental")
    }
}
