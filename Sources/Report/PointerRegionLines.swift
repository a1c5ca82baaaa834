import AppEvents
import Gestures
import LibinputEvents

/// The pointer regions a table lists, a line per transition, except that a run of crossings is
/// one line. A crossing is the pointer leaving one region of a view for another of the same style
/// at the same instant, as it does moving over a text view's lines (a region per line): told one
/// transition a line, a pointer's sweep down a page would be a hundred lines saying it stayed in
/// the text view. `compare --json` keeps every transition.
enum PointerRegionLines {
    /// The most regions a crossing line names; a longer run names its first and last ones.
    static let regionsNamed = 6

    /// A line per entry and exit, a run of crossings after an entry as one line, its times since
    /// `timeBase`.
    static func lines(_ transitions: [PointerRegionTransition], timeBase: TimeBase) -> [String] {
        var lines: [String] = []
        var index = 0
        while index < transitions.count {
            let transition = transitions[index]
            lines.append(
                stamp(transition.time, timeBase) + "\(transition.phase) \(transition.regionPath)  "
                    + "\(transition.style)  at \(transition.location)")
            index += 1
            guard transition.phase == .willEnter else { continue }
            var regions = [transition.region]
            var last = transition
            let firstCrossing = index
            while index + 1 < transitions.count, isCrossing(from: last, transitions[index], transitions[index + 1]) {
                last = transitions[index + 1]
                regions.append(last.region)
                index += 2
            }
            if regions.count > 1 {
                lines.append(crossingLine(regions, from: transitions[firstCrossing], to: last, timeBase))
            }
        }
        return lines
    }

    /// Whether `exit` then `enter` move the pointer out of the region `entered` and into another
    /// of its view and style, at one instant.
    private static func isCrossing(
        from entered: PointerRegionTransition, _ exit: PointerRegionTransition, _ enter: PointerRegionTransition
    ) -> Bool {
        exit.phase == .willExit && enter.phase == .willEnter && exit.view == entered.view
            && exit.region == entered.region && enter.view == exit.view && enter.time == exit.time
            && exit.style == entered.style && enter.style == entered.style
    }

    /// `   0.624s  crossed text/line.23 → line.24 → line.25 → line.26 → … (3 more) → line.35 by
    /// 1.655s  verticalBeam(20) … at (604.64, 690)`: the run from its first crossing to the region
    /// it ended in.
    private static func crossingLine(
        _ regions: [String], from first: PointerRegionTransition, to last: PointerRegionTransition,
        _ timeBase: TimeBase
    ) -> String {
        let named =
            regions.count <= regionsNamed
            ? regions
            : Array(regions.prefix(regionsNamed - 2)) + ["… (\(regions.count - regionsNamed + 1) more)"]
                + [regions[regions.count - 1]]
        let by = last.time == first.time ? "" : " by " + timeBase.text(atTimestamp: last.time)
        return stamp(first.time, timeBase) + "crossed " + PointerRegion.path(named[0], in: first.view) + " → "
            + named.dropFirst().joined(separator: " → ") + by + "  \(last.style)  at \(last.location)"
    }

    private static func stamp(_ time: Double, _ timeBase: TimeBase) -> String {
        String(format: "  %8.3fs  ", timeBase.seconds(atTimestamp: time))
    }
}
