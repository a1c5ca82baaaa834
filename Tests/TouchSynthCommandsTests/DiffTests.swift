import Foundation
import Recordings
import XCTest
import TestSupport

/// `touchsynth diff` on real harness replays.
final class DiffTests: XCTestCase {
    func testStreamsAreComparedEventByEvent() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func capture(_ name: String, as file: String) throws -> String {
            let result = runCommand(["replay", "--json", Fixtures.synthesized.appendingPathComponent(name).path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let path = dir.appendingPathComponent(file).path
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let first = try capture("pinch-out.yml", as: "a.jsonl"), second = try capture("pinch-out.yml", as: "b.jsonl")
        let other = try capture("pinch-in.yml", as: "c.jsonl")

        let same = runCommand(["diff", first, second])
        XCTAssertEqual(same.status, 0, same.stdout)
        let pinchEvents = try String(contentsOfFile: first, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("\"GESTURE_PINCH")
        }.count
        XCTAssertTrue(
            same.stdout.contains("\(pinchEvents) events expected, \(pinchEvents) actual, 0 differ"), same.stdout)
        // The counts say which events they are of, as replay's lines are all of them.
        XCTAssertTrue(same.stdout.contains("; compared: gestures, scrolls and buttons; --all compares"), same.stdout)
        let all = runCommand(["diff", "--all", first, second]).stdout
        let events = try String(contentsOfFile: first, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("\"type\"") && !$0.contains("\"DEVICE_")
        }.count
        XCTAssertTrue(
            all.contains(
                "\(events) events expected, \(events) actual, 0 differ (devices: ETPS/2 Elantech Touchpad; compared: "
                    + "every event but DEVICE_ADDED and DEVICE_REMOVED)"), all)

        let different = runCommand(["diff", "--json", "--limit", "3", first, other])
        XCTAssertEqual(different.status, 1)
        let lines = Array(different.stdout.split(separator: "\n").dropFirst())
        XCTAssertEqual(lines.count, 4, "a header, then three differences and a summary")
        XCTAssertTrue(lines[0].contains("\"expected\":\"GESTURE_PINCH_UPDATE"), String(lines[0]))

        // One event taken out shows as one missing event, not a shifted stream.
        var text = try String(contentsOfFile: first, encoding: .utf8).split(separator: "\n")
        let index = try XCTUnwrap(text.lastIndex { $0.contains("GESTURE_PINCH_UPDATE") })
        text.remove(at: index)
        let shorter = dir.appendingPathComponent("d.jsonl").path
        try (text.joined(separator: "\n") + "\n").write(toFile: shorter, atomically: true, encoding: .utf8)
        let missing = runCommand(["diff", first, shorter])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("1 differ"), missing.stdout)
        XCTAssertTrue(missing.stdout.contains("actual nothing"), missing.stdout)

        XCTAssertEqual(runCommand(["diff", first, dir.appendingPathComponent("none.jsonl").path]).status, 66)
        let directory = runCommand(["diff", dir.path, dir.path])
        XCTAssertEqual(directory.status, 66, "a directory is not a file, and no trap: \(directory.stderr)")
        let bad = dir.appendingPathComponent("bad.jsonl").path
        try "{\"type\":\"GESTURE_PINCH_UPDATE\"}\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let malformed = runCommand(["diff", first, bad])
        XCTAssertEqual(malformed.status, 65)
        XCTAssertTrue(malformed.stderr.contains("bad.jsonl:1: "), malformed.stderr)

        // Two captures with no device at all are the same; one with devices and one without are not.
        let header = dir.appendingPathComponent("header.jsonl").path
        try (String(contentsOfFile: first, encoding: .utf8).split(separator: "\n")[0] + "\n")
            .write(toFile: header, atomically: true, encoding: .utf8)
        XCTAssertEqual(runCommand(["diff", header, header]).status, 0)
        // An option for the other kind of input is refused, not passed over.
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        for arguments in [
            [first, second, "--as-delivered"], [first, second, "--desc", recording], [recording, recording, "--all"],
        ] {
            let misplaced = runCommand(["diff"] + arguments)
            XCTAssertEqual(misplaced.status, 64, "\(arguments): \(misplaced.stderr)")
            XCTAssertTrue(misplaced.stderr.hasSuffix(" are not\n"), misplaced.stderr)
        }
        let withoutDevices = runCommand(["diff", first, header])
        XCTAssertEqual(withoutDevices.status, 1)
        // The devices only one side has are named: their events were not compared.
        XCTAssertEqual(
            withoutDevices.stdout,
            "nothing compared: the captures share no device, which are matched by name (only expected has ETPS/2 "
                + "Elantech Touchpad)\n")
        // As JSON, the summary says so as the status does, though no event differed.
        for (arguments, same) in [([first, header], false), ([header, header], true), ([first, first], true)] {
            let run = runCommand(["diff", "--json"] + arguments)
            let summary = try XCTUnwrap(try jsonLines(run.stdout).last)
            XCTAssertEqual(summary["same"] as? Bool, same, "\(arguments)")
            XCTAssertEqual(run.status, same ? 0 : 1, "\(arguments)")
        }
    }

    func testRecordingsAreComparedAsTheKernelDeliversThem() throws {
        let recording = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events"
        ).path
        let same = runCommand(["diff", recording, recording])
        XCTAssertEqual(same.status, 0, same.stdout)
        // This recording repeats unchanged values, which a kernel drops: as-is it differs from itself delivered.
        let asIs = runCommand(["diff", "--as-delivered", recording, recording])
        XCTAssertEqual(asIs.status, 1, asIs.stdout)
        XCTAssertTrue(asIs.stdout.contains("frame "), asIs.stdout)
        XCTAssertTrue(same.stdout.hasSuffix(" between matching frames: p50 0 µs, p99 0 µs, max 0 µs\n"), same.stdout)
    }

