import Foundation
import Recordings
import XCTest
import TestSupport

/// Faults injected through the harness while real libinput follows a pinch: the device unplugged,
/// SYN_DROPPED, a second device (a keyboard) whose modifiers change mid-gesture and which is
/// unplugged with a key held. In every case both modes' streams must pass the invariant checker
/// (`--check` also fails on a touch or transform still live at the end of the stream).
final class FaultInjectionTests: XCTestCase {
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

    /// One output line of `replay --mode both --json`.
    private struct Line {
        var libinput: [String: Any]
        var compat: [[String: Any]]
        var indirect: [[String: Any]]

        var type: String { libinput["type"] as? String ?? "" }
        var device: String { libinput["device"] as? String ?? "" }
    }

    private func replay(_ arguments: [String]) throws -> [Line] {
        let run = runCommand(["replay", pinch, "--mode", "both", "--json", "--check"] + arguments)
        XCTAssertEqual(run.status, 0, "replay \(arguments) failed: \(run.stderr)")
        return try jsonLines(run.stdout).compactMap { object in
            guard let libinput = object["libinput"] as? [String: Any] else { return nil }
            return Line(
                libinput: libinput, compat: object["compat"] as? [[String: Any]] ?? [],
                indirect: object["indirect"] as? [[String: Any]] ?? [])
        }
    }

    /// Phases of the touches in `events` (compat) or of the transforms (indirect).
    private func phases(_ events: [[String: Any]]) -> [String] {
        events.flatMap { event -> [String] in
            if let touches = event["touches"] as? [[String: Any]] {
                return touches.compactMap { $0["phase"] as? String }
            }
            return (event["phase"] as? String).map { [$0] } ?? []
        }
    }

    func testUnpluggedMidPinchEndsTheSimulatedTouchesAndTheTransform() throws {
        let lines = try replay(["--unplug", "0.5"])
        let removed = try XCTUnwrap(
            lines.firstIndex { $0.type == "DEVICE_REMOVED" }, "libinput never reported the removal")
        let before = lines[..<removed]
        XCTAssertTrue(
            before.contains { $0.type == "GESTURE_PINCH_UPDATE" }, "the pinch had not started when the device went")
        // The pinch was live at 0.5 s of its 0.85 s; it must not reach its own end.
        XCTAssertLessThan(
            lines.filter { $0.type == "GESTURE_PINCH_UPDATE" }.count,
            try XCTUnwrap(try? replay([])).filter { $0.type == "GESTURE_PINCH_UPDATE" }.count)
        let lastPinch = try XCTUnwrap(before.last { $0.type.hasPrefix("GESTURE_PINCH") })
        XCTAssertEqual(lastPinch.type, "GESTURE_PINCH_END")
        XCTAssertTrue(Set(phases(lastPinch.compat)).isSubset(of: ["ended", "cancelled"]) && !lastPinch.compat.isEmpty)
        XCTAssertTrue(
            Set(phases(lastPinch.indirect)).isSubset(of: ["ended", "cancelled"]) && !lastPinch.indirect.isEmpty)
        XCTAssertTrue(lines[(removed + 1)...].allSatisfy { $0.compat.isEmpty && $0.indirect.isEmpty })
    }

    /// A removal has no timestamp for libinput to order by, so the harness makes it at its
    /// instant rather than ahead, as it writes frames: libinput's end of the pinch, stamped when
    /// it finds the device gone, comes no sooner after the last frame than the unplug did.
    func testTheUnplugComesAtItsInstantNotAheadLikeFrames() throws {
        let lines = try replay(["--unplug", "0.5"])
        let lastFrame = try XCTUnwrap(try RecordingLoader.load(pinch).frames.last { $0.time < 500_000 })
        let time = { (type: String) in try XCTUnwrap(lines.last { $0.type == type }?.libinput["timeUs"] as? Int, type) }
        // Every frame of this pinch makes an update: the last update is the last frame's.
        XCTAssertGreaterThanOrEqual(
            try time("GESTURE_PINCH_END") - time("GESTURE_PINCH_UPDATE"), 500_000 - Int(lastFrame.time))
    }

    func testSynDroppedMidPinchLosesFramesAndTheStreamsStayValid() throws {
        let intact = try replay([])
        let dropped = try replay(["--syn-dropped", "0.4+100"])
        let updates = { (lines: [Line]) in lines.filter { $0.type == "GESTURE_PINCH_UPDATE" }.count }
        // 100 ms of a 125 Hz recording is about 12 frames, each an update.
        XCTAssertLessThan(updates(dropped), updates(intact) - 8)
        XCTAssertEqual(dropped.last { $0.type.hasPrefix("GESTURE_PINCH") }?.type, "GESTURE_PINCH_END")
    }

