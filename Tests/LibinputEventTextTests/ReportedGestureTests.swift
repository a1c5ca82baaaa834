import LibinputEventText
import XCTest

/// What libinput reported, gesture by gesture, of stretches of events told as one.
final class ReportedGestureTests: XCTestCase {
    /// Stretches divided otherwise that reported the same events read alike: a run of motion or
    /// scrolling that goes on across a cut is one, as in one stretch; a button or a gesture is not.
    func testStretchesJoinedReadAsOne() {
        XCTAssertEqual(ReportedGesture.joined([[.motion, .button(272)]]), [.motion, .button(272)])
        XCTAssertEqual(ReportedGesture.joined([[.motion], [.button(272)]]), [.motion, .button(272)])
        XCTAssertEqual(ReportedGesture.joined([[.motion], [.motion, .button(272)]]), [.motion, .button(272)])
        XCTAssertEqual(ReportedGesture.joined([[.scroll(.finger)], [.scroll(.finger)]]), [.scroll(.finger)])
        XCTAssertEqual(ReportedGesture.joined([[.button(272)], [.button(272)]]), [.button(272), .button(272)])
        XCTAssertEqual(
            ReportedGesture.joined([[.hold(fingers: 1, end: .cancelled)], [.hold(fingers: 1, end: .cancelled)]]),
            [.hold(fingers: 1, end: .cancelled), .hold(fingers: 1, end: .cancelled)])
        XCTAssertNotEqual(
            ReportedGesture.joined([[.motion, .hold(fingers: 1, end: .ended), .button(273)]]),
            ReportedGesture.joined([[.motion], [.button(273)]]))
        XCTAssertEqual(ReportedGesture.joined([]), [])
    }
}
