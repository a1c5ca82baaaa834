import Foundation
import XCTest
import TestSupport

/// The command lines README.md and docs/ mark runnable (a `<!-- runnable -->` line before a
/// `sh` block) run as written, `touchsynth` being the built one on PATH, from a folder where
/// `Tests/` is the repository's, and end with status 0, or the one an `# exits N` comment names.
final class DocumentedCommandsTests: XCTestCase {
    private struct Line {
        var file: String
        var command: String
        var status: Int32
    }

    /// README.md and the Markdown files of docs/.
    private func documentationFiles() throws -> [URL] {
        let docs = Fixtures.root.appendingPathComponent("docs")
        return [Fixtures.root.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.sorted()
            .map { docs.appendingPathComponent($0) }
    }

    private func runnableLines() throws -> [Line] {
        var lines: [Line] = []
        for file in try documentationFiles() {
            let text = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            var marked = false, inBlock = false
            for raw in text {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if inBlock {
                    if line.hasPrefix("```") { inBlock = false; continue }
                    guard !line.isEmpty, !line.hasPrefix("#") else { continue }
                    let status = line.firstMatch(of: /# exits (\d+)/).flatMap { Int32($0.1) } ?? 0
                    lines.append(Line(file: file.lastPathComponent, command: line, status: status))
                } else if line == "<!-- runnable -->" {
                    marked = true
                } else if marked, line.hasPrefix("```") {
                    inBlock = true
                    marked = false
                } else if !line.isEmpty {
                    marked = false
                }
            }
        }
        return lines
    }

    /// The outputs README.md and docs/ show, each after a `<!-- output of: COMMAND -->` line: every
    /// line of the block but `…` is a line COMMAND prints, white space aside, or with the lines
    /// after it one that the docs wrapped.
    func testEveryShownOutputIsWhatItsCommandPrints() throws {
        let touchsynth = try Fixtures.touchsynth()
        var shown = 0
        for file in try documentationFiles() {
            let text = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in text.enumerated() {
                guard let command = line.firstMatch(of: /^<!-- output of: touchsynth (.*) -->$/)?.1 else { continue }
                XCTAssertTrue(
                    text.indices.contains(index + 1) && text[index + 1] == "```",
                    "\(file.lastPathComponent): the output of \(command) opens on the next line")
                let block = text[(index + 2)...].prefix { !$0.hasPrefix("```") }
                XCTAssertFalse(block.isEmpty, "\(file.lastPathComponent): the output of \(command) is empty")
                let result = try runProcess([
                    "/bin/bash", "-c", "cd '\(Fixtures.root.path)' && '\(touchsynth)' \(command)",
                ])
                XCTAssertEqual(result.status, 0, "\(file.lastPathComponent): \(command): \(result.stderr.suffix(400))")
                let printed = result.stdout.split(separator: "\n").map { Self.collapsed(String($0)) }
                var wrapped = ""
                for excerpt in block where excerpt != "…" {
                    wrapped += (wrapped.isEmpty ? "" : " ") + Self.collapsed(String(excerpt))
                    if printed.contains(wrapped) {
                        wrapped = ""
                    } else if !printed.contains(where: { $0.hasPrefix(wrapped + " ") }) {
                        XCTFail("\(file.lastPathComponent): touchsynth \(command) prints no line \(wrapped)")
                        wrapped = ""
                    }
                }
                XCTAssertEqual(wrapped, "", "\(file.lastPathComponent): touchsynth \(command): a line cut short")
                shown += 1
            }
        }
        XCTAssertGreaterThanOrEqual(shown, 2, "README.md shows replay's and compare's output")
    }

    /// `text` with each run of white space one space.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testEveryRunnableCommandLineRunsAsDocumented() throws {
        let touchsynth = try Fixtures.touchsynth()
        _ = try libinputBuilds(["1.28.1", "1.31.3"])
        let lines = try runnableLines()
        XCTAssertGreaterThanOrEqual(lines.count, 8, "README.md and docs/ mark their command lines runnable")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("Tests"), withDestinationURL: Fixtures.root.appendingPathComponent("Tests"))
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            (touchsynth as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for line in lines {
            let result = try runProcess(
                ["/bin/bash", "-c", "cd '\(work.path)' && " + line.command], environment: environment)
            XCTAssertEqual(result.status, line.status, "\(line.file): \(line.command): \(result.stderr.suffix(400))")
        }
    }
}
