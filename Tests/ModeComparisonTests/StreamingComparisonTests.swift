import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import SurfaceDescriptions
import XCTest
import TestSupport

/// `compare` feeds each app event to the surface as the translator makes it; the stored streams
/// (what `report` draws) must lead the recognizers to the same records.
final class StreamingComparisonTests: XCTestCase {
    /// A click, a pinch that also turns, a two-finger scroll, a wheel turn that only the flush
    /// ends, and a hover: every delivery path of the surface.
    private func session() -> [LibinputEvent] {
        var time: UInt64 = 1_000_000
        var events: [LibinputEvent] = []
        func add(_ kind: LibinputEvent.Kind, after gap: UInt64 = 10_000) {
            time += gap
            events.append(LibinputEvent(time: time, device: "event7", kind: kind))
        }
        func delta(_ dx: Double, _ dy: Double) -> GestureDelta {
            GestureDelta(dx: dx, dy: dy, unacceleratedDx: dx, unacceleratedDy: dy)
        }
        add(
            .deviceAdded(
                DeviceInfo(name: "touchpad", sysname: "event7", capabilities: [.pointer, .gesture], sizeMM: nil)))
        add(.pointerMotion(dx: 30, dy: 20, unacceleratedDx: 30, unacceleratedDy: 20))
        add(.pointerButton(button: 0x110, state: .pressed, seatCount: 1))
        add(.pointerButton(button: 0x110, state: .released, seatCount: 0), after: 60_000)
        add(.gesturePinchBegin(fingers: 2), after: 400_000)
        for step in 1...30 {
            add(.gesturePinchUpdate(fingers: 2, delta: delta(0.5, 0), scale: 1 + Double(step) * 0.02, angleDelta: 1.5))
        }
        add(.gesturePinchEnd(fingers: 2, scale: 1.6, cancelled: false))
        for _ in 1...20 {
            add(.pointerScroll(Scroll(source: .finger, vertical: 4, horizontal: 0)))
        }
        add(.pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: 0)))
        add(.pointerScroll(Scroll(source: .wheel, vertical: 15, horizontal: nil, vertical120: 120)), after: 200_000)
        return events
    }

    /// Keeps what it is handed.
    private final class Collector: AppEventReceiver {
        var events: [AppEvent] = []
        func handle(_ event: AppEvent) { events.append(event) }
    }

    /// `translate(_:to:)` hands over, event by event, what `translate(_:)` returns, with the same dispositions and
    /// accounting; so does the flush. The session ends with a wheel turn whose sequence a late motion times out, then
    /// another that only the flush ends.
    func testTheTranslatorHandsTheReceiverWhatItWouldReturn() {
        var events = session()
        let end = events.last?.time ?? 0
        events.append(
            LibinputEvent(
                time: end + 500_000, device: "event7",
                kind: .pointerMotion(dx: 1, dy: 1, unacceleratedDx: 1, unacceleratedDy: 1)))
        events.append(
            LibinputEvent(
                time: end + 600_000, device: "event7",
                kind: .pointerScroll(Scroll(source: .wheel, vertical: -15, horizontal: nil, vertical120: -120))))
        for mode in DeliveryMode.allCases {
            var returning = AppEventTranslator(mode: mode)
            var handing = AppEventTranslator(mode: mode)
            let collector = Collector()
            var allReturned: [AppEvent] = []
            for event in events {
                let returned = returning.translate(event)
                collector.events.removeAll()
                handing.translate(event, to: collector)
                XCTAssertEqual(collector.events, returned, "\(event.typeName) at \(event.time)")
                XCTAssertEqual(handing.lastDisposition, returning.lastDisposition)
                allReturned += returned
            }
            XCTAssertGreaterThan(allReturned.count, events.count / 2)
            XCTAssertEqual(handing.accounting, returning.accounting)
            let flushed = returning.flush(at: end + 2_000_000)
            collector.events.removeAll()
            handing.flush(at: end + 2_000_000, to: collector)
            XCTAssertEqual(collector.events, flushed)
            XCTAssertEqual(flushed.count, 1, "the second wheel sequence ends at the flush")
            XCTAssertEqual(handing.accounting, returning.accounting)
        }
    }

    func testStreamingGivesTheRecordsOfTheStoredStreams() {
        let events = session()
        let streamed = ModePipeline.run(events) { Surface.builtIn(.canvas) }.comparison
        let kept = ModePipeline.run(events, options: .init(keepsAppEvents: true))
        let stored = comparison(compat: kept[.compatibility].appEvents, indirect: kept[.indirectInput].appEvents) {
            Surface.builtIn(.canvas)
        }
        XCTAssertEqual(streamed, stored)
        // Not two empty reports: the pinch and the scroll pan did something in both modes.
        let activated = Set(streamed.rows.filter { $0.compat.activated && $0.indirect.activated }.map(\.name))
        XCTAssertTrue(activated.isSuperset(of: ["pinch", "rotation", "scrollPan"]), "\(activated)")
    }

    /// The pointer pushed into the bottom-right corner stays on the screen's last point, which
    /// the full-screen canvas contains: a scroll there reaches its recognizers in both modes, a
    /// pinch in indirect input mode (the transform's location is the pointer's; compatibility
    /// mode's simulated pair straddles the corner, one touch off the screen), and the hover that
    /// came back along the edge reaches the hover recognizer.
    func testGesturesWithThePointerPressedIntoTheCornerReachTheCanvas() {
        var time: UInt64 = 1_000_000
        var events: [LibinputEvent] = []
        func add(_ kind: LibinputEvent.Kind) {
            time += 10_000
            events.append(LibinputEvent(time: time, device: "event7", kind: kind))
        }
        add(
            .deviceAdded(
                DeviceInfo(name: "touchpad", sysname: "event7", capabilities: [.pointer, .gesture], sizeMM: nil)))
        add(.pointerMotion(dx: 5000, dy: 5000, unacceleratedDx: 5000, unacceleratedDy: 5000))
        add(.pointerMotion(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0))
        add(.gesturePinchBegin(fingers: 2))
        for step in 1...20 {
            add(
                .gesturePinchUpdate(
                    fingers: 2, delta: GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0),
                    scale: 1 + Double(step) * 0.03, angleDelta: 0))
        }
        add(.gesturePinchEnd(fingers: 2, scale: 1.6, cancelled: false))
        for _ in 1...20 {
            add(.pointerScroll(Scroll(source: .finger, vertical: 4, horizontal: 0)))
        }
        add(.pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: 0)))
        let report = ModePipeline.run(events) { Surface.builtIn(.canvas) }.comparison
        let activated = Set(report.rows.filter { $0.compat.activated && $0.indirect.activated }.map(\.name))
        XCTAssertTrue(activated.isSuperset(of: ["scrollPan", "hover"]), "\(activated)")
        XCTAssertEqual(report.rows.first { $0.name == "pinch" }?.indirect.activated, true)
    }
}
