import AppEvents
import Foundation
import Gestures
import LibinputEvents
import XCTest

/// A browser's two-finger swipe back, as an app would write it on top of the pan recognizer,
/// with nothing but the package's public API: two-finger scrolling (or two touches) moving to the
/// right. It cancels as soon as the motion is more vertical than horizontal, and counts a swipe
/// back when it ends at least ``distance`` points to the right.
final class SwipeBack: PanGestureRecognizer {
    static let distance = 100.0
    private(set) var swipes = 0

    init() {
        super.init(name: "swipeBack")
        allowedScrollTypesMask = .continuous
        minimumNumberOfTouches = 2
        maximumNumberOfTouches = 2
    }

    override func scrollChanged(_ scroll: ScrollEvent, with event: AppEvent) {
        super.scrollChanged(scroll, with: event)
        judge()
    }

    override func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        super.touchesChanged(touches, with: event)
        judge()
    }

    private func judge() {
        switch state {
        case .began, .changed:
            if abs(translation.y) > abs(translation.x) { transition(to: .cancelled) }
        case .ended:
            if translation.x >= Self.distance { swipes += 1 }
        default:
            break
        }
    }
}

/// The swipe back on real recordings replayed through real libinput (the built `touchsynth`,
/// which runs them on a mocked device), in both delivery modes.
final class SwipeBackTests: XCTestCase {
    private static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/evemu-devices")

    /// libinput's events for `recording`, replayed by `touchsynth replay --json`.
    private func replay(_ recording: String) throws -> [LibinputEvent] {
        var directory = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("touchsynth").path) {
            guard directory.path != "/" else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "touchsynth (tools/test builds it)"]) }
            directory.deleteLastPathComponent()
        }
        let process = Process()
        process.executableURL = directory.appendingPathComponent("touchsynth")
        process.arguments = ["replay", "--json", Self.recordings.appendingPathComponent(recording).path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return try LibinputEvent.events(fromJSONLines: text)
    }

    /// `events` in `mode` through a full-screen page holding a swipe back.
    private func swipeBack(_ events: [LibinputEvent], in mode: DeliveryMode) -> SwipeBack {
        let swipe = SwipeBack()
        let surface = Surface(regions: [Region(name: "page", frame: Rect(x: 0, y: 0, width: 1440, height: 900), gestureRecognizers: [swipe])])
        var translator = AppEventTranslator(mode: mode)
        for event in events { translator.translate(event, to: surface) }
        let end = (events.last?.time ?? 0) + 1_000_000
        translator.flush(at: end, to: surface)
        surface.finish(at: Double(end) / 1e6)
        return swipe
    }

    /// The recording scrolls right, then libinput reads the two fingers as small pinches: in
    /// indirect input mode those are transforms, which a pan does not take; in compatibility mode
    /// they are two simulated touches, which set the two-touch pan off again (accidental
    /// activations) without moving it far enough right to swipe back.
    func testTwoFingersScrollingRightSwipeBackInBothModes() throws {
        let events = try replay("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events")
        let indirect = swipeBack(events, in: .indirectInput)
        XCTAssertEqual(indirect.swipes, 1)
        XCTAssertEqual(indirect.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(indirect.record.maxNumberOfTouches, 0, "scroll events have no touches")
        let compat = swipeBack(events, in: .compatibility)
        XCTAssertEqual(compat.swipes, 1)
        XCTAssertGreaterThan(compat.record.count(of: .began), 1, "the simulated pinch touches begin it too")
        XCTAssertEqual(compat.record.maxNumberOfTouches, 2)
    }

    func testTwoFingersScrollingDownAreNoSwipeBack() throws {
        let events = try replay("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events")
        for mode in DeliveryMode.allCases {
            let swipe = swipeBack(events, in: mode)
            XCTAssertEqual(swipe.swipes, 0, "\(mode)")
            XCTAssertEqual(swipe.record.transitions.map(\.state), [.began, .cancelled], "\(mode): cancelled as the motion turned out vertical")
        }
    }
}
