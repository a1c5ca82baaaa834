import Foundation
import Recordings
import TestSupport
import XCTest

/// `touchsynth corpus` over every touchpad description: all of it runs, modern multitouch pads
/// give every gesture, the others say why not, and docs/device-corpus.md is what it produces.
final class CorpusTests: XCTestCase {
    /// A device libinput refuses fails each of its gestures alike: the cells name the failure by a
    /// number and its reason follows the table once, so the table stays as narrow as without it.
    func testAFailureIsSaidOnceBelowTheTable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-corpus-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pinch = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        var refused = pinch
        refused.device.absinfo[Evdev.ABS_X]?.maximum = 0
        for (name, recording) in [("ok.yml", pinch), ("refused.yml", refused)] {
            try RecordingFormat.yaml.text(recording).write(
                to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let result = runCommand(["corpus", "--jobs", "1", directory.path])
        XCTAssertEqual(result.status, 65, result.stderr)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try XCTUnwrap(lines.first { $0.hasPrefix("refused.yml") })
        XCTAssertEqual(row.components(separatedBy: "replay failed [1]").count, 6, String(row))
        XCTAssertLessThan(row.count, 120, String(row))
        let reason = try XCTUnwrap(lines.firstIndex(of: "replays that failed:"))
        XCTAssertTrue(lines[reason + 1].hasPrefix("[1] "), result.stdout)
        XCTAssertTrue(
            lines[reason + 1].contains(
                "device has min == max on ABS_X; by its description (\(directory.path)/refused.yml:"),
            result.stdout)
    }

    func testCorpusCoversEveryTouchpadAndMatchesTheDocs() throws {
        let devices = Fixtures.root.appendingPathComponent("Tests/Fixtures/devices").path
        let markdown = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-corpus-\(UUID().uuidString).md"
        ).path
        defer { try? FileManager.default.removeItem(atPath: markdown) }
        let versions = ["1.22.1", "1.28.1", "1.31.3"]
        _ = try libinputBuilds(versions)
        let result = runCommand([
            "corpus", devices, "--json", "--jobs", "2", "--libinput",
            versions.joined(separator: ","), "--markdown", markdown,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let all = try jsonLines(result.stdout)
        XCTAssertEqual(Set(all.map { $0["libinput"] as? String ?? "" }), Set(versions))
        XCTAssertEqual(
            all.count, versions.count * all.filter { $0["libinput"] as? String == versions[0] }.count,
            "every cell on every version")
        // The system's version is held to what a device can do; the others may differ (docs/libinput-versions.md).
        let rows = all.filter { $0["libinput"] as? String == versions[0] }
        let byDevice = Dictionary(grouping: rows) { $0["device"] as? String ?? "" }
        XCTAssertGreaterThanOrEqual(byDevice.count, 15, "every distinct touchpad of the shared recordings")
        XCTAssertTrue(all.allSatisfy { $0["replayFailed"] == nil }, "every replay on every version finishes")
        for (device, cells) in byDevice {
            XCTAssertEqual(
                cells.map { $0["gesture"] as? String ?? "" }, ["pinch", "rotation", "2fg scroll", "3fg swipe", "hold"],
                device)
            XCTAssertTrue(cells.allSatisfy { $0["replayFailed"] == nil }, "\(device): \(cells)")
            let tracking = cells[0]["tracking"] as? String ?? ""
            let reported = cells.filter { $0["reported"] as? Bool == true }.map { $0["gesture"] as? String ?? "" }
            if tracking.hasSuffix("slots") {
                XCTAssertEqual(reported.count, 5, "\(device) (\(tracking)) gives every gesture: \(cells)")
            } else {
                XCTAssertFalse(reported.contains("pinch"), "\(device) (\(tracking)) cannot pinch")
                XCTAssertFalse((cells[0]["why"] as? String ?? "").isEmpty, "\(device): a reason")
            }
        }
        // A gesture that could not be synthesized says so in its own reason, and in no other gesture's.
        let unsynthesized = all.filter { $0["notSynthesized"] != nil }
        XCTAssertFalse(unsynthesized.isEmpty, "a swipe too long for a small pad")
        for cell in unsynthesized {
            let why = try XCTUnwrap(cell["notSynthesized"] as? String)
            XCTAssertTrue((cell["why"] as? String ?? "").contains(why), "\(cell)")
            let (device, version) = (cell["device"] as? String, cell["libinput"] as? String)
            let others = all.filter {
                $0["device"] as? String == device && $0["libinput"] as? String == version
                    && $0["notSynthesized"] as? String != why
            }
            XCTAssertFalse(others.contains { ($0["why"] as? String ?? "").contains(why) }, "\(others)")
        }
        for cell in rows where cell["gesture"] as? String == "pinch" && cell["reported"] as? Bool == true {
            let value = Double((cell["value"] as? String ?? "").dropFirst()) ?? 0
            if !(cell["why"] as? String ?? "").contains("no resolution") {
                XCTAssertEqual(value, 1.5, accuracy: 0.075, "\(cell)")
            }
        }
        // Everything the run writes but the line naming its own command, whose --markdown path differs.
        func generated(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter { !$0.hasPrefix("Produced by") }
        }
        let docs = try String(
            contentsOf: Fixtures.root.appendingPathComponent("docs/device-corpus.md"), encoding: .utf8)
        XCTAssertEqual(
            generated(docs), generated(try String(contentsOfFile: markdown, encoding: .utf8)),
            "docs/device-corpus.md is out of date: run tools/make-corpus-table")
    }
}
