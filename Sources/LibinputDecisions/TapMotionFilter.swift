import Recordings

/// The tap machine holding motion back: in the states where moving on would decide whether the
/// fingers tap, `tp_tap_handle_state` filters motion, and `tp_post_events` then cancels a scroll,
/// pinch or swipe that has begun (`tp_gesture_cancel_motion_gestures`) before the gesture machine
/// runs again, at that same frame. libinput cancels a hold with motion and (from 1.31) a
/// three-finger drag-or-swipe so too; neither is told here: a hold takes on motion only from
/// motion the gesture machine sees, which the filter holds back (the hold stays a hold, which
/// it does not cancel), so a new finger must come first, a finger count changed and told
/// elsewhere; the drag is off unless configured, which TouchSynth never does.
extension SequenceAnalysis {
    /// The tap states that filter motion (`tp_tap_handle_state`'s closing switch), alike in the
    /// versions read.
    static let tapStatesFilteringMotion: Set = [
        "TOUCH", "TOUCH_2", "TOUCH_3", "1FGTAP_TAPPED", "2FGTAP_TAPPED", "3FGTAP_TAPPED",
        "1FGTAP_DRAGGING_OR_DOUBLETAP", "2FGTAP_DRAGGING_OR_DOUBLETAP", "3FGTAP_DRAGGING_OR_DOUBLETAP",
        "1FGTAP_DRAGGING_OR_TAP", "2FGTAP_DRAGGING_OR_TAP", "3FGTAP_DRAGGING_OR_TAP",
    ]

    /// The gestures libinput cancelled at a frame of the pad while its tap machine held motion
    /// back, in words with the tap state, how often and the lines cited; nil where it cancelled
    /// none so. A cancel at a frame whose finger count changed or that pressed the button has
    /// other causes, told elsewhere; a gesture not begun (no event sent) is not cancelled.
    var tapHeldMotionBack: String? {
        guard tapToClick else { return nil }
        let frames = recording.frames
        let gestures = decisions(of: .gesture), taps = decisions(of: .tap)
        var cut: [(gesture: LibinputGesture, tapState: String, again: Bool)] = []
        for (index, decision) in gestures.enumerated() {
            guard ["RESET", "CANCEL"].contains(LibinputDecision.short(decision.event)),
                let from = decision.from.map(LibinputDecision.short), ["SCROLL", "PINCH", "SWIPE"].contains(from),
                let gesture = LibinputGesture(state: from),
                case .frame(0, let frame, _) = decision.cause, frame > sequence.frames.lowerBound,
                activeFingers(at: frame) == activeFingers(at: frame - 1), !pressesButton(frame)
            else { continue }
            let time = frames[frame].time
            let tapState = taps.last { ($0.cause?.time ?? 0) <= time }.map {
                LibinputDecision.short($0.to)
            }
            let since = gestures[..<index].last { $0.to.map(LibinputDecision.short) == from }?.cause?.time ?? 0
            guard let tapState, Self.tapStatesFilteringMotion.contains(tapState),
                gestureSent.contains(where: { $0.time >= since && $0.time < time })
            else { continue }
            // The gesture machine runs again at once, and may take the same state from NONE.
            let again = gestures[(index + 1)...].prefix { $0.cause == decision.cause }.contains {
                $0.to.map(LibinputDecision.short) == from
            }
            cut.append((gesture, tapState, again))
        }
        guard let first = cut.first else { return nil }
        let times = cut.count == 1 ? "once" : "\(cut.count) times"
        let ended = first.gesture == .scroll ? "a scroll stop (values of 0)" : "its end, cancelled"
        // Begun again, the gesture goes on moving: its state's handler does not weigh the filter.
        return "while its tap machine waited in \(first.tapState) to know whether this was a tap, it asked for "
            + "motion to be held back (tp_tap_handle_state, \(rules.tapMotionFilter)), and libinput cancelled the "
            + "\(first.gesture) it had begun \(times) (tp_gesture_cancel_motion_gestures, "
            + "\(rules.motionGesturesCancelled))"
            + (first.again
                ? ", beginning it again at the same frame, so that its motion went on in pieces, each ending in "
                    + ended
                : "")
    }
}
