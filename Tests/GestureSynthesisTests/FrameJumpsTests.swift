import XCTest

@testable import GestureSynthesis

/// A finger's moves weighed as `tp_detect_jumps` weighs them, frame by frame 12 ms apart.
final class FrameJumpsTests: XCTestCase {
    /// The longest jump of one finger at `xs` (mm), a frame each.
    private func longest(_ xs: [Double]) -> Double {
        var jumps = FrameJumps()
        for (i, x) in xs.enumerated() { jumps.frame([GestureScript.Point(x: x, y: 0)], at: 0.012 * Double(i)) }
        return jumps.longest
    }

    /// Landing, and the frame after, weigh nothing; then 8 mm against none is a jump, and the 10 mm
    /// after it, weighed against the jump's 8, is not: libinput keeps the jump as the last move.
    func testTheMoveAfterAJumpIsWeighedAgainstIt() {
        XCTAssertEqual(longest([0, 1, 9, 17, 27]), 8, accuracy: 1e-9)
    }

    /// Past 20 mm in a frame is a jump whatever came before.
    func testAMovePastTwentyMillimetresIsAJump() {
        XCTAssertEqual(longest([0, 1, 7, 13, 34]), 21, accuracy: 1e-9)
    }
}
