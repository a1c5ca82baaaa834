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

    private func runnableLines() throws -> [Line] {
        let docs = Fixtures.root.appendingPathComponent("docs")
        let files =
            [Fixtures.root.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(atPath: docs.path)).filter { $0.hasSuffix(".md") }.sorted()
            .map { docs.appendingPathComponent($0) }
        var lines: [Line] = []
        for file in files {
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