    /// Frames lost across the lift: libevdev reads the slots back as the lost frames left them,
    /// so the pinch ends there and both modes' touches end (`--check`); and on the session, whose
    /// next touch begins in a slot the lost frames emptied, libevdev sees no tracking ID twice.
    func testSynDroppedAcrossALiftEndsTheTouchesThere() throws {
        let dropped = try replay(["--syn-dropped", "0.8"])
        XCTAssertEqual(dropped.last { $0.type.hasPrefix("GESTURE_PINCH") }?.type, "GESTURE_PINCH_END")
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let run = runCommand(["replay", "--check", "--mode", "both", session, "--syn-dropped", "0.5"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse(run.stderr.contains("BUG"), run.stderr)
    }

    /// A quirk that takes an axis away (touch major) changes which slots libevdev asks back after
    /// SYN_DROPPED: each answer must be the axis asked for, or the next axes read the taken one's
    /// values and the tracking IDs change under libinput, which ends the pinch and starts another.
    func testSynDroppedWithAnAxisTakenAwayReadsEachAxisBack() throws {
        let quirks = temporaryPath("no-touch-major.quirks")
        defer { try? FileManager.default.removeItem(atPath: quirks) }
        try "[No touch major]\nMatchUdevType=touchpad\nAttrEventCodeDisable=ABS_MT_TOUCH_MAJOR;\n".write(
            toFile: quirks, atomically: true, encoding: .utf8)
        let lines = try replay(["--quirks", quirks, "--syn-dropped", "0.4+100"])
        XCTAssertEqual(lines.filter { $0.type == "GESTURE_PINCH_BEGIN" }.count, 1, "one pinch, across the gap")
        XCTAssertFalse(lines.contains { $0.type.hasPrefix("GESTURE_HOLD") }, "no touches new to libinput")
        let ends = { (lines: [Line]) in lines.last { $0.type == "GESTURE_PINCH_END" }?.libinput["scale"] as? Double }
        XCTAssertEqual(try XCTUnwrap(ends(lines)), try XCTUnwrap(ends(try replay([]))), accuracy: 0.01)
    }

    func testKeyboardModifiersChangingMidPinchReachTheTransformEvents() throws {
        let keyboard = try writeKeyboard(pressShiftAt: 300_000, releaseAt: 600_000)
        defer { try? FileManager.default.removeItem(atPath: keyboard) }
        let lines = try replay(["--with", keyboard])
        XCTAssertEqual(Set(lines.filter { $0.type == "DEVICE_ADDED" }.map(\.device)), ["event10", "event11"])
        XCTAssertEqual(lines.filter { $0.type == "KEYBOARD_KEY" }.count, 2)
        // Indirect transform events carry the seat's modifier flags: none, shift, none again.
        let flags = lines.flatMap { line in
            line.indirect.filter { $0["type"] as? String == "transform" }.compactMap { $0["modifierFlags"] as? Int }
        }
        let runs = flags.reduce(into: [Int]()) { runs, flag in if runs.last != flag { runs.append(flag) } }
        XCTAssertEqual(runs, [0, 1 << 17, 0], "modifier flags over the pinch: \(runs)")
        // In compatibility mode the simulated touches' events carry them too.
        let compatFlags = Set(lines.flatMap { $0.compat.compactMap { $0["modifierFlags"] as? Int } })
        XCTAssertEqual(compatFlags, [0, 1 << 17])
    }

    func testKeyboardUnpluggedWithShiftHeldReleasesTheModifier() throws {
        let keyboard = try writeKeyboard(pressShiftAt: 300_000, releaseAt: nil)
        defer { try? FileManager.default.removeItem(atPath: keyboard) }
        let lines = try replay(["--with", keyboard, "--unplug", "0.5@event11"])
        XCTAssertTrue(lines.contains { $0.type == "DEVICE_REMOVED" && $0.device == "event11" })
        // Its node's path names it too, as --device takes either.
        XCTAssertEqual(try replay(["--with", keyboard, "--unplug", "0.5@/dev/input/event11"]).count, lines.count)
        let removed = try XCTUnwrap(lines.firstIndex { $0.type == "DEVICE_REMOVED" })
        let before = lines[..<removed].flatMap { $0.indirect.compactMap { $0["modifierFlags"] as? Int } }
        XCTAssertTrue(before.contains(1 << 17), "shift never reached the app events")
        let after = lines[(removed + 1)...].flatMap { $0.indirect.compactMap { $0["modifierFlags"] as? Int } }
        XCTAssertFalse(after.isEmpty, "the pinch went on after the keyboard left")
        XCTAssertEqual(Set(after), [0], "shift stayed down after its keyboard was unplugged")
        // The touchpad is untouched by the keyboard's departure: its pinch ends normally.
        XCTAssertEqual(lines.last { $0.type.hasPrefix("GESTURE_PINCH") }?.type, "GESTURE_PINCH_END")
    }

    func testFaultOnADeviceNotInTheTestbedIsRefused() throws {
        let run = runCommand(["replay", pinch, "--unplug", "0.5@event12"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("/dev/input/event12"), run.stderr)
    }

    /// A laptop's built-in keyboard (i8042, as libinput pairs it with the touchpad) pressing left
    /// shift at `pressShiftAt` µs and releasing it at `releaseAt`, written as libinput record YAML.
    private func writeKeyboard(pressShiftAt press: UInt64, releaseAt release: UInt64?) throws -> String {
        let keyLeftShift: UInt16 = 42, mscScan: UInt16 = 4
        let device = DeviceDescription(
            name: "AT Translated Set 2 keyboard", bustype: 0x11, vendor: 0x1, product: 0x1, version: 0xab41,
            codes: [
                Evdev.EV_SYN: [0, 1, 4, 17, 20], Evdev.EV_KEY: Set(1...248), Evdev.EV_MSC: [mscScan],
                Evdev.EV_LED: [0, 1, 2], Evdev.EV_REP: [0, 1],
            ])
        func key(_ value: Int32, at time: UInt64) -> EvdevFrame {
            EvdevFrame(
                time: time,
                events: [
                    EvdevEvent(type: Evdev.EV_MSC, code: mscScan, value: 0x2a),
                    EvdevEvent(type: Evdev.EV_KEY, code: keyLeftShift, value: value),
                    EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0),
                ])
        }
        // Recordings played together start together: an empty frame at 0 aligns the keyboard's
        // clock with the touchpad's.
        var frames = [
            EvdevFrame(time: 0, events: [EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)]),
            key(1, at: press),
        ]
        if let release { frames.append(key(0, at: release)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-keyboard-\(UUID().uuidString).yml"
        ).path
        try LibinputRecordFormat.write(Recording(device: device, frames: frames)).write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
