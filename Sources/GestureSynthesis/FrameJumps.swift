import Foundation
import LibinputDecisions

/// The moves of a script's fingers from frame to frame, held to libinput's jump rule
/// (``TouchJumpRule``, from `tp_detect_jumps`): a path too fast, or a jitter within `set
/// jitter=`'s limit, can move a finger farther in one frame than libinput believes a finger
/// moves, and it discards the move.
struct FrameJumps {
    /// The last frame: its time, its points, and each finger's last move weighed (scaled mm), nil
    /// where libinput holds no history to weigh the next against (after a jump it discarded).
    private var last: (seconds: Double, points: [GestureScript.Point], moves: [Double?])?
    /// The longest jump since ``restart()``, mm in libinput's 12 ms frame; 0 for none.
    private(set) var longest = 0.0

    /// Weighs the frame of `points` at `seconds` against the last, as `tp_process_state` and
    /// `tp_detect_jumps` do: where fingers land or lift, every finger's history starts again there
    /// and at the frame after, so the first move weighed is the one after that, against none; a
    /// jump starts its finger's again, so the move after it is not weighed; a finger that did not
    /// move is not weighed, and its last move stands.
    mutating func frame(_ points: [GestureScript.Point], at seconds: Double) {
        guard let last, last.points.count == points.count else {
            last = (seconds, points, points.map { _ in nil })
            return
        }
        var moves = last.moves
        for i in points.indices {
            let (p, q) = (last.points[i], points[i])
            let distance = hypot(q.x - p.x, q.y - p.y)
            guard distance > 0 else { continue }
            // A history started again is weighed from the next move, whatever the gap.
            guard let before = last.moves[i] else {
                moves[i] = 0
                continue
            }
            guard let move = TouchJumpRule.scaled(distance, over: (seconds - last.seconds) * 1e6) else { continue }
            if TouchJumpRule.isJump(move, after: before) {
                longest = max(longest, move)
                moves[i] = nil
            } else {
                moves[i] = move
            }
        }
        self.last = (seconds, points, moves)
    }

    /// Forgets the jumps weighed, not the last frame: the next statement's are its own.
    mutating func restart() { longest = 0 }

    /// Why libinput may discard moves the fingers of a statement make, if it may: `moved` says
    /// whose moves ("the jitter of 3 mm moves its fingers"), `context` and `remedy` what follows
    /// the figure and the rule.
    func note(_ moved: String, context: String = "", remedy: String = "") -> String? {
        guard longest > 0 else { return nil }
        return moved + String(format: " up to %.1f mm in libinput's 12 ms frame", longest) + context
            + String(
                format: ": libinput takes a move %g mm longer than the last (or past %g mm) for a jump and may discard "
                    + "it (tp_detect_jumps)",
                TouchJumpRule.relativeLimit, TouchJumpRule.absoluteLimit) + remedy
    }
}
