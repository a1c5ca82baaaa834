import Foundation
import XCTest
import TestSupport

/// `debug`'s live view, through `replay` in a pseudo-terminal (`script`) and through a pipe.
final class LiveViewTests: XCTestCase {
    private static let escape = try! NSRegularExpression(pattern: "\u{1B}\\[[0-9;]*[A-Za-z]")

    private func plain(_ text: String) -> String {
        Self.escape.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    }

    /// What the terminal shows: lines split at newlines and at carriage returns (the status
    /// line is redrawn after `\r`), colour codes kept.
    private func inTerminal(_ arguments: [String], columns: Int) throws -> [String] {
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-pty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: transcript) }
        let command = arguments.map { "'\($0)'" }.joined(separator: " ")
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = String(columns)
        environment["NO_COLOR"] = nil
        let result = try runProcess(["/usr/bin/script", "-q", "-e", "-c", command, transcript.path], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: transcript, encoding: .utf8)
        return text.components(separatedBy: CharacterSet(charactersIn: "\r\n")).filter { !$0.isEmpty && !$0.hasPrefix("Script ") }
    }

    /// Rows the table has for a replay: one per app event of the busier mode, per libinput event.
    private func expectedRows(_ recording: URL) throws -> Int {
        let result = try runProcess([try Fixtures.touchsynth(), "replay", "--mode", "both", "--json", recording.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        var rows = 0
        for object in try jsonLines(result.stdout) {
            let compat = object["compat"] as? [[String: Any]] ?? [], indirect = object["indirect"] as? [[String: Any]] ?? []
            if object["accounting"] == nil { rows += max(compat.count, indirect.count) }
        }
        return rows
    }

    /// With a surface's pointer interactions, the status line names the pointer's region and
    /// style as it goes, and nothing once it left them.
    func testTheStatusLineNamesThePointersRegionAndStyle() throws {
        let pointer = Fixtures.root.appendingPathComponent("Tests/Fixtures/pointer")
        let lines = try inTerminal([try Fixtures.touchsynth(), "replay", "--mode", "indirect", "--surface", pointer.appendingPathComponent("surface.yml").path,
                                    pointer.appendingPathComponent("cross-toolbar.yml").path], columns: 200)
        let status = lines.map(plain).filter { $0.hasPrefix("▌") }
        XCTAssertTrue(status.contains { $0.contains("│ region segments/two highlight │") }, "the segmented control")
        XCTAssertTrue(status.contains { $0.contains("│ region text/line.4 verticalBeam(20) constrained vertical │") }, "a text line")
        XCTAssertTrue(status.contains { $0.contains("│ region button lift │") }, "the padded button")
        XCTAssertTrue(status.contains { !$0.contains("region") && $0.contains("pointer") }, "between the controls")
    }

    func testBothModesSideBySideFitTheTerminalWithColoursAndAStatusLine() throws {
        let url = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml")
        let columns = 120
        let lines = try inTerminal([try Fixtures.touchsynth(), "replay", "--mode", "both", url.path], columns: columns)
        let status = lines.filter { plain($0).hasPrefix("▌") }
        let rows = lines.filter { !plain($0).hasPrefix("▌") }
        let expected = try expectedRows(url)

        XCTAssertTrue(plain(rows[0]).hasPrefix("libinput"), rows[0])
        XCTAssertTrue(plain(rows[0]).contains("compat") && plain(rows[0]).contains("indirect"), "both modes side by side")
        let table = rows.dropFirst().filter { plain($0).range(of: #"^ *[0-9]+\.[0-9]{3}s |^ {10,}"#, options: .regularExpression) != nil }
        XCTAssertEqual(table.count, expected, "a line per app event row")
        for line in rows + status {
            XCTAssertLessThanOrEqual(plain(line).count, columns, "fits the terminal: \(plain(line))")
        }
        // Aligned: every row's indirect column starts at the same place.
        let starts = Set(table.compactMap { line -> Int? in
            let text = plain(line)
            return text.range(of: "transform").map { text.distance(from: text.startIndex, to: $0.lowerBound) }
        })
        XCTAssertEqual(starts.count, 1, "the indirect column is aligned: \(starts)")
        // Coloured: began green, the libinput column's gestures yellow.
        XCTAssertEqual(table.filter { $0.contains("\u{1B}[32m") }.count, 1, "one row begins the pinch (touches and transform both green)")
        XCTAssertTrue(table.allSatisfy { $0.contains("\u{1B}[33m") || plain($0).hasPrefix("          ") }, "gesture events are yellow")
        // The status line follows the gesture.
        XCTAssertTrue(status.contains { plain($0).contains("event10 ETPS/2 Elantech Touchpad") })
        XCTAssertTrue(status.contains { plain($0).contains("fingers 2") && plain($0).contains("pinch scale") })
        XCTAssertTrue(plain(status.last ?? "").contains("idle"), "idle once the pinch ended: \(status.last ?? "")")
    }

    func testPipedOutputIsPlainText() throws {
        let url = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml")
        let result = try runProcess([try Fixtures.touchsynth(), "replay", "--mode", "both", url.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "no escape codes in a pipe")
        XCTAssertFalse(result.stdout.contains("▌"), "no status line in a pipe")
        XCTAssertFalse(result.stdout.contains("…"), "nothing cut in a pipe")
        let forced = try runProcess([try Fixtures.touchsynth(), "replay", "--mode", "raw", "--color", "always", url.path])
        XCTAssertTrue(forced.stdout.contains("\u{1B}[33m"), "--color always colours a pipe")
    }
}
