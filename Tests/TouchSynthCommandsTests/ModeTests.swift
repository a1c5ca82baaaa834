import Foundation
import XCTest
import TestSupport

/// `replay --mode both` on real libinput output: each UIKit mode gets the event types it should.
final class ModeTests: XCTestCase {
    struct Line {
        var libinput: [String: Any]?
        var compat: [[String: Any]]
        var indirect: [[String: Any]]
        var accounting: [String: Any]?
    }

    func replayBoth(_ url: URL, _ extra: [String] = []) throws -> [Line] {
        try lines(of: runCommand(["replay", "--mode", "both", "--json", "--check", url.path] + extra), url)
    }

    /// Every bundled recording replayed once, four at a time, for the tests that look at them all:
    /// a replay gives the same output every time, so one serves them all.
    nonisolated(unsafe) private static var everyRecording: [(URL, Finished)]?

    func replayEveryRecording() throws -> [(URL, [Line])] {
        if Self.everyRecording == nil {
            var finished: [(URL, Finished)] = []
            let urls = Fixtures.recordings
            for batch in stride(from: 0, to: urls.count, by: 4).map({ urls[$0..<min($0 + 4, urls.count)] }) {
                finished += zip(
                    batch,
                    runCommands(
                        batch.map {
                            [
                                "replay", "--mode", "both", "--json", "--check",
                                $0.path,
                            ]
                        })
                )
                .map { ($0, $1) }
            }
            Self.everyRecording = finished
        }
        return try (Self.everyRecording ?? []).map { url, result in (url, try lines(of: result, url)) }
    }

    private func lines(of result: Finished, _ url: URL) throws -> [Line] {
        XCTAssertEqual(result.status, 0, "\(url.lastPathComponent): \(result.stderr)")
        return try jsonLines(result.stdout).map { object in
            Line(
                libinput: object["libinput"] as? [String: Any],
                compat: try XCTUnwrap(object["compat"] as? [[String: Any]]),
                indirect: try XCTUnwrap(object["indirect"] as? [[String: Any]]),
                accounting: object["accounting"] as? [String: Any])
        }
    }

    func types(_ events: [[String: Any]]) -> Set<String> { Set(events.compactMap { $0["type"] as? String }) }
    func touches(_ events: [[String: Any]]) -> [[String: Any]] {
        events.flatMap { ($0["touches"] as? [[String: Any]]) ?? [] }
    }

    func testPinchAndRotationBecomeSimulatedTouchesOrTransforms() throws {
        for name in ["pinch-out.yml", "pinch-in.yml", "rotate-cw.yml", "pinch-rotate.yml"] {
            let lines = try replayBoth(Fixtures.synthesized.appendingPathComponent(name))
            let compat = lines.flatMap(\.compat), indirect = lines.flatMap(\.indirect)
            XCTAssertTrue(types(compat).contains("touches"), name)
            XCTAssertFalse(types(compat).contains("transform"), name)
            XCTAssertTrue(touches(compat).allSatisfy { $0["touchType"] as? String == "direct" }, name)
            XCTAssertEqual(
                Set(touches(compat).filter { $0["simulated"] as? Bool == true }.compactMap { $0["id"] as? Int }).count,
                2, name)
            XCTAssertTrue(types(indirect).contains("transform"), name)
            XCTAssertFalse(touches(indirect).contains { $0["simulated"] as? Bool == true }, name)
            // The indirect transform carries libinput's own numbers.
            let pinchUpdates = lines.filter { $0.libinput?["type"] as? String == "GESTURE_PINCH_UPDATE" }
            let lastScale = try XCTUnwrap(pinchUpdates.last?.libinput?["scale"] as? Double)
            let angle = pinchUpdates.compactMap { $0.libinput?["angleDeltaDeg"] as? Double }.reduce(0, +)
            let lastTransform = try XCTUnwrap(pinchUpdates.last?.indirect.last)
            XCTAssertEqual(
                try XCTUnwrap(lastTransform["scale"] as? Double), lastScale, accuracy: 1e-9 * lastScale, name)
            XCTAssertEqual(try XCTUnwrap(lastTransform["rotation"] as? Double), angle * .pi / 180, accuracy: 1e-9, name)
            // And the simulated touches reproduce them: separation / D is the scale.
            let lastTouches = touches(try XCTUnwrap(pinchUpdates.last?.compat))
            let a = try XCTUnwrap(lastTouches.first?["location"] as? [Double]),
                b = try XCTUnwrap(lastTouches.last?["location"] as? [Double])
            XCTAssertEqual(hypot(b[0] - a[0], b[1] - a[1]) / 100, lastScale, accuracy: 1e-9 * lastScale, name)
        }
    }

    func testTwoFingerScrollIsScrollInBothModes() throws {
        for url in [
            Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events"),
            Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml"),
        ] {
            let lines = try replayBoth(url)
            for mode in [lines.flatMap(\.compat), lines.flatMap(\.indirect)] {
                let scrolls = mode.filter { $0["type"] as? String == "scroll" }
                XCTAssertGreaterThan(scrolls.count, 10, url.lastPathComponent)
                XCTAssertEqual(scrolls.first?["phase"] as? String, "began")
                XCTAssertEqual(scrolls.last?["phase"] as? String, "ended")
                XCTAssertTrue(scrolls.allSatisfy { $0["scrollType"] as? String == "continuous" })
                XCTAssertFalse(types(mode).contains("touches"), "a scroll is no touch in either mode")
                XCTAssertFalse(types(mode).contains("transform"))
            }
        }
    }

