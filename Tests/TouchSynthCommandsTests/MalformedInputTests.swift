import Foundation
import MockedDevices
import TestSupport
import XCTest

/// Every file of the malformed corpus, and a 100 MB single line made here, is refused with one
/// line naming the file and line, exit 65, in little memory.
final class MalformedInputTests: XCTestCase {
    /// The most memory a refusal may take, in KiB: the replay memory goal (64 MiB).
    static let memoryBound = 64 << 10

    /// `arguments` run in this process, and how far its peak resident memory rose above what it
    /// held when the command began (KiB): the kernel's high-water mark, reset first.
    func runMeasured(_ arguments: [String]) throws -> (result: Finished, peakKiB: Int) {
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = try XCTUnwrap(PeakMemory.ofThisProcess())
        let result = runCommand(arguments)
        return (result, try XCTUnwrap(PeakMemory.ofThisProcess()) - before)
    }

    /// Returns the run's peak memory in KiB.
    @discardableResult
    func assertRefused(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let (result, peak) = try runMeasured(["convert", path])
        let name = URL(fileURLWithPath: path).lastPathComponent
        XCTAssertEqual(result.status, 65, "\(name): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", name, file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "\(name): one line: \(result.stderr)", file: file, line: line)
        XCTAssertNotNil(
            lines.first?.wholeMatch(of: /touchsynth: .+:[0-9]+: .+/),
            "\(name): file:line: message, got \(result.stderr)",
            file: file, line: line)
        return peak
    }

    /// A temporary `.ext` file of `head` and 100 MB of digits on its line, written a MiB at a time.
    func writeHundredMegabyteLine(after head: String, ext: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-long-line-\(UUID().uuidString).\(ext)"
        ).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(head.utf8)))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        let chunk = Data(repeating: UInt8(ascii: "7"), count: 1 << 20)
        for _ in 0..<100 { try handle.write(contentsOf: chunk) }
        try handle.close()
        return path
    }

    func testMalformedCorpusIsRefusedWithLocation() throws {
        let dir = Fixtures.root.appendingPathComponent("Tests/Fixtures/malformed").path
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertGreaterThanOrEqual(files.count, 30)
        let peaks = try files.map { try assertRefused(dir + "/" + $0) }
        XCTAssertLessThan(try XCTUnwrap(peaks.max()), Self.memoryBound, "peak memory of any refusal, KiB")
    }

    /// Scripts, surfaces and captures, read whole, are refused at a line of 100 MB as recordings
    /// are: once 1 MiB of it is read, in one line. A value of nearly 1 MiB quoted in an error is
    /// cut to its start and end.
    func testFilesReadWholeRefuseAHundredMegabyteLineWithoutReadingItAll() throws {
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc").path
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let kinds: [(ext: String, head: String, kind: String, command: (String) -> [String])] = [
            ("gesture", "pinch scale=", "a gesture script", { ["synthesize", $0, "--desc", desc] }),
            ("json", "{\"regions\": \"", "a surface description", { ["compare", "--surface", $0, recording] }),
            ("jsonl", "{\"type\": \"", "a libinput capture", { ["compare", $0] }),
        ]
        var peaks: [Int] = []
        for (ext, head, kind, command) in kinds {
            let path = try writeHundredMegabyteLine(after: head, ext: ext)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (result, peak) = try runMeasured(command(path))
            XCTAssertEqual(result.status, 65, "\(ext): \(result.stderr)")
            XCTAssertEqual(result.stderr, "touchsynth: \(path):1: a line longer than 1 MiB: not \(kind)\n")
            peaks.append(peak)
        }
        XCTAssertLessThan(
            try XCTUnwrap(peaks.max()), Self.memoryBound, "peak memory of any run, KiB: the line is not read whole")

        let script = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-long-value-\(UUID().uuidString).gesture"
        ).path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try Data(("pinch scale=" + String(repeating: "7", count: 1_000_000) + "\n").utf8).write(
            to: URL(fileURLWithPath: script))
        let quoted = runCommand(["synthesize", script, "--desc", desc])
        XCTAssertEqual(quoted.status, 65, quoted.stderr)
        XCTAssertLessThan(quoted.stderr.utf8.count, 500, "the value is cut, not echoed whole")
        XCTAssertNotNil(
            quoted.stderr.wholeMatch(of: /touchsynth: .+:1: scale=7+…7+: not a finite number\n/), quoted.stderr)
    }

    /// A script of 16 MiB, the most read whole, of blank lines and then a gesture is read a line
    /// at a time: it takes no memory by its count of lines.
    func testAScriptOfManyBlankLinesIsReadInLittleMemory() throws {
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc").path
        let script = temporaryPath("blank-lines.gesture"), output = temporaryPath("blank-lines.yml")
        defer { for file in [script, output] { try? FileManager.default.removeItem(atPath: file) } }
        try Data((String(repeating: "\n", count: (16 << 20) - 100) + "pinch scale=2\n").utf8).write(
            to: URL(fileURLWithPath: script))
        let (result, peak) = try runMeasured(["synthesize", script, "--desc", desc, "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertLessThan(peak, Self.memoryBound, "peak memory, KiB: no line is held but the one read")
    }

    func testAHundredMegabyteLineIsRefusedWithoutReadingItAll() throws {
        let desc = try String(
            contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc"),
            encoding: .utf8)
        var peaks: [Int] = []
        for (ext, head) in [
            ("evemu", desc + "E: 0.000000 0003 0035 "),
            ("yml", "version: 1\ndevices:\n- node: x\n  evdev:\n    name: \""),
        ] {
            let path = try writeHundredMegabyteLine(after: head, ext: ext)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            XCTAssertGreaterThanOrEqual(size, 100 << 20)
            peaks.append(try assertRefused(path))
            let (result, peak) = try runMeasured(["convert", path])
            XCTAssertTrue(result.stderr.contains("a line longer than 1 MiB"), result.stderr)
            peaks.append(peak)
        }
        XCTAssertLessThan(
            try XCTUnwrap(peaks.max()), Self.memoryBound, "peak memory of any run, KiB: the line is not read whole")
    }
}
