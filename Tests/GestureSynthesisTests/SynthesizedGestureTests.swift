import Foundation
import XCTest
import TestSupport

/// Scripts synthesized on modern multitouch descriptions come out of real libinput as the gesture
/// they describe: type and finger count, final scale within 5 % and angle within 5° of the request.
final class SynthesizedGestureTests: XCTestCase {
    struct Expectation {
        var script: String
        var type: String
        var fingers: Int
        var scale: Double?
        var angle: Double?
        /// Whether the centre libinput measures stays put: its gesture deltas add up to nothing.
        var still = false
    }

    static let expectations = [
        Expectation(script: "pinch scale=2", type: "GESTURE_PINCH", fingers: 2, scale: 2, angle: 0, still: true),
        // Of three fingers libinput follows the topmost and the bottommost, the two either side of the centre.
        Expectation(
            script: "pinch scale=2 fingers=3", type: "GESTURE_PINCH", fingers: 3, scale: 2, angle: 0, still: true),
        Expectation(
            script: "rotate angle=60deg fingers=3", type: "GESTURE_PINCH", fingers: 3, scale: 1, angle: 60,
            still: true),
        Expectation(script: "pinch scale=0.6 separation=40mm", type: "GESTURE_PINCH", fingers: 2, scale: 0.6, angle: 0),
        Expectation(script: "rotate angle=90deg", type: "GESTURE_PINCH", fingers: 2, scale: 1, angle: 90),
        Expectation(
            script: "rotate angle=-45deg duration=300ms", type: "GESTURE_PINCH", fingers: 2, scale: 1, angle: -45),
        // A whole turn: its lead-in starts just before the start, not a turn back.
        Expectation(script: "rotate angle=360deg duration=1s", type: "GESTURE_PINCH", fingers: 2, scale: 1, angle: 360),
        // Ten turns in the least time synthesize takes for them: under 180° a frame.
        Expectation(
            script: "rotate angle=3600deg duration=164ms", type: "GESTURE_PINCH", fingers: 2, scale: 1, angle: 3600),
        Expectation(
            script: "pinch scale=1.5 angle=30deg at=top-left", type: "GESTURE_PINCH", fingers: 2, scale: 1.5,
            angle: 30),
        Expectation(
            script: "set jitter=0.05mm seed=3; pinch scale=1.7 angle=-20deg duration=700ms", type: "GESTURE_PINCH",
            fingers: 2, scale: 1.7, angle: -20),
        // Drifting sideways, one finger moves a sixth as fast as the other: each leads in at its own pace.
        Expectation(
            script: "pinch scale=1.5 dx=5mm duration=800ms", type: "GESTURE_PINCH", fingers: 2, scale: 1.5, angle: 0),
        Expectation(script: "scroll fingers=2 dy=-30mm", type: "POINTER_SCROLL_FINGER", fingers: 2),
        Expectation(script: "swipe fingers=3 direction=left distance=40mm", type: "GESTURE_SWIPE", fingers: 3),
        Expectation(script: "swipe fingers=4 direction=up distance=25mm", type: "GESTURE_SWIPE", fingers: 4),
        Expectation(script: "hold fingers=3 duration=500ms", type: "GESTURE_HOLD", fingers: 3),
        Expectation(script: "hold fingers=4 duration=500ms", type: "GESTURE_HOLD", fingers: 4),
    ]

    func testScriptsBecomeTheMatchingLibinputGesture() throws {
        let devices = Fixtures.root.appendingPathComponent("Tests/Fixtures/devices")
        for name in [
            "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc", "touchpads_Logitech_Rechargeable_Touchpad_T650.desc",
        ] {
            let desc = devices.appendingPathComponent(name).path
            var files: [String] = []
            defer { files.forEach { try? FileManager.default.removeItem(atPath: $0) } }
            for (i, e) in Self.expectations.enumerated() {
                let file = temporaryPath("\(i).yml")
                files.append(file)
                let made = runCommand(["synthesize", "-e", e.script, "--desc", desc, "-o", file])
                XCTAssertEqual(made.status, 0, "\(e.script): \(made.stderr)")
            }
            for (e, result) in zip(Self.expectations, runCommands(files.map { ["replay", "--json", $0] })) {
                XCTAssertEqual(result.status, 0, result.stderr)
                let events = try jsonLines(result.stdout)
                check(e, events, on: name)
            }
        }
    }

