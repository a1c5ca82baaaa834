import Foundation
import XCTest

/// `touchsynth diff` on real harness replays.
final class DiffTests: XCTestCase {
    func testStreamsAreComparedEventByEvent() throws {
        let touchsynth = try Fixtures.touchsynth()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func capture(_ name: String, as file: String) throws -> String {
            let result = try runProcess([touchsynth, "replay", "--json", Fixtures.synthesized.appendingPathComponent(name).path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let path = dir.appendingPathComponent(file).path
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let first = try capture("pinch-out.yml", as: "a.jsonl"), second = try capture("pinch-out.yml", as: "b.jsonl")
        let other = try capture("pinch-in.yml", as: "c.jsonl")

        let same = try runProcess([touchsynth, "diff", first, second])
        XCTAssertEqual(same.status, 0, same.stdout)
        let pinchEvents = try String(contentsOfFile: first, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"GESTURE_PINCH") }.count
        XCTAssertTrue(same.stdout.contains("\(pinchEvents) events expected, \(pinchEvents) actual, 0 differ"), same.stdout)

        let different = try runProcess([touchsynth, "diff", "--json", "--limit", "3", first, other])
        XCTAssertEqual(different.status, 1)
        let lines = different.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, "three differences and a summary")
        XCTAssertTrue(lines[0].contains("\"expected\":\"GESTURE_PINCH_UPDATE"), String(lines[0]))

        // One event taken out shows as one missing event, not a shifted stream.
        var text = try String(contentsOfFile: first, encoding: .utf8).split(separator: "\n")
        let index = try XCTUnwrap(text.lastIndex { $0.contains("GESTURE_PINCH_UPDATE") })
        text.remove(at: index)
        let shorter = dir.appendingPathComponent("d.jsonl").path
        try (text.joined(separator: "\n") + "\n").write(toFile: shorter, atomically: true, encoding: .utf8)
        let missing = try runProcess([touchsynth, "diff", first, shorter])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("1 differ"), missing.stdout)
        XCTAssertTrue(missing.stdout.contains("actual nothing"), missing.stdout)

        XCTAssertEqual(try runProcess([touchsynth, "diff", first, dir.appendingPathComponent("none.jsonl").path]).status, 66)
        let directory = try runProcess([touchsynth, "diff", dir.path, dir.path])
        XCTAssertEqual(directory.status, 66, "a directory is not a file, and no trap: \(directory.stderr)")
        let bad = dir.appendingPathComponent("bad.jsonl").path
        try "{\"type\":\"GESTURE_PINCH_UPDATE\"}\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let malformed = try runProcess([touchsynth, "diff", first, bad])
        XCTAssertEqual(malformed.status, 65)
        XCTAssertTrue(malformed.stderr.contains("bad.jsonl line 1"), malformed.stderr)
    }

    func testRecordingsAreComparedAsTheKernelDeliversThem() throws {
        let touchsynth = try Fixtures.touchsynth()
        let recording = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events").path
        let same = try runProcess([touchsynth, "diff", recording, recording])
        XCTAssertEqual(same.status, 0, same.stdout)
        // This recording repeats unchanged values, which a kernel drops: as-is it differs from itself delivered.
        let asIs = try runProcess([touchsynth, "diff", "--as-delivered", recording, recording])
        XCTAssertEqual(asIs.status, 1, asIs.stdout)
        XCTAssertTrue(asIs.stdout.contains("frame "), asIs.stdout)
    }
}
