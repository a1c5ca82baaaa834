import Foundation
import XCTest
import TestSupport

/// Real evtest logs (ChromeOS's, event-only or with their device's header) and getevent logs
/// carry defects a reader must survive: a banner after "Testing ...", a timestamp that goes back
/// (from one frame to the next, or within a frame), the first event on the header's line, two
/// header lines on one line, a last frame cut short. Each fixture is the synthesized pinch with
/// one of them (tools/make-fixtures): it replays to exactly the pinch's events, with one warning
/// line for the repair.
final class LogRepairTests: XCTestCase {
    private let repairs = Fixtures.root.appendingPathComponent("Tests/Fixtures/repairs")

    func testEachDefectIsRepairedWithOneWarningAndReplaysToThePinch() throws {
        let original = runCommand([
            "replay", "--json",
            Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path,
        ])
        XCTAssertEqual(original.status, 0, original.stderr)
        XCTAssertTrue(original.stdout.contains("GESTURE_PINCH_UPDATE"))
        let truncated = "the last frame has no SYN_REPORT (the file was cut mid-frame): closed with one"
        let expected = [
            "banner.evtest": "lines 2–3: skipped 2 lines after \"Testing ...\"",
            "backwards.evtest": "timestamps go back 1 time (first at line 301, by 3.000000 s)",
            "backwards.getevent-t.txt": "timestamps go back 1 time (first at line 300, by 3.000000 s)",
            "backwards.evemu": "timestamps go back 1 time (first at line 300, by 3.000000 s)",
            "joined.evtest": "line 1: a header line and the first event shared a line",
            "truncated.evtest": "line 644: " + truncated, "truncated.evemu": "line 672: " + truncated,
            "glued-header.evtest": "line 18: two header lines shared a line: read as two",
            "back-in-frame.evtest": "timestamps go back within a frame (first at line 76, by 0.000073 s)",
            "back-in-frame.with-header.evtest": "timestamps go back within a frame (first at line 136, by 0.000073 s)",
        ]
        for (defect, warning) in expected {
            let log = repairs.appendingPathComponent("pinch-in.\(defect)").path
            let run = runCommand([
                "replay", "--json", log, "--desc",
                repairs.appendingPathComponent("pinch-in.device.yml").path,
            ])
            XCTAssertEqual(run.status, 0, "\(defect): \(run.stderr)")
            // The description is for the logs without one; the others say it is not used.
            let lines = run.stderr.split(separator: "\n").filter { !$0.hasSuffix("pinch-in.device.yml is not used") }
            XCTAssertEqual(lines.count, 1, "\(defect): \(run.stderr)")
            XCTAssertTrue(lines.first?.contains("warning: \(log): \(warning)") ?? false, "\(defect): \(run.stderr)")
            XCTAssertEqual(run.stdout, original.stdout, "\(defect): the repaired log replays to the pinch's own events")
        }
    }

    /// A file cut in the middle of a number (`… 0035 10` of `… 0035 10178`) would replay a finger
    /// jumping to 10: its last line, which has no line end, is left out, in every format, and
    /// the frame it was in is closed without it.
    /// A repair's warning comes before libinput's log lines, which it may explain, once, whether
    /// the file streams or a window of it is read and cut.
    func testTheRepairIsSaidOnceBeforeLibinputsLines() throws {
        let truncated = repairs.appendingPathComponent("pinch-in.truncated.evemu").path
        for window in [[], ["--start", "0.01"]] {
            let run = runCommand(["replay", "--verbose", truncated] + window)
            XCTAssertEqual(run.status, 0, run.stderr)
            let lines = run.stderr.split(separator: "\n")
            let warnings = lines.indices.filter { lines[$0].hasPrefix("touchsynth: warning: \(truncated):") }
            XCTAssertEqual(warnings.count, 1, "\(window): \(run.stderr)")
            let firstLog = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("libinput: ") }, run.stderr)
            XCTAssertLessThan(warnings.first ?? .max, firstLog, "\(window): \(run.stderr)")
        }
    }

    /// In every format, and in the logs of events alone, read with a description or one inferred.
    func testALastLineCutMidNumberIsLeftOut() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let eventsOnly = ["evemu": "E:", "evtest": "Event:"]
        for (format, alone) in ["evemu", "yml", "evtest", "getevent", "chromeos"].map({ ($0, false) })
            + eventsOnly.keys.map({ ($0, true) })
        {
            let whole = temporaryPath("whole.\(format)"), cut = temporaryPath("cut.\(format)")
            defer { for file in [whole, cut] { try? FileManager.default.removeItem(atPath: file) } }
            XCTAssertEqual(runCommand(["convert", pinch, "-o", whole]).status, 0)
            let text = try String(contentsOfFile: whole, encoding: .utf8)
            // Halfway through, an event's line cut two characters short.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                !alone || $0.hasPrefix(eventsOnly[format] ?? "")
            }
            // An ABS_MT_POSITION_X line, as each format writes it, its value cut (not its padding).
            let positionX = ["0003 0035", ", 3, 53,", "code 53", "ABS_MT_POSITION_X"]
            let at = try XCTUnwrap(
                lines.indices.dropFirst(lines.count / 2).first { i in positionX.contains { lines[i].contains($0) } })
            let value = lines[at].trimmingCharacters(in: .whitespaces)
            let kept = lines[..<at].joined(separator: "\n") + "\n" + value.dropLast(2)
            try kept.write(toFile: cut, atomically: true, encoding: .utf8)
            let run = runCommand(["replay", cut])
            let named = "\(format)\(alone ? ", events alone" : "")"
            XCTAssertEqual(run.status, 0, "\(named): \(run.stderr)")
            XCTAssertTrue(
                run.stderr.contains("line \(at + 1): the last line has no line end"), "\(named): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("Touch jump"), "\(named): \(run.stderr)")
        }
    }

    /// `libinput record --autorestart` ends a file with a comment and no line end: nothing is lost,
    /// and nothing is said.
    func testALastCommentWithoutALineEndIsNoCut() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml")
        let closed = temporaryPath("closed.yml")
        defer { try? FileManager.default.removeItem(atPath: closed) }
        try (String(contentsOf: pinch, encoding: .utf8) + "# Closing after 2s inactivity")
            .write(toFile: closed, atomically: true, encoding: .utf8)
        let run = runCommand(["replay", closed, "--json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        XCTAssertEqual(
            run.stdout,
            runCommand(["replay", pinch.path, "--json"]).stdout.replacingOccurrences(
                of: pinch.path, with: closed))
    }
}