    /// A pinch of three fingers on a horizontal axis: libinput's topmost and bottommost are not the
    /// two either side of the centre, and the note that says so is borne out by libinput reporting
    /// the centre moving; on the default, vertical, axis there is no note (and no drift, above).
    func testAThreeFingerPinchOffTheVerticalIsSaidToDrift() throws {
        let desc = Fixtures.root.appendingPathComponent(
            "Tests/Fixtures/devices/touchpads_Logitech_Rechargeable_Touchpad_T650.desc"
        ).path
        let file = temporaryPath("three-finger-pinch.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for (script, drifts) in [("pinch scale=2 fingers=3 axis=0", true), ("pinch scale=2 fingers=3", false)] {
            let made = runCommand(["synthesize", "-e", script, "--desc", desc, "-o", file])
            XCTAssertEqual(made.status, 0, made.stderr)
            XCTAssertEqual(made.stderr.contains("libinput follows only the topmost and the bottommost"), drifts, script)
            let events = try jsonLines(runCommand(["replay", "--json", file]).stdout)
            let moved = events.filter { $0["type"] as? String == "GESTURE_PINCH_UPDATE" }
                .compactMap { $0["dxUnaccelerated"] as? Double }.reduce(0, +)
            XCTAssertEqual(abs(moved) > 10, drifts, "\(script): the centre moved \(moved)")
        }
    }

