import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Report
import XCTest

/// compare's pointer regions: a sweep across a view's regions of one style is one line.
final class PointerRegionLinesTests: XCTestCase {
    private func transition(
        _ phase: PointerRegionEvent.Phase, _ region: String, at time: Double, view: String = "text",
        style: PointerStyle = .shape(.verticalBeam(length: 20))
    ) -> PointerRegionTransition {
        PointerRegionTransition(
            PointerRegionEvent(
                phase: phase, view: view, region: region, rect: Rect(x: 0, y: 0, width: 10, height: 10),
                style: style, location: Point(x: time * 10, y: 0)),
            at: time)
    }

    private func lines(_ transitions: [PointerRegionTransition]) -> [String] {
        let report = ComparisonReport(compat: [], indirect: [], pointerRegions: (transitions, transitions))
        return report.renderTable(timeBase: TimeBase(origin: 0)).split(separator: "\n").map(String.init)
            .drop { $0 != "pointer regions (both modes):" }.dropFirst().map { $0 }
    }

    func testARunOfCrossingsIsOneLineNamingItsFirstAndLastRegions() {
        var sweep = [transition(.willEnter, "line.1", at: 1)]
        for line in 1..<10 {
            let time = 1 + Double(line) / 10
            sweep += [
                transition(.willExit, "line.\(line)", at: time), transition(.willEnter, "line.\(line + 1)", at: time),
            ]
        }
        sweep.append(transition(.willExit, "line.10", at: 3))
        let told = lines(sweep)
        XCTAssertEqual(told.count, 3, told.joined(separator: "\n"))
        XCTAssertTrue(told[0].hasSuffix("willEnter text/line.1  verticalBeam(20)  at (10, 0)"), told[0])
        XCTAssertEqual(
            told[1],
            "     1.100s  crossed text/line.1 → line.2 → line.3 → line.4 → … (5 more) → line.10 by 1.900s  "
                + "verticalBeam(20)  at (19, 0)")
        XCTAssertTrue(told[2].hasPrefix("     3.000s  willExit text/line.10"), told[2])
    }

    /// A crossing into another view, another style, or at another instant is told as it was.
    func testOnlyCrossingsWithinAViewAndStyleAtOneInstantAreJoined() {
        let told = lines([
            transition(.willEnter, "line.1", at: 1),
            transition(.willExit, "line.1", at: 2), transition(.willEnter, "row.1", at: 2, view: "list"),
            transition(.willExit, "row.1", at: 3, view: "list"),
            transition(.willEnter, "row.2", at: 3, view: "list", style: .effect(.highlight)),
            transition(.willExit, "row.2", at: 4, view: "list", style: .effect(.highlight)),
            transition(.willEnter, "row.3", at: 5, view: "list", style: .effect(.highlight)),
        ])
        XCTAssertEqual(told.count, 7, told.joined(separator: "\n"))
        XCTAssertFalse(told.contains { $0.contains("crossed") }, told.joined(separator: "\n"))
    }
}
