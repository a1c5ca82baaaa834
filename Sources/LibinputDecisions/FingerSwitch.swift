import Recordings

extension GestureAnalysis {
    /// A gesture that libinput ended by its finger-count timer: once a gesture has begun, a lift
    /// or a new touch sets the timer, and the new count ends the gesture only if it lasts 100 ms
    /// (`tp_gesture_handle_state`; from 1.27 `tp_gesture_update_finger_state`). From 1.27 its line is
    /// `GESTURE_EVENT_FINGER_SWITCH_TIMEOUT`, logged with a cancel; before, a cancel or reset at
    /// a timer 100 ms after the count changed, which no other timer of the gesture machine gives.
    /// The fingers counted are those not set aside as palms or thumbs.
    static func fingerSwitch(_ decision: LibinputDecision, in analysis: SequenceAnalysis) -> Finding? {
        let before127 = LibinputChange.isBefore(analysis.rules.version, "1.27.0")
        guard case .timers(let time) = decision.cause,
            decision.event == "GESTURE_EVENT_FINGER_SWITCH_TIMEOUT"
                || (before127 && ["GESTURE_EVENT_CANCEL", "GESTURE_EVENT_RESET"].contains(decision.event)),
            let from = decision.from.map(LibinputDecision.short),
            ["SCROLL", "PINCH", "SWIPE", "HOLD", "HOLD_AND_MOTION"].contains(from),
            let frame = Self.frame(of: decision, in: analysis)
        else { return nil }
        let sequence = analysis.sequence
        let count = analysis.activeFingers
        let now = count(frame)
        var changed = frame
        while changed > sequence.frames.lowerBound, count(changed - 1) == now { changed -= 1 }
        guard changed > sequence.frames.lowerBound, now > 0 else { return nil }
        let before = count(changed - 1)
        let frames = analysis.recording.frames
        let lasted = Double(Int64(time) - Int64(frames[changed].time)) / 1000
        let limit = analysis.rules.fingerSwitchTimeout
        // A timer due at another moment is not this one: the count found is not libinput's.
        guard abs(lasted - limit) < 1 else { return nil }
        let (down, downAfter) = (
            Set(sequence.positions(at: changed - 1).keys), Set(sequence.positions(at: changed).keys)
        )
        let (gone, came) = (down.subtracting(downAfter), downAfter.subtracting(down))
        func touches(_ slots: Set<Int>) -> String {
            (slots.count == 1 ? "touch " : "touches ") + slots.sorted().map(String.init).joined(separator: ", ")
        }
        let what =
            !gone.isEmpty && came.isEmpty
            ? touches(gone) + " lifted"
            : !came.isEmpty && gone.isEmpty ? touches(came) + " came down" : "the fingers changed"
        let fingers = { (n: Int) in "\(n) finger\(n == 1 ? "" : "s")" }
        return Finding(
            rule: .fingerSwitch, time: time, touch: nil, value: lasted, limit: limit, unit: "ms",
            exceeds: lasted >= limit, agreesWithLog: true, // told only where it fired when libinput's did
            text: "\(what) \(SequenceAnalysis.ms(lasted)) ms before, from \(fingers(before)) to \(fingers(now)): "
                + "libinput ends a gesture once a new finger count has lasted \(SequenceAnalysis.ms(limit)) ms "
                + "(a briefer change is passed over), and goes on with \(fingers(now))",
            source: analysis.rules.source(.fingerSwitch))
    }
}
