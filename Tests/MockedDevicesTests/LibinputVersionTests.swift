import AppEvents
import Diffs
import Foundation
import Gestures
import LibinputDecisions
import LibinputEventText
import LibinputEvents
import Recordings
import Replays
import ModeComparison
import Quirks
import Report
import SurfaceDescriptions
import Synchronization
import XCTest
import TestSupport

/// Recordings replayed on other libinput versions, built from Debian's source packages by
/// tools/build-libinput (tools/test builds them first): every recording plays on each, the
/// replay stays deterministic, and `compare --libinput` reports what the replays show. (An
/// unknown version, and the script interrupted: EndToEndTests.)
final class LibinputVersionTests: XCTestCase {
    /// The system's libinput (Debian 12), Debian 13's, and the newest Debian offers.
    static let versions = ["1.22.1", "1.28.1", "1.31.3"]

    /// Every bundled and synthesized recording replayed on each version, two at a time: the
    /// events of each, by version, in the order of ``Fixtures/recordings``.
    nonisolated(unsafe) private static var replays: [String: [[LibinputEvent]]]?

    private func replayEverything() throws -> [String: [[LibinputEvent]]] {
        if let replays = Self.replays { return replays }
        var replays: [String: [[LibinputEvent]]] = [:]
        let urls = Fixtures.recordings
        for build in try libinputBuilds(Self.versions) {
            let options = {
                var options = ReplayOptions(); options.libinput = build; return options
            }()
            let results = Mutex([Result<[LibinputEvent], HarnessError>?](repeating: nil, count: urls.count))
            DispatchQueue.concurrentPerform(iterations: urls.count) { index in
                let result = Result { () throws(HarnessError) in
                    try Replay(.file(urls[index].path), options: options).events
                }
                results.withLock { $0[index] = result }
            }
            replays[build.version] = try results.withLock { $0 }.map { try XCTUnwrap($0).get() }
        }
        Self.replays = replays
        return replays
    }

    func testEveryRecordingReplaysOnEveryVersionWhichItsDeviceAddedNames() throws {
        let replays = try replayEverything()
        for version in Self.versions {
            for (url, events) in zip(Fixtures.recordings, try XCTUnwrap(replays[version])) {
                guard case .deviceAdded(let info) = events.first?.kind else {
                    XCTFail("\(url.lastPathComponent) on \(version): no DEVICE_ADDED first")
                    continue
                }
                XCTAssertEqual(info.libinputVersion, version, url.lastPathComponent)
            }
        }
    }

