import Foundation
import XCTest
import TestSupport

/// Pointer interactions, context menus and drags on recordings replayed through real libinput,
/// with `Tests/Fixtures/pointer/surface.yml` (the talk's toolbar, text view and padded button).
final class PointerInteractionReplayTests: XCTestCase {
    private static let folder = Fixtures.root.appendingPathComponent("Tests/Fixtures/pointer")
    private static let surface = folder.appendingPathComponent("surface.yml").path

    /// `compare --json --check` of `recording` on the pointer surface, parsed.
    private func compare(_ recording: String, _ options: [String] = []) throws -> [String: Any] {
        let result = runCommand(["compare", "--json", "--check", "--surface", Self.surface] + options + [recording])
        XCTAssertEqual(result.status, 0, "the invariants hold in both modes: \(result.stderr)")
        return try jsonObject(result.stdout)
    }

    private func pointer(_ name: String) -> String { Self.folder.appendingPathComponent("\(name).yml").path }

    /// The region transitions of one mode, as "phase region" lines.
    private func transitions(_ report: [String: Any], _ mode: String) throws -> [[String: Any]] {
        let regions = try XCTUnwrap(report["pointerRegions"] as? [String: Any])
        return try XCTUnwrap(regions[mode] as? [[String: Any]])
    }

    private func row(_ report: [String: Any], _ recognizer: String) throws -> [String: Any] {
        let rows = try XCTUnwrap(report["rows"] as? [[String: Any]])
        return try XCTUnwrap(rows.first { "\($0["region"] ?? "")/\($0["name"] ?? "")" == recognizer })
    }

    /// A row's starts in `mode`: each as (input, touch type, lift delay).
    private func starts(
        _ report: [String: Any], _ recognizer: String, _ mode: String
    ) throws -> [(input: String, type: String, delay: Double)] {
        let summary = try XCTUnwrap(try row(report, recognizer)[mode] as? [String: Any])
        return (summary["starts"] as? [[String: Any]] ?? []).map {
            ($0["input"] as? String ?? "", $0["touchType"] as? String ?? "", $0["liftDelay"] as? Double ?? .nan)
        }
    }

    /// The pointer crosses the segmented control, rides the text view's lines and snaps to the
    /// padded button: the same transitions in both modes, contiguous regions handing over on
    /// one event, every text line's location on its rail, the button entered at its edge.
    func testAPointerCrossingTheControlsGoesThroughTheirRegions() throws {
        let report = try compare(pointer("cross-toolbar"))
        let compat = try transitions(report, "compat"), indirect = try transitions(report, "indirect")
        XCTAssertEqual((report["pointerRegions"] as? [String: Any])?["differ"] as? Bool, false)
        XCTAssertEqual(compat.count, indirect.count)
        let sequence = indirect.map { "\($0["phase"] ?? "") \($0["view"] ?? "")/\($0["region"] ?? "")" }
        XCTAssertEqual(
            sequence,
            [
                "willEnter segments/three", "willExit segments/three", "willEnter segments/two",
                "willExit segments/two",
                "willEnter segments/one", "willExit segments/one",
                "willEnter text/line.3", "willExit text/line.3", "willEnter text/line.4", "willExit text/line.4",
                "willEnter text/line.5", "willExit text/line.5", "willEnter text/line.4", "willExit text/line.4",
                "willEnter button/button",
            ])
        // Contiguous regions: each exit that hands over shares its time with the next enter.
        for (exit, enter) in zip(indirect, indirect.dropFirst())
        where exit["phase"] as? String == "willExit" && enter["phase"] as? String == "willEnter"
            && exit["view"] as? String == enter["view"] as? String
        {
            XCTAssertEqual(exit["time"] as? Double, enter["time"] as? Double, "\(exit) then \(enter)")
        }
        // The text view's lines are 20 points from y 430: line N's rail is at 430 + 20 (N - 1) + 10.
        for transition in indirect
        where transition["view"] as? String == "text" && transition["phase"] as? String == "willEnter" {
            let line = try XCTUnwrap(Int((transition["region"] as? String ?? "").dropFirst("line.".count)))
            let location = try XCTUnwrap(transition["location"] as? [String: Double])
            XCTAssertEqual(location["y"], 430 + 20 * Double(line - 1) + 10, "on line \(line)'s rail")
        }
        // The padded button (frame x 870…910, padding 20): entered in its padding, where the pointer is.
        let button = try XCTUnwrap(indirect.last?["location"] as? [String: Double])
        let x = try XCTUnwrap(button["x"])
        XCTAssertTrue(850 <= x && x < 870, "\(x): in the padding, not pulled onto the button's edge at 870")
    }

