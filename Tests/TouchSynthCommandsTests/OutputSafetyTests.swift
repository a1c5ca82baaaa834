import Foundation
import TestSupport
import XCTest

/// A command's output files are written whole or not at all, and never over its inputs: a run
/// that fails leaves what was at the output's path as it was.
final class OutputSafetyTests: XCTestCase {
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
    private let malformed = Fixtures.directory.appendingPathComponent("malformed/evemu-nan-value.evemu").path

    private func copy(_ name: String) throws -> String {
        let path = temporaryPath(name)
        try FileManager.default.copyItem(atPath: pinch, toPath: path)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func assertUnchanged(_ path: String, _ command: [String], status: Int32) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = runCommand(command)
        XCTAssertEqual(result.status, status, "\(command): \(result.stderr)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(command) changed \(path)")
        // The temporary files of this output: other tests, in other processes, write theirs beside it.
        let folder = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasPrefix("." + name + ".touchsynth-")
        }
        XCTAssertEqual(left, [], "temporary files left by \(command)")
    }

    func testAnOutputThatIsAnInputIsRefused() throws {
        let recording = try copy("capture.html")
        try assertUnchanged(recording, ["compare", recording, "--events-out", recording], status: 64)
        try assertUnchanged(recording, ["report", recording, "-o", recording], status: 64)
        let result = runCommand(["report", recording, "-o", recording])
        XCTAssertEqual(result.stderr, "touchsynth: \(recording): is also an input, which writing it would destroy\n")
    }

    /// Every file a command reads counts, not only its recording: a description, a script, a
    /// surface, a latency log over the recording, a corpus's table over a file of its folder.
    func testNoInputOfAnyKindIsOverwritten() throws {
        let recording = try copy("input.yml"), script = temporaryPath("input.gesture")
        try "pinch\n".write(toFile: script, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: script) }
        try assertUnchanged(recording, ["replay", "--real-time", recording, "--latency", recording], status: 64)
        try assertUnchanged(script, ["synthesize", script, "--desc", recording, "-o", script], status: 64)
        try assertUnchanged(recording, ["synthesize", script, "--desc", recording, "-o", recording], status: 64)
        try assertUnchanged(recording, ["convert", pinch, "--desc", recording, "-o", recording], status: 64)
        try assertUnchanged(recording, ["bridge", "run", "--replay", recording, "-o", recording], status: 64)
        let surface = temporaryPath("surface.yml")
        try FileManager.default.copyItem(
            atPath: Fixtures.directory.appendingPathComponent("pointer/surface.yml").path, toPath: surface)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: surface) }
        try assertUnchanged(surface, ["compare", pinch, "--surface", surface, "--events-out", surface], status: 64)
        let folder = temporaryPath("corpus")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let pad = folder + "/pad.yml"
        try FileManager.default.copyItem(atPath: pinch, toPath: pad)
        try assertUnchanged(pad, ["corpus", folder, "--markdown", pad], status: 64)
        // What is not read, or not destroyed by a write, may be an output: a table kept in the
        // corpus's folder, which is not a recording; the timings a run updates; a device.
        let table = folder + "/table.md"
        for _ in 1...2 {
            let again = runCommand(["corpus", folder, "--markdown", table])
            XCTAssertEqual(again.status, 0, again.stderr)
        }
        let timings = temporaryPath("timings.jsonl")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: timings) }
        XCTAssertEqual(runCommand(["corpus", pad, "--results", timings]).status, 0)
        let updated = runCommand(["corpus", pad, "--durations", timings, "--results", timings])
        XCTAssertEqual(updated.status, 0, updated.stderr)
        let null = runCommand(["convert", "/dev/null", "--desc", pinch, "-o", "/dev/null"])
        XCTAssertEqual(null.status, 0, null.stderr)
    }

    /// One path given to two outputs would keep only the one written last: refused before any
    /// work, by the path as written or tidied, nothing written.
    func testOnePathGivenToTwoOutputsIsRefused() throws {
        let out = temporaryPath("both.out")
        for (command, options) in [
            (["corpus", "run", pinch, "--results", out], "--results and --junit"),
            (["corpus", "run", pinch, "--markdown", out], "--markdown and --junit"),
            (["compare", pinch, "--report", out, "--events-out"], "--report and --events-out"),
        ] {
            // The same path, spelt otherwise.
            let again = out.replacingOccurrences(of: "/touchsynth-", with: "/./touchsynth-")
            let refused = runCommand(command + (command[0] == "compare" ? [again] : ["--junit", again]))
            XCTAssertEqual(refused.status, 64, "\(command): \(refused.stderr)")
            XCTAssertTrue(
                refused.stderr.contains("is given to both \(options): one would replace the other"), refused.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(command) wrote \(out)")
        }
        // A shard's run has no whole table to write as Markdown.
        let shard = runCommand(["corpus", "run", pinch, "--shard", "1/2", "--markdown", out])
        XCTAssertEqual(shard.status, 64, shard.stderr)
        XCTAssertTrue(shard.stderr.contains("--markdown writes the whole corpus's table"), shard.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // Nor versions whole to judge; and a list runs nothing to write or judge.
        for (arguments, said) in [
            (["--shard", "1/2", "--fail-on-diff"], "--fail-on-diff compares each gesture's libinput versions"),
            (["--list", "--results", out], "--list runs nothing, so --results has nothing to write or judge"),
            (["--list", "--junit", out], "--list runs nothing, so --junit has nothing to write or judge"),
            (["--list", "--fail-on-diff"], "--list runs nothing, so --fail-on-diff has nothing to write or judge"),
        ] {
            let refused = runCommand(["corpus", "run", pinch] + arguments)
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertTrue(refused.stderr.contains(said), refused.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
    }

    func testAFailedRunLeavesTheOutputAsItWas() throws {
        let kept = try copy("kept.yml"), page = try copy("kept.html")
        try assertUnchanged(kept, ["compare", malformed, "--events-out", kept], status: 65)
        try assertUnchanged(kept, ["compare", pinch, malformed, "--events-out", kept], status: 65)
        try assertUnchanged(page, ["report", malformed, "-o", page], status: 65)
        try assertUnchanged(kept, ["convert", malformed, "-o", kept], status: 65)
    }

    /// Read whole before it is replaced, a recording converts in place.
    func testARecordingConvertsInPlace() throws {
        let recording = try copy("in-place.yml")
        let result = runCommand(["convert", recording, "-o", recording, "--format", "evemu"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOfFile: recording, encoding: .utf8).hasPrefix("# EVEMU"))
        XCTAssertEqual(runCommand(["replay", recording, "--json"]).status, 0)
    }
}
