import Foundation
import XCTest
import TestSupport

/// Inputs told apart, checked and refused before anything is read or replayed: a capture by its
/// first byte that is not blank, however far, a pipe given twice, a missing file where no other
/// can be read, and text that is neither kind.
final class InputKindTests: XCTestCase {
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

    private func capture() throws -> String {
        let run = runCommand(["replay", "--json", pinch])
        XCTAssertEqual(run.status, 0, run.stderr)
        let path = temporaryPath("capture.jsonl")
        try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Blank lines before a capture, however many, and lines of white space alone within it,
    /// change nothing.
    func testACaptureIsToldByItsFirstByteThatIsNotBlank() throws {
        let plain = try capture()
        let padded = temporaryPath("padded.jsonl")
        defer { for path in [plain, padded] { unlink(path) } }
        let text = try String(contentsOfFile: plain, encoding: .utf8)
        try (String(repeating: "\n", count: 100) + "  \t\n" + text.replacingOccurrences(of: "\n{", with: "\n   \n{"))
            .write(toFile: padded, atomically: false, encoding: .utf8)
        let same = runCommand(["diff", plain, padded])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(runCommand(["compare", "--json", padded]).status, 0)
    }

    /// One FIFO named twice, by one path or two, is refused before either is opened: the second
    /// reading would wait for a writer gone.
    func testOnePipeGivenTwiceIsAUsageError() throws {
        let fifo = temporaryPath("twice.fifo")
        let link = temporaryPath("twice-link.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(symlink(fifo, link), 0)
        defer { for path in [fifo, link] { unlink(path) } }
        let once = runCommand(["diff", fifo, fifo])
        XCTAssertEqual(once.status, 64, once.stderr)
        XCTAssertEqual(once.stderr, "touchsynth: \(fifo): a pipe can be given once\n")
        let linked = runCommand(["compare", fifo, link])
        XCTAssertEqual(linked.status, 64, linked.stderr)
        XCTAssertEqual(linked.stderr, "touchsynth: \(link): is the same pipe as \(fifo), which can be read once\n")
        // A surface description is an input too.
        for command in [["compare"], ["report"], ["replay", "--mode", "both"], ["view", "--port", "0"]] {
            let surface = runCommand(command + ["--surface", fifo, fifo])
            XCTAssertEqual(surface.status, 64, "\(command): \(surface.stderr)")
            XCTAssertEqual(surface.stderr, "touchsynth: \(fifo): a pipe can be given once\n", "\(command)")
        }
    }

    /// A missing file among recordings that can be read is said where it stands and passed over,
    /// as `grep` passes over one; where none can be read, the first is said before anything is
    /// replayed or built. bridge check says a missing touchscreen capture before reading the first.
    func testAMissingFileIsPassedOverOrSaidFirstWhenNoneCanBeRead() throws {
        let missing = temporaryPath("missing.yml")
        let rotate = Fixtures.synthesized.appendingPathComponent("rotate-cw.yml").path
        for command in ["compare", "explain"] {
            for order in [[missing, pinch, rotate], [pinch, missing, rotate]] {
                let run = runCommand([command, "--json"] + order)
                XCTAssertEqual(run.status, 66, run.stderr)
                XCTAssertEqual(run.stderr, "touchsynth: \(missing): no such file\n", "\(command) \(order)")
                let told = try jsonLines(run.stdout).compactMap { $0["recording"] as? String }
                let inTurn = told.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
                XCTAssertEqual(inTurn, [pinch, rotate], "\(command) \(order)")
            }
            let none = runCommand([command, missing, "/"])
            XCTAssertEqual(none.status, 66, none.stderr)
            XCTAssertEqual(none.stderr, "touchsynth: \(missing): no such file\n", command)
            XCTAssertEqual(none.stdout, "", "nothing \(command)d")
        }
        // An empty name (an unset variable) is a usage error among others too, before anything runs.
        let empty = runCommand(["explain", pinch, ""])
        XCTAssertEqual(empty.status, 64, empty.stderr)
        XCTAssertEqual(empty.stdout, "")
        // A capture alone among the files that can be read still refuses an option for recordings.
        let captured = try capture()
        defer { unlink(captured) }
        let alone = runCommand(["compare", "--start", "0.1", captured, missing])
        XCTAssertEqual(alone.status, 64, alone.stderr)
        XCTAssertTrue(alone.stderr.contains("a capture holds events replayed already"), alone.stderr)
        let first = try capture()
        defer { unlink(first) }
        let bridge = runCommand(["bridge", "check", first, missing])
        XCTAssertEqual(bridge.status, 66, bridge.stderr)
        XCTAssertEqual(bridge.stderr, "touchsynth: \(missing): no such file\n")
    }

    /// Text that is neither a recording nor a capture, against a capture, is bad data in the
    /// recording's words; a recording against a capture is a usage error.
    func testTextOfNeitherKindIsBadData() throws {
        let captured = try capture()
        defer { unlink(captured) }
        let neither = runCommand(["diff", "/dev/null", captured])
        XCTAssertEqual(neither.status, 65, neither.stderr)
        let kinds = runCommand(["diff", pinch, captured])
        XCTAssertEqual(kinds.status, 64, kinds.stderr)
    }

    /// A capture is read line by line: a first line that holds no event is refused there, and the
    /// pipe closed, before its writer has sent the rest.
    func testABadCaptureLineIsRefusedAsItIsRead() throws {
        let text = "{\n" + String(repeating: "{\"a\": 1}\n", count: 2 << 20)
        let piped = ServedFifo(named: "bad-capture", serving: text)
        defer { unlink(piped.path) }
        let run = runCommand(["bridge", "check", piped.path])
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertEqual(run.stderr, "touchsynth: \(piped.path):1: not valid JSON\n")
        XCTAssertLessThan(piped.written, text.utf8.count, "the rest was never read")
    }

    /// Another output of touchsynth's (a `compare --json` report) is no capture: its header says
    /// which it is, at line 1, not a key missing at line 2.
    func testAnotherOutputIsRefusedByItsHeader() throws {
        let report = runCommand(["compare", "--json", pinch])
        XCTAssertEqual(report.status, 0, report.stderr)
        let path = temporaryPath("report.jsonl")
        try report.stdout.write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        let run = runCommand(["compare", path])
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("touchsynth: \(path):1: its header says compare output"), run.stderr)
        let events = try capture()
        defer { unlink(events) }
        XCTAssertEqual(runCommand(["compare", events]).status, 0, "replay --json's own header is read")
    }
}