    /// A click-and-drag drags at once in both modes: UIKit knows the pointer's touch even where
    /// the app sees it as `.direct` (compatibility mode), so neither mode waits for a long press,
    /// and a click held opens the menu in neither. The modes agree.
    func testAClickAndDragDragsAtOnceInBothModes() throws {
        let report = try compare(pointer("click-drag"))
        for (mode, type) in [("compat", "direct"), ("indirect", "indirectPointer")] {
            let drag = try starts(report, "canvas/drag", mode)
            XCTAssertEqual(drag.map(\.input), ["clickAndDrag"], mode)
            XCTAssertEqual(drag.map(\.type), [type], mode)
            XCTAssertLessThan(drag[0].delay, 0.2, "\(mode): no long-press wait")
            XCTAssertEqual(
                try starts(report, "canvas/contextMenu", mode).count, 0, "\(mode): a pointer held does not open it")
        }
        XCTAssertNil(try row(report, "canvas/contextMenu")["accidentalIn"])
        XCTAssertNil(try row(report, "canvas/drag")["startsDiffer"])

        let strict = runCommand(["compare", "--fail-on-diff", "--surface", Self.surface, pointer("click-drag")])
        XCTAssertEqual(strict.status, 0, strict.stdout)
        XCTAssertFalse(strict.stdout.contains("starts differ"), strict.stdout)
    }

    /// A two-finger click is a right click only with libinput's clickfinger method; then the menu
    /// opens at the press in both modes, with no wait.
    func testATwoFingerClickOpensTheMenuAtOnceWithClickfinger() throws {
        let report = try compare(pointer("two-finger-click"), ["--set-click-method", "clickfinger"])
        for mode in ["compat", "indirect"] {
            let opened = try starts(report, "canvas/contextMenu", mode)
            XCTAssertEqual(opened.map(\.input), ["secondaryClick"], mode)
            XCTAssertEqual(opened.map(\.delay), [0], mode)
        }
        XCTAssertNil(try row(report, "canvas/contextMenu")["startsDiffer"])
        let areas = try compare(pointer("two-finger-click"), ["--set-click-method", "buttonareas"])
        XCTAssertEqual(
            try starts(areas, "canvas/contextMenu", "indirect").count, 0, "with button areas it is a left click")
    }

    /// A real two-finger tap (a Cypress trackpad) with tapping on is a right click: the menu opens.
    func testARealTwoFingerTapOpensTheMenu() throws {
        let recording = Fixtures.evemu.appendingPathComponent("touchpads_CyPS2_Cypress_Trackpad.two_finger_tap.events")
            .path
        let report = try compare(recording, ["--enable-tap"])
        XCTAssertEqual(try starts(report, "canvas/contextMenu", "compat").map(\.input), ["secondaryClick"])
        XCTAssertEqual(try starts(report, "canvas/contextMenu", "indirect").map(\.type), ["indirectPointer"])
        XCTAssertEqual(
            try starts(try compare(recording), "canvas/contextMenu", "indirect").count, 0, "tapping is off by default")
    }

    /// The report draws the regions, the rails, the styled path and where menus and drags began.
    func testTheReportDrawsRegionsThePathAndTheStarts() throws {
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-pointer-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        func plot(_ recording: String) throws -> String {
            let result = runCommand([
                "report", "--surface", Self.surface, "--plot", "pointer", "-o", svg.path,
                recording,
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            return try String(contentsOf: svg, encoding: .utf8)
        }
        func count(_ text: String, _ pattern: String) -> Int { text.components(separatedBy: pattern).count - 1 }

        let crossing = try plot(pointer("cross-toolbar"))
        // `-o -` takes the plot as it takes the page: the same SVG on standard output.
        let piped = runCommand([
            "report", "--surface", Self.surface, "--plot", "pointer", "-o", "-", pointer("cross-toolbar"),
        ])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, crossing)
        XCTAssertEqual(count(crossing, #"class="pointer-region""#), 3 + 6 + 1, "three segments, six lines, one button")
        XCTAssertEqual(count(crossing, #"class="rail""#), 6)
        for style in ["highlight", "verticalBeam", "lift"] {
            XCTAssertTrue(
                crossing.contains(#"class="pointer-path""#) && crossing.contains(#"data-style="\#(style)""#), style)
        }
        XCTAssertTrue(crossing.contains(#"data-region="text/line.5""#))

        let dragging = try plot(pointer("click-drag"))
        XCTAssertEqual(count(dragging, #"data-kind="drag" data-mode="indirect" data-input="clickAndDrag""#), 1)
        XCTAssertEqual(count(dragging, #"data-kind="drag" data-mode="compat" data-input="clickAndDrag""#), 1)
        XCTAssertEqual(count(dragging, #"data-kind="contextMenu""#), 0)
        XCTAssertTrue(dragging.contains(#"data-pressed="true""#), "the drag's path is drawn pressed")
    }

    /// `replay --surface` prints the region events in each mode's column, and the live status
    /// line names the region and style.
    func testReplayPrintsRegionEventsAndTheirStyles() throws {
        let result = runCommand([
            "replay", "--mode", "both", "--json", "--surface", Self.surface,
            pointer("cross-toolbar"),
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let regionEvents = result.stdout.components(separatedBy: #""type":"pointerRegion""#).count - 1
        XCTAssertEqual(regionEvents, 2 * 15, "fifteen transitions in each mode")
        XCTAssertTrue(result.stdout.contains(#""style":"verticalBeam(20) constrained vertical""#))
    }
}