    /// `--limit` holds device differences as it holds frames: the first ones, then how many more.
    func testTheLimitSaysHowManyMoreDeviceDifferences() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let other = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path
        let devices = { (stdout: String) in stdout.split(separator: "\n").filter { $0.hasPrefix("device: ") } }
        let all = devices(runCommand(["diff", pinch, other]).stdout)
        XCTAssertGreaterThan(all.count, 1, "the two devices differ in more than one way")
        let limited = runCommand(["diff", "--limit", "1", pinch, other]).stdout
        XCTAssertEqual(devices(limited), [try XCTUnwrap(all.first)])
        XCTAssertTrue(limited.contains("\n… and \(all.count - 1) more device differences\n"), limited)
    }

    /// Of files of several devices, the devices read are compared, and the others are said to be
    /// left out, with the option that picks one.
    func testTheDevicesNotComparedAreSaid() throws {
        let pinch = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let file = temporaryPath("pad-and-keys.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Fixtures.libinputRecord(pinch, try RecordingLoader.load(Fixtures.typing)).write(
            toFile: file, atomically: true, encoding: .utf8)
        let run = runCommand(["diff", file, file])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "\(file): its other devices are not compared (\"AT Translated Set 2 keyboard\"): --device picks one\n"),
            run.stderr)
        let keys = runCommand(["diff", "--device", "event1", file, file])
        XCTAssertEqual(keys.status, 0, keys.stderr)
        XCTAssertTrue(keys.stderr.contains("(\"\(pinch.device.name)\")"), keys.stderr)
    }

    /// The intervals' deviation is of frames that match: it says how many, and nothing of it when
    /// fewer than two match.
    func testTheIntervalDeviationSaysHowManyIntervalsItIsOf() throws {
        let synthesized = { (name: String) in Fixtures.synthesized.appendingPathComponent(name).path }
        // A pinch in and one out share their first and last frames alone: one interval.
        let one = runCommand(["diff", synthesized("pinch-in.yml"), synthesized("pinch-out.yml")]).stdout
        XCTAssertTrue(
            one.hasSuffix(
                "; frame interval deviation over 1 interval between matching frames: p50 0 µs, "
                    + "p99 0 µs, max 0 µs\n"), one)
        // A pinch and a rotation share one frame: nothing to time.
        let none = runCommand(["diff", "--json", synthesized("pinch-in.yml"), synthesized("rotate-cw.yml")])
        let summary = try XCTUnwrap(try jsonLines(none.stdout).last)
        XCTAssertEqual(summary["intervalsCompared"] as? Int, 0)
        XCTAssertNil(summary["intervalDeviationUsP50"])
        XCTAssertTrue(
            runCommand(["diff", synthesized("pinch-in.yml"), synthesized("rotate-cw.yml")]).stdout
                .hasSuffix("; fewer than two frames match, so no interval is compared\n"))
        // Frames the actual recording has past the expected's end are each named by their own place
        // in it, not all by the expected's end.
        let evemu = Fixtures.root.appendingPathComponent("Tests/Fixtures/evemu-devices").path
        let tap = "\(evemu)/touchpads_AlpsPS2_ALPS_GlidePoint.single-tap.events"
        let doubleTap = "\(evemu)/touchpads_AlpsPS2_ALPS_GlidePoint.double-tap.events"
        let longer = runCommand(["diff", "--limit", "100", tap, doubleTap])
        let extras = longer.stdout.split(separator: "\n").filter { $0.contains(" of actual: expected nothing") }
        XCTAssertEqual(extras.count, 7, longer.stdout)
        XCTAssertEqual(Set(extras).count, extras.count, longer.stdout)
        let json = try jsonLines(runCommand(["diff", "--json", "--limit", "100", tap, doubleTap]).stdout)
        let extraIndices = json.filter { $0.keys.contains("expected") && $0["expected"] is NSNull }
            .compactMap { $0["actualIndex"] as? Int }
        XCTAssertEqual(extraIndices, Array(8...14))
    }

    /// A timer expiring just after a frame's timestamp: the harness must have libinput read the
    /// frame first, as the reader of a real kernel's device does
    /// (`Tests/Fixtures/kernel-captures/README.md`).
    func testATimerExpiringJustAfterAFrameFiresAfterItAsInTheVM() throws {
        let captures = Fixtures.root.appendingPathComponent("Tests/Fixtures/kernel-captures")
        let capture = captures.appendingPathComponent("hp8470p-hold-race.kernel.yml").path
        let vm = captures.appendingPathComponent("hp8470p-hold-race.vm.jsonl").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        // The race: two fingers, once, for less than half a millisecond short of the 40 ms after
        // which libinput's hold timer, armed when they came down, expires.
        let recording = try RecordingLoader.load(capture)
        let doubleTap = recording.frames.indices.compactMap { index in
            recording.frames[index].events.first { $0.type == Evdev.EV_KEY && $0.code == Evdev.BTN_TOOL_DOUBLETAP }.map
            { (index: index, down: $0.value == 1) }
        }
        let race = try XCTUnwrap(
            zip(doubleTap, doubleTap.dropFirst()).first { down, lift in
                down.down && !lift.down
                    && (39_500..<40_000).contains(recording.frames[lift.index].time - recording.frames[down.index].time)
            }, "no two-finger touch lifted within 0.5 ms before the hold timer")

        func replay(_ path: String) throws -> String {
            let result = runCommand(["replay", "--as-delivered", "--json", path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let output = dir.appendingPathComponent(UUID().uuidString + ".jsonl").path
            try result.stdout.write(toFile: output, atomically: true, encoding: .utf8)
            return output
        }
        let asCaptured = runCommand(["diff", "--all", try replay(capture), vm])
        XCTAssertEqual(asCaptured.status, 0, asCaptured.stdout)

        // 0.19 ms is within a late harness's reach only some of the time: the lift 10 µs before
        // the timer must still come first, and 10 µs after it, the hold must begin first. Moving
        // the lift changes the speed of the motion in that frame, so only gestures are compared.
        func gestures(liftedAfter micros: UInt64) throws -> [String] {
            var moved = recording
            moved.frames[race.1.index].time = recording.frames[race.0.index].time + micros
            let path = dir.appendingPathComponent("lifted-after-\(micros).yml").path
            try LibinputRecordFormat.write(moved).write(toFile: path, atomically: true, encoding: .utf8)
            return try gestures(in: try replay(path))
        }
        func gestures(in path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
                ((try JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["type"] as? String
            }.filter { $0.hasPrefix("GESTURE_") }
        }
        let inTheVM = try gestures(in: vm)
        XCTAssertEqual(try gestures(liftedAfter: 39_990), inTheVM)
        let holds = { (gestures: [String]) in gestures.filter { $0 == "GESTURE_HOLD_BEGIN" }.count }
        XCTAssertEqual(holds(try gestures(liftedAfter: 40_010)), holds(inTheVM) + 1)
    }
}
