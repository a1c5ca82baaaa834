import Foundation
import LibinputEvents
import Replays
import KernelEmulation
import Recordings
import XCTest
import TestSupport

/// The virtual clock: libinput's timers fire at the instants libinput computed, whatever the
/// load. (That every recording replays the same every time, timestamps included, BehaviourTests
/// checks against the recorded baseline; a libinput side that dies or wedges, SignalTests.)
final class VirtualClockTests: XCTestCase {
    /// The recording whose hold raced the next frame in real time: its timestamps put libinput's
    /// hold timer (two fingers: 40 ms) before the next frame, so the hold begins, every time,
    /// even beside another process that keeps a CPU busy.
    func testTheRacingRecordingGivesTheSameHoldUnderLoad() throws {
        let path = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        ).path
        let load = try Running(["/bin/sh", "-c", "while :; do :; done"])
        defer { load.kill() }
        let first = runCommand(["replay", "--json", path])
        XCTAssertEqual(first.status, 0, first.stderr)
        let events = lines(first.stdout)
        let begin = try XCTUnwrap(events.first { $0["type"] as? String == "GESTURE_HOLD_BEGIN" }, "no hold")
        let added = try XCTUnwrap(events.first?["timeUs"] as? Int)
        let twoFingers = try XCTUnwrap(
            try firstFrame(path, where: { $0.contains { $0.type == Evdev.EV_KEY && $0.code == 333 && $0.value == 1 } }))
        XCTAssertEqual(begin["timeUs"] as? Int, added + leadIn + Int(twoFingers) + 40_000)
        for run in 1..<20 {
            let again = runCommand(["replay", "--json", path])
            XCTAssertEqual(again.stdout, first.stdout, "run \(run) differs")
        }
    }

    /// A two-finger hold of 600 ms: libinput's quick hold timer (40 ms for one or two fingers)
    /// fires at its instant, and the hold ends with the lift; four fingers wait 180 ms.
    func testHoldsBeginAndEndWhereLibinputsTimeoutsSay() throws {
        let desc = Fixtures.root.appendingPathComponent(
            "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
        ).path
        let hold = temporaryPath("hold.yml")
        defer { try? FileManager.default.removeItem(atPath: hold) }
        let synth = runCommand(["synthesize", "-e", "hold fingers=2 duration=600ms", "--desc", desc, "-o", hold])
        XCTAssertEqual(synth.status, 0, synth.stderr)
        for (path, timeout) in [
            (hold, 40_000), (Fixtures.synthesized.appendingPathComponent("four-finger-hold.yml").path, 180_000),
        ] {
            let recording = try RecordingLoader.load(path)
            let down = try XCTUnwrap(recording.frames.first).time, lift = try XCTUnwrap(recording.frames.last).time
            let (events, report) = try replay(path)
            let added = try XCTUnwrap(events.first?["timeUs"] as? Int)
            let begin = try XCTUnwrap(
                events.first { $0["type"] as? String == "GESTURE_HOLD_BEGIN" }, "\(path): no hold")
            let end = try XCTUnwrap(events.first { $0["type"] as? String == "GESTURE_HOLD_END" })
            XCTAssertEqual(begin["timeUs"] as? Int, added + leadIn + Int(down) + timeout, path)
            XCTAssertEqual(end["timeUs"] as? Int, added + leadIn + Int(lift), path)
            XCTAssertEqual(end["cancelled"] as? Bool, false)
            XCTAssertTrue(
                report.timerInstants.contains(Int64(down) + Int64(timeout)),
                "\(path): timers at \(report.timerInstants)")
        }
    }

    /// With tap-to-click, the button of a one-finger tap is released when libinput's tap timer
    /// (180 ms after the lift) fires; the clock stops at that instant.
    func testTheTapTimerFiresAtItsInstant() throws {
        let path = Fixtures.evemu.appendingPathComponent("touchpads_AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.tap.events")
            .path
        let lift = try XCTUnwrap(
            try firstFrame(path, where: { $0.contains { $0.type == Evdev.EV_KEY && $0.code == 325 && $0.value == 0 } }))
        let (events, report) = try replay(path, tap: true)
        let buttons = events.filter { $0["type"] as? String == "POINTER_BUTTON" }
        XCTAssertEqual(buttons.compactMap { $0["state"] as? String }, ["pressed", "released"], "\(events)")
        XCTAssertTrue(
            report.timerInstants.contains(Int64(lift) + 180_000), "timers at \(report.timerInstants), lift at \(lift)")
    }

    private let leadIn =
        Int(ReplayTiming.libinputSide.leadIn.components.attoseconds / 1_000_000_000_000)
        + Int(ReplayTiming.libinputSide.leadIn.components.seconds) * 1_000_000

    private func lines(_ text: String) -> [[String: Any]] {
        (try? jsonLines(text)) ?? []
    }

    /// The time of the recording's first frame with an event `matching`, as delivered.
    private func firstFrame(_ path: String, where matching: ([EvdevEvent]) -> Bool) throws -> UInt64? {
        let recording = try RecordingLoader.load(path)
        var filter = InputCoreFilter(device: recording.device)
        var passed: [EvdevEvent] = []
        for frame in recording.frames {
            passed.removeAll()
            filter.pass(frame.events, into: &passed)
            if matching(passed) { return frame.time }
        }
        return nil
    }

    /// Replays `path` with the replay library in this process: its events in their JSON form.
    private func replay(_ path: String, tap: Bool = false) throws -> ([[String: Any]], ReplayReport) {
        var options = ReplayOptions()
        options.configuration.tapToClick = tap
        let replay = try Replay(.file(path), options: options)
        XCTAssertEqual(replay.report.exitStatus, 0)
        XCTAssertEqual(replay.report.clock, .virtual)
        let encoder = JSONEncoder()
        return (
            try replay.events.map {
                try XCTUnwrap(JSONSerialization.jsonObject(with: try encoder.encode($0)) as? [String: Any])
            }, replay.report
        )
    }
}
