import Foundation
import XCTest
import TestSupport

/// `touchsynth bridge` without uinput: its touchscreen frames written as a recording
/// (`bridge --replay`), read back by real libinput as a touchscreen through the harness.
/// (The uinput device itself is exercised in the VM tier, `tools/vm-test`.)
final class BridgeTests: XCTestCase {
    func testTouchscreenReadBackByLibinputReproducesThePinch() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["pinch-out", "pinch-in", "rotate-cw", "pinch-rotate"] {
            let source = Fixtures.synthesized.appendingPathComponent("\(name).yml").path
            let screen = dir.appendingPathComponent("\(name)-touchscreen.yml").path
            let written = runCommand(["bridge", "--replay", source, "-o", screen])
            XCTAssertEqual(written.status, 0, "\(name): \(written.stderr)")
            XCTAssertEqual(written.stderr, "", "\(name): the recording reads back as written")
            let readBack = runCommand(["replay", "--json", screen])
            XCTAssertEqual(readBack.status, 0, "\(name): \(readBack.stderr)")
            let pad = runCommand(["replay", "--json", source])
            let touches = try jsonLines(readBack.stdout), gestures = try jsonLines(pad.stdout)

            // libinput sees a touchscreen, sized from the axes' resolution (1440x900 points at 5 per mm).
            let added = try XCTUnwrap(touches.first { $0["type"] as? String == "DEVICE_ADDED" })
            XCTAssertEqual(added["name"] as? String, "TouchSynth virtual touchscreen")
            XCTAssertEqual(added["capabilities"] as? [String], ["touch"], name)
            let size = try XCTUnwrap(added["sizeMm"] as? [Double])
            XCTAssertEqual(size[0], 288, accuracy: 0.01)
            XCTAssertEqual(size[1], 180, accuracy: 0.01)
            XCTAssertEqual(touches.filter { $0["type"] as? String == "TOUCH_DOWN" }.count, 2, name)
            XCTAssertEqual(touches.filter { $0["type"] as? String == "TOUCH_UP" }.count, 2, name)

            // Separation ratio and angle per touch frame, against libinput's scale and summed angle per update.
            var down: [Int: (Double, Double)] = [:]
            var pairs: [(separation: Double, angle: Double)] = []
            for t in touches {
                switch t["type"] as? String {
                case "TOUCH_DOWN", "TOUCH_MOTION":
                    down[t["slot"] as? Int ?? -1] = (
                        (t["x"] as? Double ?? 0) * size[0], (t["y"] as? Double ?? 0) * size[1]
                    )
                case "TOUCH_UP": down[t["slot"] as? Int ?? -1] = nil
                case "TOUCH_FRAME" where down.count == 2:
                    let p = down.sorted { $0.key < $1.key }.map(\.value)
                    pairs.append((hypot(p[1].0 - p[0].0, p[1].1 - p[0].1), atan2(p[1].1 - p[0].1, p[1].0 - p[0].0)))
                default: break
                }
            }
            let updates = gestures.filter { $0["type"] as? String == "GESTURE_PINCH_UPDATE" }
            XCTAssertEqual(pairs.count, updates.count + 1, "\(name): one touch frame for the begin and one per update")
            var summed = 0.0
            for (update, pair) in zip(updates, pairs.dropFirst()) {
                summed += (update["angleDeltaDeg"] as? Double ?? .nan) * .pi / 180
                XCTAssertEqual(
                    pair.separation / pairs[0].separation, update["scale"] as? Double ?? .nan, accuracy: 1e-3, name)
                XCTAssertEqual(remainder(pair.angle - pairs[0].angle - summed, 2 * .pi), 0, accuracy: 1e-3, name)
            }

            // `bridge check` agrees, and fails when the tolerance is below the rounding to whole units.
            let check = runCommand(["bridge", "check", "--json", dir.appendingPathComponent("pad.jsonl").path])
            XCTAssertEqual(check.status, 66, "missing capture file")
            let padFile = dir.appendingPathComponent("\(name)-pad.jsonl"),
                screenFile = dir.appendingPathComponent("\(name)-screen.jsonl")
            try pad.stdout.write(to: padFile, atomically: true, encoding: .utf8)
            try readBack.stdout.write(to: screenFile, atomically: true, encoding: .utf8)
            let ok = runCommand(["bridge", "check", "--json", padFile.path, screenFile.path])
            XCTAssertEqual(ok.status, 0, "\(name): \(ok.stdout)")
            let figures = try XCTUnwrap(try jsonLines(ok.stdout).first)
            XCTAssertEqual(figures["frames"] as? Int, updates.count + 1, name)
            XCTAssertLessThanOrEqual(figures["maxScaleError"] as? Double ?? 1, 1e-3, name)
            XCTAssertLessThanOrEqual(figures["maxAngleError"] as? Double ?? 1, 1e-3, name)
            let strict = runCommand(["bridge", "check", "--json", "--tolerance", "1e-7", padFile.path, screenFile.path])
            XCTAssertEqual(strict.status, 1, "\(name): whole units cannot be exact to 1e-7: \(strict.stdout)")
            // The figures count the frame that broke the tolerance.
            let missed = try XCTUnwrap(try jsonLines(strict.stdout).first)
            let worst = max(missed["maxScaleError"] as? Double ?? 0, missed["maxAngleError"] as? Double ?? 0)
            XCTAssertGreaterThan(worst, 1e-7, "\(name): \(strict.stdout)")
            // Events with no pinch have nothing to check, and say so.
            let none = runCommand(["bridge", "check", screenFile.path])
            XCTAssertEqual(none.status, 1, none.stdout)
            XCTAssertTrue(none.stdout.hasPrefix("problem: no touchpad pinch in the events"), none.stdout)
        }
    }

    /// A reader that falls behind loses frames (the kernel's SYN_DROPPED): the frames it did read
    /// must still match their updates, and the pinch's end must be among them.
    func testCheckAcceptsLostFramesButNotWrongOnesOrALostEnd() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml").path
        let screen = dir.appendingPathComponent("touchscreen.yml").path
        XCTAssertEqual(runCommand(["bridge", "--replay", source, "-o", screen]).status, 0)
        let pad = dir.appendingPathComponent("pad.jsonl")
        try runCommand(["replay", "--json", source]).stdout.write(to: pad, atomically: true, encoding: .utf8)
        let lines = runCommand(["replay", "--json", screen]).stdout.split(separator: "\n").map(String.init)
        // Line indices of the touch frames that end each frame's events.
        let frameEnds = lines.indices.filter { lines[$0].contains("\"TOUCH_FRAME\"") }
        XCTAssertGreaterThan(frameEnds.count, 60)

        func check(_ screenLines: [String]) throws -> (status: Int32, figures: [String: Any], text: String) {
            let file = dir.appendingPathComponent("screen-\(UUID().uuidString).jsonl")
            try (screenLines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            let json = runCommand(["bridge", "check", "--json", pad.path, file.path])
            let text = runCommand(["bridge", "check", pad.path, file.path])
            return (json.status, try XCTUnwrap(try jsonLines(json.stdout).first), text.stdout)
        }
        // Frames 11 to 40 lost: the rest match, and the 30 lost updates are counted.
        let lost = try check(Array(lines[..<(frameEnds[9] + 1)] + lines[(frameEnds[39] + 1)...]))
        XCTAssertEqual(lost.status, 0, lost.text)
        XCTAssertEqual(lost.figures["unread"] as? Int, 30, lost.text)
        XCTAssertEqual(lost.figures["frames"] as? Int, frameEnds.count - 30 - 1, "the lift's frame has one touch")
        XCTAssertTrue(lost.text.contains("note: 30 of the updates that moved the touches have no frame"), lost.text)
        // Every frame read: nothing unread.
        XCTAssertEqual(try check(lines).figures["unread"] as? Int, 0)
        // The last 20 two-touch frames lost: the pinch's end was never shown.
        let last = frameEnds.count - 2
        let end = try check(Array(lines[..<(frameEnds[last - 20] + 1)] + lines[(frameEnds[last] + 1)...]))
        XCTAssertEqual(end.status, 1, end.text)
        XCTAssertTrue(end.text.contains("problem: pinch 1 ends at scale"), end.text)
        // One frame's touch moved by 5 % of the screen's width: it matches no update.
        var wrong = lines
        let moved = try XCTUnwrap((frameEnds[49]..<frameEnds[50]).first { lines[$0].contains("\"TOUCH_MOTION\"") })
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[moved].utf8)) as? [String: Any])
        var shifted = object
        shifted["x"] = (object["x"] as? Double ?? 0) + 0.05
        wrong[moved] = String(decoding: try JSONSerialization.data(withJSONObject: shifted), as: UTF8.self)
        let bad = try check(wrong)
        XCTAssertEqual(bad.status, 1, bad.text)
        XCTAssertTrue(bad.text.contains("problem: pinch 1 frame 51: touches show scale"), bad.text)
        // A pinch without updates (a cancelled one) beside a contact that moved: told, not a trap.
        let padLines = try String(contentsOf: pad, encoding: .utf8).split(separator: "\n")
        let empty = dir.appendingPathComponent("empty-pad.jsonl")
        try (padLines.filter { !$0.contains("\"GESTURE_PINCH_UPDATE\"") }.joined(separator: "\n") + "\n")
            .write(to: empty, atomically: true, encoding: .utf8)
        let screenFile = dir.appendingPathComponent("screen.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: screenFile, atomically: true, encoding: .utf8)
        let none = runCommand(["bridge", "check", empty.path, screenFile.path])
        XCTAssertEqual(none.status, 1, none.stderr)
        XCTAssertTrue(none.stdout.contains("after the pinch's last update (0 updates)"), none.stdout)
    }

    func testErrorsAreOneLineWithTheirExitCodes() throws {
        let indirect = runCommand(["bridge", "--mode", "indirect"])
        XCTAssertEqual(indirect.status, 64, indirect.stderr)
        for tolerance in ["nan", "-1", "0", "inf"] {
            let bad = runCommand(["bridge", "check", "--tolerance", tolerance, "/nonexistent/a.jsonl"])
            XCTAssertEqual(bad.status, 64, "\(tolerance): \(bad.stderr)")
        }
        let missing = runCommand(["bridge", "--uinput", "/nonexistent/uinput"])
        XCTAssertEqual(missing.status, 66, "a path of the user's that is not there: \(missing.stderr)")
        XCTAssertEqual(missing.stderr, "touchsynth: /nonexistent/uinput: no such file\n")
        // A FIFO opened for writing without a reader says ENXIO: still not a device, not a missing module.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("uinput-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let pipe = runCommand(["bridge", "--uinput", fifo])
        XCTAssertEqual(pipe.status, 66, pipe.stderr)
        XCTAssertEqual(pipe.stderr, "touchsynth: \(fifo) is a FIFO, not the uinput device\n")
        // A character device that is not uinput refuses uinput's requests: a wrong path too.
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        for arguments in [["bridge", "--uinput", "/dev/null"], ["play", recording, "--uinput", "/dev/null"]] {
            let null = runCommand(arguments)
            XCTAssertEqual(null.status, 66, null.stderr)
            XCTAssertTrue(
                null.stderr.hasPrefix("touchsynth: /dev/null is a character device that is not uinput (it refuses "),
                null.stderr)
            XCTAssertEqual(null.stderr.split(separator: "\n").count, 1, null.stderr)
        }
        // A node this user may not open: EnvironmentTests, as nobody.
        // A recording of nothing the bridge writes makes no touchscreen recording, which would read back as none.
        let typing = Fixtures.directory.appendingPathComponent("keyboard/typing.evemu").path
        let output = temporaryPath("typing-screen.yml")
        let keys = runCommand(["bridge", "run", "--replay", typing, "-o", output])
        XCTAssertEqual(keys.status, 65, keys.stderr)
        XCTAssertEqual(
            keys.stderr,
            "touchsynth: \(typing): libinput reported a key ×2, none of which the bridge writes as touches\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }
}
