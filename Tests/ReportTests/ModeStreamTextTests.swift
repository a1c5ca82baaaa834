import AppEvents
import LibinputEvents
import Report
import XCTest

/// The replay table prints each app event in the row of the libinput event that made it; one
/// stamped earlier than its row says its own time.
final class ModeStreamTextTests: XCTestCase {
    /// Three wheel notches 50 ms apart, then one 550 ms later: the first sequence ended 150 ms after
    /// its last notch, which the translator learns only from the next, and the table says when.
    func testAWheelScrollsEndIsPrintedWithItsOwnTime() throws {
        func notch(_ seconds: Double, _ v120: Double) -> LibinputEvent {
            LibinputEvent(
                time: UInt64(seconds * 1e6), device: "event10",
                kind: .pointerScroll(Scroll(source: .wheel, vertical: v120 / 8, horizontal: nil, vertical120: v120)))
        }
        let events = [notch(1.0, 120), notch(1.05, 120), notch(1.1, 120), notch(1.65, -120)]
        var translator = AppEventTranslator(mode: .indirectInput)
        var text = ModeStreamText(modes: [.indirectInput], json: false, style: .plain)
        var lines: [String] = []
        for event in events { lines += try text.lines(event, columns: [translator.translate(event)]) }
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(lines.count, 5, "\(lines)")
        XCTAssertTrue(lines[3].hasPrefix("   0.650s POINTER_SCROLL_WHEEL"), lines[3])
        XCTAssertTrue(lines[3].contains("(at 0.250s) scroll ended "), lines[3])
        XCTAssertFalse(lines[4].contains("(at "), lines[4])
        XCTAssertTrue(lines[4].contains("scroll began"), lines[4])
        XCTAssertTrue(lines[0...2].allSatisfy { !$0.contains("(at ") }, "\(lines)")
        let legend = try text.closing(accounting: [Accounting()])
        XCTAssertTrue(legend.contains { $0.hasPrefix("  (at T): an app event's own time") }, "\(legend)")
        // Flushed at the stream's end, the second sequence's end says its time in the last row.
        let end = try text.lines(nil, columns: [translator.flush(at: last.time + 1_000_000)])
        XCTAssertEqual(end.count, 1, "\(end)")
        XCTAssertTrue(end[0].hasPrefix("(end of stream)"), end[0])
        XCTAssertTrue(end[0].contains("(at 0.800s) scroll ended "), end[0])
    }

    /// A tap's button comes stamped with the touch's time, before the motion libinput sent while it
    /// waited; the app event made of it is stamped as it comes, later than its row: no time is said.
    func testAnEventStampedLaterThanItsRowSaysNoTime() throws {
        let motion = LibinputEvent(
            time: 1_100_000, device: "event10",
            kind: .pointerMotion(dx: 1, dy: 0, unacceleratedDx: 1, unacceleratedDy: 0))
        let press = LibinputEvent(
            time: 1_020_000, device: "event10", kind: .pointerButton(button: 0x110, state: .pressed, seatCount: 1))
        var translator = AppEventTranslator(mode: .compatibility)
        var text = ModeStreamText(modes: [.compatibility], json: false, style: .plain)
        _ = try text.lines(motion, columns: [translator.translate(motion)])
        let made = translator.translate(press)
        XCTAssertGreaterThan(try XCTUnwrap(made.first).timestamp, 1.02)
        let lines = try text.lines(press, columns: [made])
        XCTAssertFalse(lines.isEmpty)
        XCTAssertFalse(lines.contains { $0.contains("(at ") }, "\(lines)")
    }
}
