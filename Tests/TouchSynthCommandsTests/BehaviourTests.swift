import Foundation
import MockedDevices
import XCTest
import TestSupport

/// Holds the build to the behaviour `tools/record-behaviour` recorded in Tests/Fixtures/behaviour:
/// a refactor must leave what libinput reports, what each mode makes of it and what the
/// recognizers do as they were. Everything is compared, event times included: replays run on the
/// virtual clock, whose times are the same on every run. Numbers may differ in their last bits
/// (``JSONValue/tolerance``): the simulated touches' sine and cosine and the rotation's sum of
/// turns round differently from one implementation to the next.
final class BehaviourTests: XCTestCase {
    private static let directory = Fixtures.root.appendingPathComponent("Tests/Fixtures/behaviour")

    /// The recorded replays, by recording name.
    private static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let names = files.filter { $0.hasSuffix(".replay.jsonl") }.map { String($0.dropLast(".replay.jsonl".count)) }
        if names.isEmpty { XCTFail("no recorded replays in \(directory.path)") }
        return names.sorted()
    }

    /// The recordings the behaviour was recorded on, by name.
    private static var recordings: [String: String] {
        let folders = [
            "Tests/Fixtures/evemu-devices", "Tests/Fixtures/synthesized", "Tests/Fixtures/kernel-captures",
            "Tests/Fixtures/behaviour/synthesized",
        ]
        var found: [String: String] = [:]
        for folder in folders {
            let path = Fixtures.root.appendingPathComponent(folder).path
            for file in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            where file.hasSuffix(".events") || file.hasSuffix(".evemu") || file.hasSuffix(".yml") {
                found[String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)])] = "\(path)/\(file)"
            }
        }
        return found
    }

    private func recorded(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    /// The behaviour was recorded on the libinput the package links on Debian 12: on another, the
    /// comparisons below fail for that reason, which this says first.
    func testTheLinkedLibinputIsTheOneTheBehaviourWasRecordedOn() {
        XCTAssertEqual(LibinputBuild.system.version, "1.22.1", "the libinput of libinput-dev (Debian 12's)")
    }

    func testEveryRecordingHasItsRecordedBehaviour() {
        XCTAssertEqual(Self.names, Self.recordings.keys.sorted())
        XCTAssertGreaterThanOrEqual(Self.names.count, 29)
    }

    /// A recorded replay, compared as a capture: the same app events in both modes, timestamps
    /// included, and the same recognizer records on the default screen. The events are checked
    /// on the canvas screen, which has no pointer interactions: the list's text view adds
    /// pointer region events that `replay`, with no screen, does not make.
    func testCapturesTranslateAndCompareAsRecorded() throws {
        for name in Self.names {
            let capture = Self.directory.appendingPathComponent("\(name).replay.jsonl").path
            let result = runCommand(["compare", "--json", capture])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            assertSameLines(
                result.stdout, try recorded("\(name).capture-compare.json"), ignoring: ["recording"],
                "\(name): compare --json of its capture")

            let events = FileManager.default.temporaryDirectory.appendingPathComponent(
                "touchsynth-behaviour-\(UUID().uuidString)"
            ).path
            defer { try? FileManager.default.removeItem(atPath: events) }
            let onCanvas = runCommand(["compare", "--surface", "canvas", "--events-out", events, capture])
            XCTAssertEqual(onCanvas.status, 0, "\(name): \(onCanvas.stderr)")
            assertSameLines(
                try String(contentsOfFile: events, encoding: .utf8), try recorded("\(name).replay.jsonl"),
                ignoring: [], "\(name): compare --events-out of its capture")
        }
    }

    /// Each recording replayed through real libinput again, several at once: the same events,
    /// times and recognizers. Six at once load the machine, which the virtual clock ignores.
    func testReplaysGiveTheRecordedEventsAndRecognizers() throws {
        let recordings = Self.recordings
        let path: Set<String> = ["recording"]
        var pending = Self.names[...]
        while !pending.isEmpty {
            let batch = pending.prefix(6)
            pending = pending.dropFirst(batch.count)
            let paths = try batch.map { try XCTUnwrap(recordings[$0]) }
            let lines = paths.flatMap { [["replay", "--mode", "both", "--json", $0], ["compare", "--json", $0]] }
            let results = runCommands(lines)
            for (index, name) in batch.enumerated() {
                let replayed = results[2 * index], compared = results[2 * index + 1]
                XCTAssertEqual(replayed.status, 0, "\(name): \(replayed.stderr)")
                XCTAssertEqual(compared.status, 0, "\(name): \(compared.stderr)")
                assertSameLines(
                    replayed.stdout, try recorded("\(name).replay.jsonl"), ignoring: path,
                    "\(name): replay --mode both --json")
                assertSameLines(
                    compared.stdout, try recorded("\(name).compare.json"), ignoring: path, "\(name): compare --json")
            }
        }
    }

    /// The scripts synthesize, byte for byte, the recordings the behaviour was recorded on.
    func testScriptsSynthesizeTheRecordedRecordings() throws {
        let device = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let scripts = Self.directory.appendingPathComponent("scripts")
        let names = try FileManager.default.contentsOfDirectory(atPath: scripts.path).filter {
            $0.hasSuffix(".gesture")
        }.sorted()
        XCTAssertFalse(names.isEmpty)
        for script in names {
            let name = String(script.dropLast(".gesture".count))
            let result = runCommand(["synthesize", scripts.appendingPathComponent(script).path, "--desc", device])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(result.stdout, try recorded("synthesized/\(name).yml"), name)
        }
    }

    /// Fails at the first line whose JSON differs from the recorded line's, `ignoring` keys at
    /// any depth, naming the line and where in it.
    private func assertSameLines(
        _ actual: String, _ expected: String, ignoring: Set<String>, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let actualLines = actual.split(separator: "\n"), expectedLines = expected.split(separator: "\n")
        XCTAssertEqual(actualLines.count, expectedLines.count, "\(what): lines", file: file, line: line)
        for (index, (a, e)) in zip(actualLines, expectedLines).enumerated() {
            guard a != e else { continue }
            do {
                let (got, want) = (try JSONValue.parse(a), try JSONValue.parse(e))
                if let difference = got.firstDifference(from: want, ignoring: ignoring) {
                    XCTFail("\(what): line \(index + 1): \(difference)", file: file, line: line)
                    return
                }
            } catch {
                XCTFail("\(what): line \(index + 1): \(error)", file: file, line: line)
                return
            }
        }
    }
}