    func testThreeFingerSwipeIsASystemGesture() throws {
        let lines = try replayBoth(Fixtures.synthesized.appendingPathComponent("three-finger-swipe.yml"))
        for mode in [lines.flatMap(\.compat), lines.flatMap(\.indirect)] {
            let swipes = mode.filter { $0["type"] as? String == "systemGesture" && $0["kind"] as? String == "swipe" }
            XCTAssertEqual(swipes.first?["fingers"] as? Int, 3)
            XCTAssertEqual(swipes.last?["phase"] as? String, "ended")
            XCTAssertFalse(types(mode).contains("touches"))
        }
    }

    /// The invariant checker (`--check`) passes on every bundled recording in both modes, and
    /// clicks become direct touches in compat mode and indirectPointer touches in indirect mode.
    func testInvariantsHoldOnEveryBundledRecording() throws {
        var pointerTouches = (compat: 0, indirect: 0)
        for (url, lines) in try replayEveryRecording() {
            let compat = touches(lines.flatMap(\.compat)), indirect = touches(lines.flatMap(\.indirect))
            XCTAssertFalse(compat.contains { $0["touchType"] as? String == "indirectPointer" }, url.lastPathComponent)
            XCTAssertFalse(indirect.contains { $0["touchType"] as? String == "direct" }, url.lastPathComponent)
            pointerTouches.compat += compat.filter { $0["simulated"] as? Bool == false }.count
            pointerTouches.indirect += indirect.count
        }
        XCTAssertGreaterThan(pointerTouches.compat, 0, "clicks and hover should appear as touches")
        XCTAssertGreaterThan(pointerTouches.indirect, 0)
    }

    /// Every libinput event is accounted for in each mode: emitted (it has app events on its
    /// line), merged into later events' state, or dropped with a reason; the counts add up.
    func testEveryLibinputEventIsAccountedFor() throws {
        var reasons = Set<String>()
        for (url, lines) in try replayEveryRecording() {
            let name = url.lastPathComponent
            let accounting = try XCTUnwrap(lines.last?.accounting, "\(name): the last line accounts for the stream")
            let events = lines.filter { $0.libinput != nil }
            for (mode, column) in [("compat", \Line.compat), ("indirect", \Line.indirect)] {
                let counts = try XCTUnwrap(accounting[mode] as? [String: Any], "\(name) \(mode)")
                let merged = try XCTUnwrap(counts["merged"] as? [String: Int]),
                    dropped = try XCTUnwrap(counts["dropped"] as? [String: Int])
                let emitted = try XCTUnwrap(counts["emitted"] as? Int)
                XCTAssertEqual(counts["libinputEvents"] as? Int, events.count, "\(name) \(mode)")
                XCTAssertEqual(
                    emitted + merged.values.reduce(0, +) + dropped.values.reduce(0, +), events.count,
                    "\(name) \(mode): the counts add up")
                XCTAssertEqual(
                    emitted, events.filter { !$0[keyPath: column].isEmpty }.count,
                    "\(name) \(mode): emitted = lines with app events")
                reasons.formUnion(dropped.keys)
                reasons.formUnion(merged.keys)
            }
        }
        XCTAssertTrue(reasons.contains("device bookkeeping"), "\(reasons)")
        XCTAssertTrue(reasons.allSatisfy { !$0.isEmpty })
    }

    /// With the pointer locked (the default policy grants it), motion is relative and nothing hovers.
    func testPointerLockTurnsMotionIntoRelativeMotion() throws {
        let url = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events")
        let lines = try replayBoth(url, ["--pointer-lock"])
        for mode in [lines.flatMap(\.compat), lines.flatMap(\.indirect)] {
            XCTAssertEqual(mode.first?["type"] as? String, "pointerLock")
            XCTAssertEqual(mode.first?["isLocked"] as? Bool, true)
            XCTAssertGreaterThan(mode.filter { $0["type"] as? String == "relativeMotion" }.count, 50)
            XCTAssertFalse(types(mode).contains("hover"))
        }
        let unlocked = try replayBoth(url)
        XCTAssertTrue(types(unlocked.flatMap(\.indirect)).contains("hover"))
        XCTAssertFalse(types(unlocked.flatMap(\.indirect)).contains("relativeMotion"))
    }

    /// The pointer starts at the centre of the virtual screen and stays on it.
    func testScreenSizeBoundsThePointer() throws {
        let url = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events")
        let hovers = touches(try replayBoth(url, ["--screen", "1024x768"]).flatMap(\.indirect))
        let locations = hovers.compactMap { $0["location"] as? [Double] }
        XCTAssertGreaterThan(locations.count, 50)
        let first = try XCTUnwrap(hovers.first)
        XCTAssertEqual(first["phase"] as? String, "regionEntered")
        // One small motion away from the centre, where the pointer starts.
        let entered = try XCTUnwrap(first["location"] as? [Double])
        XCTAssertLessThan(hypot(entered[0] - 512, entered[1] - 384), 10)
        XCTAssertTrue(locations.allSatisfy { (0...1024).contains($0[0]) && (0...768).contains($0[1]) })
    }
}