    /// A finger pressing past libinput's palm threshold, or broader than a quirk's palm size, moves
    /// no pointer, and explain says which rule set it aside; the same move as a finger moves it.
    func testAPressingOrBroadFingerIsAPalm() throws {
        let desc = Fixtures.root.appendingPathComponent(
            "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
        ).path
        let quirks = temporaryPath("size.quirks")
        try "[Palms by size]\nMatchUdevType=touchpad\nAttrPalmSizeThreshold=500\n".write(
            toFile: quirks, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: quirks) }
        let cases: [(script: String, palm: String?)] = [
            ("move dx=20mm", nil), ("move dx=20mm pressure=150", "pressure"), ("move dx=20mm size=20mm", "touch size"),
        ]
        for (i, c) in cases.enumerated() {
            let file = temporaryPath("palm-\(i).yml")
            defer { try? FileManager.default.removeItem(atPath: file) }
            let made = runCommand(["synthesize", "-e", c.script, "--desc", desc, "-o", file])
            XCTAssertEqual(made.status, 0, "\(c.script): \(made.stderr)")
            let explained = runCommand(["explain", "--json", "--quirks", quirks, file])
            XCTAssertEqual(explained.status, 0, explained.stderr)
            let conclusions = try jsonLines(explained.stdout).compactMap { $0["conclusion"] as? String }
            XCTAssertEqual(conclusions.count, 1, "\(c.script): \(conclusions)")
            let replayed = runCommand(["replay", "--json", "--quirks", quirks, file])
            let motions = try jsonLines(replayed.stdout).filter { $0["type"] as? String == "POINTER_MOTION" }
            if let palm = c.palm {
                XCTAssertEqual(motions.count, 0, c.script)
                XCTAssertTrue(conclusions[0].contains("as a palm (\(palm))"), "\(c.script): \(conclusions)")
            } else {
                XCTAssertGreaterThan(motions.count, 10, c.script)
                XCTAssertFalse(conclusions[0].contains("palm"), "\(c.script): \(conclusions)")
            }
        }
    }

    /// A finger resting beside a moving one: libinput takes the two for a scroll (one moved past
    /// 4 mm while the other rested); pressing as a palm, the resting one is set aside and the
    /// other moves the pointer.
    func testARestingFingerBesideAMovingOne() throws {
        let desc = Fixtures.root.appendingPathComponent(
            "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
        ).path
        for (rest, made) in [
            ("rest at=25%,50%", "POINTER_SCROLL_FINGER"), ("rest at=25%,50% pressure=150", "POINTER_MOTION"),
        ] {
            let file = temporaryPath("resting.yml")
            defer { try? FileManager.default.removeItem(atPath: file) }
            let synthesized = runCommand(["synthesize", "-e", "\(rest); move dx=20mm", "--desc", desc, "-o", file])
            XCTAssertEqual(synthesized.status, 0, synthesized.stderr)
            let replayed = runCommand(["replay", "--json", file])
            let types = try jsonLines(replayed.stdout).compactMap { $0["type"] as? String }
            XCTAssertGreaterThan(types.filter { $0 == made }.count, 10, "\(rest): \(Set(types))")
            XCTAssertFalse(types.contains(made == "POINTER_MOTION" ? "POINTER_SCROLL_FINGER" : "POINTER_MOTION"), rest)
        }
    }

    /// `--verify` replays what it wrote through libinput and says of each statement libinput
    /// made another gesture of what each made: a pinch too small for libinput's threshold holds,
    /// then scrolls; a tap with tapping off holds. The statements libinput made as asked are said
    /// nothing of, a pinch drifting sideways among them (its fingers part before they drift).
    func testVerifySaysWhatLibinputMadeOtherwise() throws {
        let desc = Fixtures.root.appendingPathComponent(
            "Tests/Fixtures/devices/touchpads_Logitech_Rechargeable_Touchpad_T650.desc"
        ).path
        let file = temporaryPath("verified.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let lines = [
            "pinch scale=2", "scroll dy=20mm", "pinch scale=1.05", "swipe fingers=3 distance=30mm", "tap",
            "rotate angle=90deg", "hold fingers=2", "pinch scale=1.5 dx=10mm",
        ]
        let made = runCommand(["synthesize", "--verify", "--desc", desc, "-o", file] + lines.flatMap { ["-e", $0] })
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(
            made.stderr.split(separator: "\n").filter { $0.hasPrefix("touchsynth: warning: -e: ") },
            [
                "touchsynth: warning: -e: line 3 asked a 2-finger pinch ×1.05; libinput made a 2-finger "
                    + "hold (cancelled), two-finger scrolling",
                "touchsynth: warning: -e: line 5 asked a tap (a button press); libinput made a 1-finger hold "
                    + "(libinput taps only with tapping on, and it was off: --enable-tap turns it on)",
            ])
        let replayed = try jsonLines(runCommand(["replay", "--json", file]).stdout)
        XCTAssertTrue(replayed.contains { $0["type"] as? String == "POINTER_SCROLL_FINGER" })
        // The device settings are --verify's replay's: with tapping on, the tap is one.
        let tapping = runCommand(["synthesize", "--verify", "--enable-tap", "--desc", desc, "-o", file, "-e", "tap"])
        XCTAssertEqual(tapping.status, 0, tapping.stderr)
        XCTAssertFalse(tapping.stderr.contains("asked"), tapping.stderr)
        let unverified = runCommand(["synthesize", "--enable-tap", "--desc", desc, "-o", file, "-e", "tap"])
        XCTAssertEqual(unverified.status, 64, unverified.stderr)
        XCTAssertTrue(unverified.stderr.contains("a device setting is for --verify's replay"), unverified.stderr)
    }

    /// At a low frame rate the pinch's lead-in is one frame, not three: three at 10 Hz took 300 ms,
    /// past libinput's 40 ms hold timer, and the pinch came out a hold and a scroll.
    func testAPinchAtALowFrameRateIsStillAPinch() throws {
        let desc = Fixtures.root.appendingPathComponent(
            "Tests/Fixtures/devices/touchpads_Logitech_Rechargeable_Touchpad_T650.desc"
        ).path
        let file = temporaryPath("low-rate.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for rate in ["10Hz", "30Hz", "125Hz"] {
            let made = runCommand(
                ["synthesize", "--verify", "-e", "set rate=\(rate)", "-e", "pinch scale=2", "--desc", desc, "-o", file])
            XCTAssertEqual(made.status, 0, made.stderr)
            XCTAssertFalse(made.stderr.contains("asked"), "\(rate): \(made.stderr)")
        }
    }

    /// `--libinput` verifies on that version: a quick rotation whole on 1.22.1 loses its first
    /// update's angle from 1.28 on (the pinch's first update is not sent), and only that replay
    /// says so.
    func testVerifyRunsOnTheLibinputAsked() throws {
        _ = try libinputBuilds(["1.31.3"])
        let desc = Fixtures.root.appendingPathComponent(
            "Tests/Fixtures/devices/touchpads_Logitech_Rechargeable_Touchpad_T650.desc"
        ).path
        let file = temporaryPath("verified-on.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let script = ["-e", "rotate angle=90deg duration=50ms", "--desc", desc, "-o", file]
        let system = runCommand(["synthesize", "--verify"] + script)
        XCTAssertEqual(system.status, 0, system.stderr)
        XCTAssertFalse(system.stderr.contains("asked"), system.stderr)
        let newer = runCommand(["synthesize", "--verify", "--libinput", "1.31.3"] + script)
        XCTAssertEqual(newer.status, 0, newer.stderr)
        XCTAssertTrue(newer.stderr.contains("asked a 2-finger rotation of 90.0°"), newer.stderr)
        let unverified = runCommand(["synthesize", "--libinput", "1.31.3"] + script)
        XCTAssertEqual(unverified.status, 64, unverified.stderr)
        XCTAssertTrue(unverified.stderr.contains("--libinput is for --verify's replay"), unverified.stderr)
    }

    func check(_ e: Expectation, _ events: [[String: Any]], on device: String) {
        let what = "\(device): \(e.script)"
        let types = events.compactMap { $0["type"] as? String }
        // A hold that turns into the gesture (cancelled) is libinput's normal start; nothing else may appear.
        let gestures = events.filter { ($0["type"] as? String)?.hasPrefix("GESTURE") == true }
            .filter { !($0["type"] as? String == "GESTURE_HOLD_BEGIN" && e.type != "GESTURE_HOLD") }
            .filter {
                !($0["type"] as? String == "GESTURE_HOLD_END" && ($0["cancelled"] as? Bool) == true
                    && e.type != "GESTURE_HOLD")
            }
        if e.type == "POINTER_SCROLL_FINGER" {
            XCTAssertGreaterThan(types.filter { $0 == e.type }.count, 10, what)
            XCTAssertEqual(gestures.count, 0, "\(what): \(gestures)")
            return
        }
        XCTAssertEqual(gestures.first?["type"] as? String, e.type + "_BEGIN", what)
        XCTAssertEqual(gestures.last?["type"] as? String, e.type + "_END", what)
        XCTAssertEqual(gestures.last?["cancelled"] as? Bool, false, what)
        XCTAssertEqual(Set(gestures.compactMap { $0["type"] as? String }).filter { !$0.hasPrefix(e.type) }, [], what)
        XCTAssertEqual(Set(gestures.compactMap { $0["fingers"] as? Int }), [e.fingers], what)
        if let scale = e.scale {
            let final = gestures.compactMap { $0["scale"] as? Double }.last ?? 0
            XCTAssertEqual(final, scale, accuracy: scale * 0.05, "\(what): final scale")
        }
        if let angle = e.angle {
            let total = gestures.compactMap { $0["angleDeltaDeg"] as? Double }.reduce(0, +)
            XCTAssertEqual(total, angle, accuracy: 5, "\(what): accumulated angle")
        }
        if e.still {
            for axis in ["dxUnaccelerated", "dyUnaccelerated"] {
                let total = gestures.compactMap { $0[axis] as? Double }.reduce(0, +)
                XCTAssertEqual(total, 0, accuracy: 1, "\(what): the centre moved \(total) in \(axis)")
            }
        }
    }
}
