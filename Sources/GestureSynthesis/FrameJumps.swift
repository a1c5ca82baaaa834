import Foundation
import LibinputDecisions

/// The moves of a script's fingers from frame to frame, held to libinput's jump rule
/// (``TouchJumpRule``, from `tp_detect_jumps`): a path too fast, or a jitter within `set
/// jitter=`'s limit, can move a finger farther in one frame than libinput believes a finger
/// moves, and it discards the move.
struct FrameJumps {
    /// The last frame: its time and its points.
    private var last: (seconds: Double, points: [GestureScript.Point])?
    /// Each finger's history, as `tp_detect_jumps` keeps it.
    private var histories: [TouchJumpHistory] = []
    /// Whether the next frame is the one after fingers landed or lifted, where libinput starts
    /// every finger's history again a second time.
    private var restartsNext = false
    /// The longest jump since ``restart()``, mm in libinput's 12 ms frame; 0 for none.
    private(set) var longest = 0.0

    /// Weighs the frame of `points` at `seconds` against the last, as `tp_process_state` and
    /// `tp_detect_jumps` do: where fingers land or lift, every finger's history starts again there
    /// and at the frame after, so the first move weighed is the one after that; a finger that did
    /// not move is not weighed, and its last move stands. A finger still where the count changed
    /// starts again here too, where libinput would keep its last move: the script's fingers are not
    /// followed across a change of count.
    mutating func frame(_ points: [GestureScript.Point], at seconds: Double) {
        defer { last = (seconds, points) }
        guard let last, last.points.count == points.count else {
            histories = points.map { _ in TouchJumpHistory() }
            restartsNext = true
            return
        }
        let restarted = restartsNext
        restartsNext = false
        for i in points.indices {
            let (p, q) = (last.points[i], points[i])
            let distance = hypot(q.x - p.x, q.y - p.y)
            guard distance > 0,
                let move = histories[i].weigh(distance, over: (seconds - last.seconds) * 1e6, restarted: restarted),
                TouchJumpRule.isJump(move.scaled, after: move.last)
            else { continue }
            longest = max(longest, move.scaled)
        }
    }

    /// Forgets the jumps weighed, not the last frame: the next statement's are its own.
    mutating func restart() { longest = 0 }

    /// Why libinput may discard moves the fingers of a statement make, if it may: `moved` says
    /// whose moves ("the jitter of 3 mm moves its fingers"), `context` and `remedy` what follows
    /// the figure and the rule; `logged`, whether libinput's log tells of the pad's jumps
    /// (``LibinputDecisions/DeviceDescription/libinputLogsTouchJumps``).
    func note(_ moved: String, context: String = "", remedy: String = "", logged: Bool) -> String? {
        guard longest > 0 else { return nil }
        return moved + String(format: " up to %.1f mm in libinput's 12 ms frame", longest) + context
            + String(
                format: ": libinput takes a move %g mm longer than the last (or past %g mm) for a jump and may discard "
                    + "it (tp_detect_jumps)",
                TouchJumpRule.relativeLimit, TouchJumpRule.absoluteLimit)
            + (logged ? "" : ", on a semi-MT pad without a line in its log") + remedy
    }
}
