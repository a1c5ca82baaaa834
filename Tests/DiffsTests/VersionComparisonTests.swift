import AppEvents
import Diffs
import Gestures
import LibinputDecisions
import LibinputEvents
import ModeComparison
import Quirks
import Recordings
import TestSupport
import XCTest

/// One recording's runs on several libinput versions compared, on hand-built runs: where each
/// step parts and the changes that can give it (replays on the versions themselves:
/// `LibinputVersionTests`).
final class VersionComparisonTests: XCTestCase {
    /// Each step's changes are told with the quirks its newer version applies: natural scrolling
    /// is named where the newer version's quirks call the pad Apple's, and not where only the
    /// older one's do (a `--quirks` file given to one version, or a version whose own quirks
    /// changed).
    func testEachStepIsToldWithItsNewerVersionsQuirks() {
        let axes: [UInt16: AbsInfo] = [
            Evdev.ABS_X: AbsInfo(minimum: 0, maximum: 4256, resolution: 40),
            Evdev.ABS_Y: AbsInfo(minimum: 0, maximum: 3009, resolution: 40),
            Evdev.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 3),
        ]
        let pad = DeviceDescription(
            name: "pad", vendor: 0x004c, codes: [Evdev.EV_ABS: Set(axes.keys)], absinfo: axes)
        var apple = LibinputQuirks()
        apple.appleTouchpad = true
        func run(_ version: String, scroll: Double, _ quirks: LibinputQuirks) -> VersionComparison.Run {
            let event = LibinputEvent(
                time: 0, device: "event10",
                kind: .pointerScroll(Scroll(source: .finger, vertical: nil, horizontal: scroll)))
            return VersionComparison.Run(
                version: version, events: [event], report: ComparisonReport(compat: [], indirect: []), quirks: quirks)
        }
        func changes(older: LibinputQuirks, newer: LibinputQuirks) -> [LibinputChange]? {
            let runs = [run("1.22.1", scroll: -0.11, older), run("1.28.1", scroll: 0.11, newer)]
            return VersionComparison(runs: runs, device: pad).partings.first??.changes
        }
        XCTAssertEqual(changes(older: LibinputQuirks(), newer: apple), [.appleNaturalScroll])
        XCTAssertEqual(
            changes(older: apple, newer: LibinputQuirks()), [], "the older version's quirks are not the step's")
    }

    /// The quirks are asked of each step's newer version alone: the first version's, which no step
    /// ends at, would cost a listing per recording under `--quirks` and be read by nothing.
    func testQuirksAreAskedOfEveryVersionButTheFirst() throws {
        let path = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        var asked: [Int] = []
        let compared = try VersionComparison.run(
            RecordingLoader.load(path), versions: ["1.22.1", "1.28.1", "1.31.3"],
            configuration: AppEventTranslator.Configuration(), deviceConfiguration: DeviceConfiguration(),
            options: .init(checksInvariants: false), makeSurface: { Surface.builtIn(.default) },
            replay: { _ in [] },
            quirks: { index in
                asked.append(index)
                return LibinputQuirks()
            }, found: { _ in })
        XCTAssertEqual(asked, [1, 2])
        XCTAssertEqual(compared.runs.map(\.version), ["1.22.1", "1.28.1", "1.31.3"])
    }

    /// `--fail-on-diff` on several versions counts each version's differences between the modes
    /// as one version alone does, and a parting of the versions besides; the table names them.
    func testADifferenceBetweenTheModesCountsOnEveryVersion() {
        var pan = GestureRecord(region: "photo", name: "pan", kind: .pan)
        pan.transitions = [GestureTransition(state: .began, time: 1), GestureTransition(state: .ended, time: 1.1)]
        let differing = ComparisonReport(compat: [pan], indirect: [])
        XCTAssertEqual(differing.differenceCount, 1)
        func run(_ version: String, _ report: ComparisonReport, scroll: Double = 1) -> VersionComparison.Run {
            let event = LibinputEvent(
                time: 0, device: "event10",
                kind: .pointerScroll(Scroll(source: .finger, vertical: scroll, horizontal: nil)))
            return VersionComparison.Run(version: version, events: [event], report: report)
        }
        let quiet = ComparisonReport(compat: [], indirect: [])
        XCTAssertEqual(VersionComparison(runs: [run("1.28.1", quiet), run("1.31.3", quiet)]).differenceCount, 0)
        XCTAssertEqual(
            VersionComparison(runs: [run("1.28.1", differing), run("1.31.3", differing)]).differenceCount, 2)
        XCTAssertEqual(
            VersionComparison(runs: [run("1.28.1", quiet), run("1.31.3", quiet, scroll: 2)]).differenceCount, 1)
        // The table says which: the version, and the recognizers the modes differ on.
        let table = VersionComparison(runs: [run("1.28.1", differing), run("1.31.3", quiet)]).renderTable()
        XCTAssertTrue(table.contains("\n1.28.1: the modes differ on photo/pan\n"), table)
        XCTAssertFalse(table.contains("1.31.3: the modes differ"), table)
        XCTAssertEqual(differing.differences, ["photo/pan"])
        // And in words, which recognizers fired on some versions and not others, mode by mode.
        XCTAssertTrue(table.contains("\ncompat mode: photo/pan fired on 1.28.1, not on 1.31.3\n"), table)
        XCTAssertFalse(table.contains("indirect mode:"), table)
        let alike = VersionComparison(runs: [run("1.28.1", differing), run("1.31.3", differing)]).renderTable()
        XCTAssertFalse(alike.contains(" fired on "), alike)
    }

    /// Tapping left at libinput's default is on only for a pad without a left button, as asked
    /// otherwise: the change that needs it is told on the device libinput taps on.
    func testTappingFollowsTheDevicesDefault() throws {
        var device = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path).device
        XCTAssertFalse(VersionComparison(runs: [], device: device).tapping)
        XCTAssertTrue(
            VersionComparison(runs: [], device: device, configuration: DeviceConfiguration(tapToClick: true)).tapping)
        device.codes[Evdev.EV_KEY]?.remove(Evdev.BTN_LEFT)
        XCTAssertTrue(VersionComparison(runs: [], device: device).tapping)
        XCTAssertFalse(
            VersionComparison(runs: [], device: device, configuration: DeviceConfiguration(tapToClick: false)).tapping)
    }

    /// Streams too long for one table are lined up a window at a time: a version with a thousand
    /// events more is read to its end, each later one past the other's.
    func testStreamsTooLongToLineUpAreReadToTheirEnd() throws {
        func run(_ version: String, _ count: Int) -> VersionComparison.Run {
            let events = (0..<count).map {
                LibinputEvent(
                    time: UInt64($0) * 1000, device: "event10",
                    kind: .pointerMotion(dx: 1, dy: 0, unacceleratedDx: 1, unacceleratedDy: 0))
            }
            return VersionComparison.Run(
                version: version, events: events, report: ComparisonReport(compat: [], indirect: []))
        }
        let device = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path).device
        let partings = VersionComparison(runs: [run("1.22.1", 4000), run("1.28.1", 5003)], device: device).partings
        XCTAssertEqual(partings.first??.index, 4000)
    }
}
