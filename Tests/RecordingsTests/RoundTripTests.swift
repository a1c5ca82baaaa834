import Foundation
@testable import Recordings
import XCTest

/// Every bundled recording survives conversion between the formats with every event and timestamp.
final class RoundTripTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The real evemu recordings and the synthesized YAML ones.
    static var recordings: [URL] {
        get throws {
            let fm = FileManager.default
            let evemu = Self.fixtures.appendingPathComponent("evemu-devices"), synth = Self.fixtures.appendingPathComponent("synthesized")
            let real = try fm.contentsOfDirectory(atPath: evemu.path).filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") }
                .sorted().map { evemu.appendingPathComponent($0) }
            let made = try fm.contentsOfDirectory(atPath: synth.path).filter { $0.hasSuffix(".yml") }.sorted().map { synth.appendingPathComponent($0) }
            return real + made
        }
    }

    func assertSameEvents(_ a: Recording, _ b: Recording, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.frames.count, b.frames.count, what, file: file, line: line)
        XCTAssertEqual(a.frames.map(\.events), b.frames.map(\.events), what, file: file, line: line)
        XCTAssertEqual(a.frames.map(\.time), b.frames.map(\.time), "\(what): timestamps", file: file, line: line)
        XCTAssertEqual(a.device.codes, b.device.codes, what, file: file, line: line)
        XCTAssertEqual(a.device.absinfo, b.device.absinfo, what, file: file, line: line)
        XCTAssertEqual(a.device.properties, b.device.properties, what, file: file, line: line)
        XCTAssertEqual(a.device.name, b.device.name, what, file: file, line: line)
    }

    func testEvemuToYAMLToEvemuKeepsEveryEvent() throws {
        let all = try Self.recordings
        XCTAssertGreaterThanOrEqual(all.count, 25)
        for url in all {
            let original = try RecordingLoader.load(url.path)
            let yaml = try LibinputRecordFormat.parse(LibinputRecordFormat.write(original), file: "via.yml")
            let evemu = try EvemuFormat.parseRecording(EvemuFormat.write(yaml), file: "back.evemu") { nil }
            assertSameEvents(original, yaml, "\(url.lastPathComponent) → YAML")
            assertSameEvents(original, evemu, "\(url.lastPathComponent) → YAML → evemu")
        }
    }

    func testEvtestTextToYAMLKeepsEveryEvent() throws {
        for url in try Self.recordings {
            let original = try RecordingLoader.load(url.path)
            let text = EvtestFormat.write(original)
            XCTAssertEqual(RecordingLoader.detectFormat(text), .evtest)
            let evtest = try EvtestFormat.parse(text, file: "paste.txt")
            let yaml = try LibinputRecordFormat.parse(LibinputRecordFormat.write(evtest), file: "via.yml")
            assertSameEvents(original, evtest, "\(url.lastPathComponent) → evtest")
            assertSameEvents(original, yaml, "\(url.lastPathComponent) → evtest → YAML")
        }
    }
}