    /// The table of differences, computed here from the replays above, is what `compare
    /// --libinput` prints; and the versions do part on these recordings.
    func testCompareAcrossVersionsReportsWhatTheReplaysShow() throws {
        let replays = try replayEverything()
        let urls = Fixtures.recordings
        var expected = ""
        var parted = 0
        for (index, url) in urls.enumerated() {
            let device = try RecordingLoader.load(url.path).device
            let runs = try Self.versions.map { version in
                let events = try XCTUnwrap(replays[version])[index]
                return VersionComparison.Run(
                    version: version, events: events,
                    report: ModePipeline.run(events) { Surface.builtIn(.default) }.comparison,
                    quirks: LibinputQuirks.load(
                        for: device, directory: try libinputBuilds([version])[0].quirksDirectory))
            }
            let versions = VersionComparison(runs: runs, device: device)
            if !versions.allSame { parted += 1 }
            for parting in versions.partings.compactMap({ $0 }) {
                XCTAssertFalse(parting.changes.isEmpty, "\(url.lastPathComponent): a known change gives \(parting)")
            }
            expected += "== \(url.path)\n" + versions.renderTable() + "\n"
        }
        print(expected)
        let result = runCommand(["compare", "--libinput", Self.versions.joined(separator: ",")] + urls.map(\.path))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, expected)
        XCTAssertGreaterThan(parted, 0, "the versions part somewhere on the corpus")
    }

    /// The changes docs/libinput-versions.md explains, each on a recording that shows it.
    func testTheExplainedDifferencesAreThere() throws {
        let replays = try replayEverything()
        func events(_ name: String, _ version: String) throws -> [LibinputEvent] {
            let index = try XCTUnwrap(Fixtures.recordings.firstIndex { $0.lastPathComponent == name }, name)
            return try XCTUnwrap(replays[version])[index]
        }
        func count(_ events: [LibinputEvent], _ type: String) -> Int { events.filter { $0.typeName == type }.count }
        // A pinch's first update, sent with the begin by 1.22.1, is not sent by later versions.
        let pinch = try events("pinch-in.yml", "1.22.1"), laterPinch = try events("pinch-in.yml", "1.28.1")
        XCTAssertEqual(count(pinch, "GESTURE_PINCH_UPDATE"), count(laterPinch, "GESTURE_PINCH_UPDATE") + 1)
        XCTAssertEqual(ReportedGesture.sequence(of: pinch), ReportedGesture.sequence(of: laterPinch))

        // The simpler speed curve: the same unaccelerated motion, accelerated 0.99913 times as much.
        let scroll = "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-vertical.events"
        func motions(_ version: String) throws -> [UInt64: (dx: Double, ux: Double)] {
            var byTime: [UInt64: (dx: Double, ux: Double)] = [:]
            for e in try events(scroll, version) {
                if case .pointerMotion(let dx, _, let ux, _) = e.kind, ux != 0 { byTime[e.time] = (dx, ux) }
            }
            return byTime
        }
        let old = try motions("1.22.1"), new = try motions("1.31.3")
        let ratios = old.compactMap { time, o in new[time].flatMap { $0.ux == o.ux ? $0.dx / o.dx : nil } }
        XCTAssertGreaterThan(ratios.count, 20)
        for ratio in ratios { XCTAssertEqual(ratio, 1 / 1.000875, accuracy: 1e-5) }

        // Apple's touchpads scroll naturally from 1.24; mtdev as a plugin (1.29) makes the
        // protocol-A bcm5974 a one-finger pad: holds, and no two-finger scroll.
        let apple = "touchpads_bcm5974.three-finger-click.events"
        func scrolls(_ version: String) throws -> [UInt64: Double] {
            var byTime: [UInt64: Double] = [:]
            for e in try events(apple, version) {
                if case .pointerScroll(let s) = e.kind, let h = s.horizontal, h != 0 { byTime[e.time] = h }
            }
            return byTime
        }
        let before = try scrolls("1.22.1"), after = try scrolls("1.28.1")
        XCTAssertTrue(
            before.contains { time, h in after[time].map { $0 == -h } ?? false },
            "a scroll reversed: \(before) \(after)")
        let plugin = ReportedGesture.sequence(of: try events(apple, "1.31.3")).map(\.description)
        XCTAssertTrue(plugin.contains("hold 1") && !plugin.contains("scroll finger"), "\(plugin)")
        XCTAssertTrue(ReportedGesture.sequence(of: try events(apple, "1.28.1")).contains(.scroll(.finger)))
    }

    /// Each parting between consecutive versions names the change that gives it, from the events
    /// and the device: the dropped first update, the speed curve where the unaccelerated motion
    /// is the same, mtdev as a plugin on a pad without slots, natural scrolling on Apple's pad.
    func testEachPartingNamesTheChangeThatGivesIt() throws {
        let replays = try replayEverything()
        func partings(_ name: String) throws -> [VersionParting?] {
            let index = try XCTUnwrap(Fixtures.recordings.firstIndex { $0.lastPathComponent == name }, name)
            let device = try RecordingLoader.load(Fixtures.recordings[index].path).device
            let runs = try Self.versions.map { version in
                VersionComparison.Run(
                    version: version, events: try XCTUnwrap(replays[version])[index],
                    report: ComparisonReport(compat: [], indirect: []),
                    quirks: LibinputQuirks.load(
                        for: device, directory: try libinputBuilds([version])[0].quirksDirectory))
            }
            return VersionComparison(runs: runs, device: device).partings
        }
        func changes(_ name: String) throws -> [[LibinputChange]] { try partings(name).map { $0?.changes ?? [] } }
        func further(_ name: String) throws -> [[LibinputChange?]] {
            try partings(name).map { $0?.further.map(\.change) ?? [] }
        }
        XCTAssertEqual(try changes("pinch-in.yml"), [[.firstUpdateNotSent], []])
        XCTAssertEqual(
            try changes("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-vertical.events"),
            [[.speedFactor], []])
        XCTAssertEqual(try changes("touchpads_bcm5974.three-finger-click.events"), [[.speedFactor], [.mtdevPlugin]])
        // One motion 0.09 % slower on 1.28.1, which two decimals would show as the same.
        XCTAssertEqual(try changes("touchpads_AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.tap.events").first, [.speedFactor])
        // 1.28.1 loses the ALPS pad's first scroll event (c3aa00ef, 1.27.1: 68a2ff0d drops only a
        // pinch's), and the rest come one unit wider: the parting is the lost event, not the next
        // one taken for it.
        XCTAssertEqual(
            try changes("touchpads_AlpsPS2_ALPS_GlidePoint.2-finger-tap.events").first, [.firstScrollSwipeUpdateNotSent]
        )
        // The differences after the first give the upgrade's other reasons, each once.
        XCTAssertEqual(
            try further("touchpads_AlpsPS2_ALPS_GlidePoint.2-finger-tap.events").first, [.widerWithoutResolution])
        XCTAssertEqual(
            try further("touchpads_bcm5974.three-finger-click.events").first,
            [.firstScrollSwipeUpdateNotSent, .appleNaturalScroll])
        XCTAssertEqual(
            try further("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-vertical.events"), [[], []])
        // Without its first event the scroll's axis lock keeps an axis 1.22.1 dropped (c3aa00ef too).
        XCTAssertEqual(
            try further("touchpads_CyPS2_Cypress_Trackpad.three_finger_press.events").first, [.scrollAxisLockUnseeded])
        XCTAssertEqual(
            try further("session.yml").first,
            [.firstUpdateNotSent, .speedFactor, .scrollAxisLockUnseeded])
    }

    /// A clickpad's release while the finger moves: from 1.27.0 (68a2ff0d) it cancels the motion
    /// under way, and the frame's motion is not sent; the motion after it, accelerated without it,
    /// is that change's too, and no difference is left unknown.
    func testAMotionLostAtAClickpadsReleaseIsTheReleaseCancellingIt() throws {
        let path = Fixtures.directory.appendingPathComponent("excerpts/synaptics-clickpad.click-and-move.yml").path
        let device = try RecordingLoader.load(path).device
        let runs = try libinputBuilds(["1.22.1", "1.31.3"]).map { build in
            var options = ReplayOptions()
            options.libinput = build
            return (build.version, try Replay(.file(path), options: options).events)
        }
        let quirks = LibinputQuirks.load(for: device, directory: try libinputBuilds(["1.31.3"])[0].quirksDirectory)
        let parting = try XCTUnwrap(
            VersionParting.between(runs[0], runs[1], device: device, quirks: quirks, tapping: false))
        XCTAssertEqual(parting.changes, [.speedFactor])
        XCTAssertEqual(parting.further.map(\.change), [.buttonCancelsMotion], "\(parting.lines())")
    }

    /// A version's findings are handed over once its replay is through: a later version that fails
    /// loses none of an earlier one's (here, a pinch whose end libinput's stream never gave).
    func testAVersionThatFailsLosesNoneOfAnEarlierOnesFindings() throws {
        struct Unplayable: Error {}
        let path = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let events = try Replay(.file(path)).events
        let cut = Array(events.prefix { if case .gesturePinchEnd = $0.kind { false } else { true } })
        XCTAssertLessThan(cut.count, events.count, "the replay has a pinch to cut")
        var found: [VersionComparison.Findings] = []
        XCTAssertThrowsError(
            try VersionComparison.run(
                RecordingLoader.load(path), versions: ["1.22.1", "1.28.1"],
                configuration: AppEventTranslator.Configuration(), deviceConfiguration: DeviceConfiguration(),
                options: .init(checksInvariants: true), makeSurface: { Surface.builtIn(.default) },
                replay: { index in
                    guard index == 0 else { throw Unplayable() }
                    return cut
                },
                quirks: { _ in LibinputQuirks() }, found: { found.append($0) })
        ) { XCTAssertTrue($0 is Unplayable, "\($0)") }
        XCTAssertEqual(found.map(\.version), ["1.22.1"])
        XCTAssertEqual(found.first?.violationCount, 0)
        XCTAssertFalse(
            found.first?.checkLines.filter { $0.hasPrefix("libinput 1.22.1: note: ") }.isEmpty ?? true, "\(found)")
    }

    /// The virtual clock's promise holds on every version: the output is the same every time,
    /// on the recording whose hold timer races its frames.
    func testReplaysAreDeterministicOnEveryVersion() throws {
        let racing = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        ).path
        for build in try libinputBuilds(Self.versions) {
            let outputs = runCommands(
                Array(
                    repeating: ["replay", "--json", "--libinput", build.version, racing],
                    count: 6))
            XCTAssertTrue(outputs.allSatisfy { $0.status == 0 }, "libinput \(build.version): \(outputs.map(\.stderr))")
            XCTAssertEqual(Set(outputs.map(\.stdout)).count, 1, "libinput \(build.version): six replays, one output")
        }
    }

    /// `--fail-on-diff` on several versions that agree still fails on a difference between the
    /// modes, as on one version: the horizontal scroll sets off the list's swipe actions in
    /// compatibility mode alone on both.
    func testFailOnDiffCatchesTheModesDifferenceOnSeveralVersions() throws {
        let scroll = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        ).path
        _ = try libinputBuilds(["1.28.1", "1.31.3"])
        let agreeing = runCommand(["compare", "--libinput", "1.28.1,1.31.3", scroll])
        XCTAssertEqual(agreeing.status, 0, agreeing.stderr)
        // The count is of the events compared, which the line names, as replay's lines are every event.
        let replayed = runCommand(["replay", "--libinput", "1.31.3", scroll])
        let lines = replayed.stdout.split(separator: "\n")
        let compared = lines.filter { !$0.contains("DEVICE_ADDED") && !$0.contains("DEVICE_REMOVED") }.count
        XCTAssertGreaterThan(lines.count, compared)
        XCTAssertTrue(
            agreeing.stdout.contains(
                "1.31.3: the same \(compared) events as 1.28.1 (DEVICE_ADDED and DEVICE_REMOVED aside)"),
            agreeing.stdout)
        let result = runCommand(["compare", "--fail-on-diff", "--libinput", "1.28.1,1.31.3", scroll])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
    }

    func testAMalformedVersionIsAUsageError() throws {
        let result = runCommand(["compare", "--libinput", "1.28.1,latest", "x.yml"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("'latest' is not a version number"), result.stderr)
    }
}
