import Foundation
@testable import Recordings
import XCTest
import TestSupport

/// Every bundled recording survives conversion between the formats with every event and timestamp.
final class RoundTripTests: XCTestCase {
    func assertSameEvents(
        _ a: Recording, _ b: Recording, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(a.frames.count, b.frames.count, what, file: file, line: line)
        XCTAssertEqual(a.frames.map(\.events), b.frames.map(\.events), what, file: file, line: line)
        XCTAssertEqual(a.frames.map(\.time), b.frames.map(\.time), "\(what): timestamps", file: file, line: line)
        XCTAssertEqual(a.device.codes, b.device.codes, what, file: file, line: line)
        XCTAssertEqual(a.device.absinfo, b.device.absinfo, what, file: file, line: line)
        XCTAssertEqual(a.device.properties, b.device.properties, what, file: file, line: line)
        XCTAssertEqual(a.device.name, b.device.name, what, file: file, line: line)
    }

    func testEvemuToYAMLToEvemuKeepsEveryEvent() throws {
        let all = Fixtures.recordings
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
        for url in Fixtures.recordings {
            let original = try RecordingLoader.load(url.path)
            let text = EvtestFormat.write(original)
            XCTAssertEqual(RecordingLoader.detectFormat(text), .evtest)
            let evtest = try EvtestFormat.parse(text, file: "paste.txt")
            let yaml = try LibinputRecordFormat.parse(LibinputRecordFormat.write(evtest), file: "via.yml")
            assertSameEvents(original, evtest, "\(url.lastPathComponent) → evtest")
            assertSameEvents(original, yaml, "\(url.lastPathComponent) → evtest → YAML")
        }
    }

    /// What evtest prints of a keyboard: its repeat rates apart from the other types, scan codes in
    /// hexadecimal (a negative one as its 32 bits), and a SYN_CONFIG banner, each read back.
    func testAKeyboardsEvtestTextReadsBack() throws {
        var keyboard = try RecordingLoader.load(Fixtures.directory.appendingPathComponent("keyboard/leds.evemu").path)
        keyboard.frames.append(
            EvdevFrame(
                time: 900_000,
                events: [
                    EvdevEvent(type: Evdev.EV_MSC, code: Evdev.MSC_SCAN, value: -2),
                    EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_CONFIG, value: 0),
                    EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0),
                ]))
        let text = EvtestFormat.write(keyboard)
        XCTAssertTrue(text.contains("Key repeat handling:\n  Repeat type 20 (EV_REP)\n"), text)
        XCTAssertTrue(text.contains("(MSC_SCAN), value 1e\n") && text.contains("value fffffffe\n"), text)
        assertSameEvents(keyboard, try EvtestFormat.parse(text, file: "keyboard.txt"), "keyboard → evtest")
    }
}
