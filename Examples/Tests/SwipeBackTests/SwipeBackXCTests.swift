import AppEvents
import SwipeBack
import TouchSynthTesting
import XCTest

/// The same kit from XCTest: a pinch is no swipe back, in either mode.
final class SwipeBackXCTests: XCTestCase {
    func testAPinchIsNoSwipeBack() throws {
        let path = RecordedDevices.recordings(in: "Recordings").first { $0.hasSuffix("/pinch.yml") } ?? "pinch.yml"
        let replay = try ModeReplay(path, surface: .build(swipeBackPage))
        replay.expect("swipeBack", .never(.ended))
        XCTAssertEqual(replay[.indirectInput].recognizer("swipeBack", as: SwipeBack.self)?.swipes, 0)
    }
}
