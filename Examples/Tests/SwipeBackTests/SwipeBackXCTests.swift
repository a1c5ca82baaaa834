import SwipeBack
import TouchSynthTesting
import XCTest

/// The same kit from XCTest: a pinch is no swipe back, in either mode.
final class SwipeBackXCTests: XCTestCase {
    func testAPinchIsNoSwipeBack() throws {
        let replay = try ModeReplay("Recordings/pinch.yml", surface: .build(swipeBackPage))
        replay.expect("swipeBack", .never(.ended))
        XCTAssertEqual(replay[.indirectInput].recognizer("swipeBack", as: SwipeBack.self)?.swipes, 0)
    }
}
