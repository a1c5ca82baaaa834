import Foundation
import XCTest

/// Every file of the malformed corpus, and a 100 MB single line made here, is refused with one
/// line naming the file and line, exit 65, quickly and in little memory.
final class MalformedInputTests: XCTestCase {
    func assertRefused(_ path: String, _ touchsynth: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runProcess([touchsynth, "convert", path])
        let name = URL(fileURLWithPath: path).lastPathComponent
        XCTAssertEqual(result.status, 65, "\(name): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", name, file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "\(name): one line: \(result.stderr)", file: file, line: line)
        XCTAssertNotNil(lines.first?.wholeMatch(of: /touchsynth: .+:[0-9]+: .+/), "\(name): file:line: message, got \(result.stderr)", file: file, line: line)
        // A hang detector, not a speed target: the figures are in the closing note.
        XCTAssertLessThan(result.seconds, 10, name, file: file, line: line)
    }

    func testMalformedCorpusIsRefusedWithLocation() throws {
        let touchsynth = try Fixtures.touchsynth()
        let dir = Fixtures.root.appendingPathComponent("Tests/Fixtures/malformed").path
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertGreaterThanOrEqual(files.count, 30)
        for name in files { try assertRefused(dir + "/" + name, touchsynth) }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        XCTAssertLessThan(usage.ru_maxrss / 1024, 256, "peak RSS of any run, MiB")
    }

    func testAHundredMegabyteLineIsRefusedWithoutReadingItAll() throws {
        let touchsynth = try Fixtures.touchsynth()
        let desc = try String(contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc"), encoding: .utf8)
        for (ext, head) in [("evemu", desc + "E: 0.000000 0003 0035 "), ("yml", "version: 1\ndevices:\n- node: x\n  evdev:\n    name: \"")] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-long-line-\(UUID().uuidString).\(ext)").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(head.utf8)))
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            let chunk = Data(repeating: UInt8(ascii: "7"), count: 1 << 20)
            for _ in 0..<100 { try handle.write(contentsOf: chunk) }
            try handle.close()
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            XCTAssertGreaterThanOrEqual(size, 100 << 20)
            try assertRefused(path, touchsynth)
            let result = try runProcess([touchsynth, "convert", path])
            XCTAssertTrue(result.stderr.contains("a line longer than 1 MiB"), result.stderr)
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        XCTAssertLessThan(usage.ru_maxrss / 1024, 256, "peak RSS of any run, MiB: the line is not read whole")
    }
}
