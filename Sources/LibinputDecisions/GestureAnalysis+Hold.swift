import Recordings
import TextTables

/// Holds: the timer that makes one, which with tapping on may be the tap machine's, and what
/// ends its wait first (the fingers lifting, a clickpad's press), or a hold beside slow motion.
extension GestureAnalysis {
    /// How long libinput waits for fingers to rest before it calls them a hold, by which timer,
    /// in words, and the line cited.
    struct HoldWait {
        var limit: Double
        var words: String
        var source: String
    }

    /// The fingers detected at `start` lifted, or a press of a clickpad's button reset the gesture
    /// machine, before the hold's wait: how long they rested.
    static func unfiredHold(since start: LibinputDecision, in analysis: SequenceAnalysis) -> Finding? {
        // The timer runs only where gestures do (`hold_enabled`, set in `tp_init_gesture`, read in
        // `tp_gesture_set_hold_timer`).
        guard analysis.rules.hasGestures(analysis.recording.device), let initial = Self.frame(of: start, in: analysis)
        else { return nil }
        let frames = analysis.recording.frames, sequence = analysis.sequence
        let detected = frames[initial].time
        let lift = analysis.liftTime(after: sequence.frames.upperBound)
        // A clickpad's button pressed by a finger cancels the gesture, and with it the hold timer
        // (`tp_gesture_post_events`): the machine goes to NONE by RESET, at the frame of the press.
        // A change of the finger count resets it too, and is no press.
        let reset = analysis.decisions(of: .gesture).first { decision in
            guard LibinputDecision.short(decision.event) == "RESET", let time = decision.cause?.time,
                time >= detected, time < lift, let frame = Self.frame(of: decision, in: analysis)
            else { return false }
            return analysis.pressesButton(frame)
        }
        let end = reset?.cause?.time ?? lift
        let fingers = Self.fingers(at: start, in: analysis)
        let rested = Double(Int64(end) - Int64(detected)) / 1000
        let wait = holdWait(fingers: fingers, detectedAt: detected, in: analysis)
        guard rested >= 0, rested < wait.limit else { return nil }
        guard reset == nil else {
            return Finding(
                rule: .holdTimer, time: end, touch: nil, value: rested, limit: wait.limit, unit: .ms, exceeds: false,
                agreesWithLog: true,
                text: "the touchpad's button, pressed by a finger \(SequenceAnalysis.ms(rested)) ms after libinput "
                    + "detected the fingers, reset its gesture machine (on a clickpad a button held by a finger "
                    + "allows no gesture), before " + wait.words,
                source: analysis.rules.holdReset)
        }
        return Finding(
            rule: .holdTimer, time: lift, touch: nil, value: rested, limit: wait.limit, unit: .ms, exceeds: false,
            agreesWithLog: nil,
            text: (analysis.isLast(sequence.frames.upperBound)
                ? (analysis.endsInCut ? "the part replayed (cut by --end) ended" : "the recording ended")
                : "the fingers lifted")
                + " \(SequenceAnalysis.ms(rested)) ms after libinput detected them, before " + wait.words,
            source: wait.source)
    }

    /// How long libinput waits for `fingers` detected at `detectedAt` to rest before it calls them
    /// a hold, and by which timer: its hold timer, except that with tapping on three fingers whose
    /// tap state is neither a hold nor dead wait for the tap state machine's timeout instead
    /// (`tp_gesture_use_hold_timer`), whose line is cited. The tap timer is set again at each
    /// touch and release; the hold timer counts time alone.
    static func holdWait(fingers: Int, detectedAt time: UInt64, in analysis: SequenceAnalysis) -> HoldWait {
        let tapState = analysis.decisions(of: .tap).last { ($0.cause?.time ?? 0) <= time }
            .map { LibinputDecision.short($0.to) }
        let onTap =
            analysis.tapToClick && fingers == 3
            && !["HOLD", "TOUCH_2_HOLD", "TOUCH_3_HOLD", "DEAD"].contains(tapState ?? "")
        guard onTap else {
            let limit = analysis.rules.holdTimeout(fingers: fingers)
            return HoldWait(
                limit: limit,
                words: "the hold timer's \(SequenceAnalysis.ms(limit)) ms with "
                    + "\(TextTable.counted(fingers, "finger")), which counts time alone",
                source: analysis.rules.source(.holdTimer))
        }
        let limit = analysis.rules.tapTimeout
        return HoldWait(
            limit: limit,
            words: "the tap state machine's \(SequenceAnalysis.ms(limit)) ms timeout, which times a hold of three "
                + "fingers with tapping on",
            source: analysis.rules.source(.tapTime, tapFingers: 3))
    }

    /// How far the touches down at `initial` moved by `frame`, the farthest of them, in mm.
    private static func moved(from initial: Int, to frame: Int, in analysis: SequenceAnalysis) -> Double {
        analysis.sequence.distances(from: initial, to: frame).values.max() ?? 0
    }

    /// One finger moving the pointer, still within `HOLD_AND_MOTION_THRESHOLD` of where it was
    /// detected when the hold timer fired: libinput begins a hold beside the motion, which the
    /// finger's moving past the threshold cancels (`tp_gesture_handle_event_on_state_pointer_motion`).
    static func holdBesideMotion(
        _ decision: LibinputDecision, since start: LibinputDecision, in analysis: SequenceAnalysis
    ) -> Finding? {
        guard LibinputDecision.short(decision.from) == "POINTER_MOTION" else { return nil }
        return holdMotion(decision, since: start, in: analysis, expectsUnder: true, source: .holdAndMotion) {
            moved, limit, under, waited in
            "the finger had moved \(moved) mm when the hold timer fired \(SequenceAnalysis.ms(waited)) ms after "
                + "libinput detected it, "
                + (under
                    ? "under the \(limit) mm a finger moving the pointer may have moved, so libinput began a 1-finger "
                        + "hold beside the motion, which its moving past \(limit) mm cancels"
                    : "no less than the \(limit) mm a finger moving the pointer may have moved, yet libinput began a "
                        + "1-finger hold beside the motion")
        }
    }

    /// A 1-finger hold whose finger moved the pointer while still within
    /// `HOLD_AND_MOTION_THRESHOLD` of where it was detected (`HOLD` to `HOLD_AND_MOTION`):
    /// libinput keeps the hold beside the motion (`tp_gesture_detect_motion_gestures`).
    static func holdKeptBesideMotion(
        _ decision: LibinputDecision, since start: LibinputDecision, in analysis: SequenceAnalysis
    ) -> Finding? {
        guard LibinputDecision.short(decision.from) == "HOLD" else { return nil }
        return holdMotion(decision, since: start, in: analysis, expectsUnder: true, source: nil) {
            moved, limit, under, _ in
            "the held finger first moved the pointer \(moved) mm from where libinput detected it, "
                + (under
                    ? "under the \(limit) mm past which a moving finger ends its hold, so libinput kept the hold and "
                        + "moved the pointer beside it"
                    : "no less than the \(limit) mm past which a moving finger ends its hold, yet libinput kept the "
                        + "hold beside the motion")
        }
    }

    /// A 1-finger hold left for pointer motion (`HOLD` or `HOLD_AND_MOTION` to `POINTER_MOTION`):
    /// the finger had moved past the 0.5 mm a held finger may move since libinput detected it
    /// (`tp_gesture_detect_motion_gestures`), which cancels the hold.
    static func holdLeftForMotion(
        _ decision: LibinputDecision, since start: LibinputDecision, in analysis: SequenceAnalysis
    ) -> Finding? {
        guard ["HOLD", "HOLD_AND_MOTION"].contains(LibinputDecision.short(decision.from)),
            LibinputDecision.short(decision.to) == "POINTER_MOTION"
        else { return nil }
        return holdMotion(decision, since: start, in: analysis, expectsUnder: false, source: nil) {
            moved, limit, under, _ in
            "the finger had moved \(moved) mm since libinput detected it, "
                + (under
                    ? "under the \(limit) mm past which a moving finger ends its hold, yet libinput cancelled the "
                        + "hold and moved the pointer"
                    : "no less than the \(limit) mm past which a moving finger ends its hold, so libinput cancelled "
                        + "the hold and moved the pointer")
        }
    }

    /// How far the finger had moved from where libinput detected it at `decision`, against
    /// `HOLD_AND_MOTION_THRESHOLD`: a finding in the words `say` gives (the distance and the limit
    /// as printed beside each other, whether it was under, the ms since detection), agreeing with
    /// libinput's log where being under is what `expectsUnder` says. Cited as `source`, else
    /// where the threshold is weighed.
    private static func holdMotion(
        _ decision: LibinputDecision, since start: LibinputDecision, in analysis: SequenceAnalysis,
        expectsUnder: Bool, source: Rule?, say: (String, String, Bool, Double) -> String
    ) -> Finding? {
        guard let at = decision.cause?.time, let frame = Self.frame(of: decision, in: analysis),
            let initial = Self.frame(of: start, in: analysis)
        else { return nil }
        let moved = moved(from: initial, to: frame, in: analysis)
        let waited = Double(Int64(at) - Int64(analysis.recording.frames[initial].time)) / 1000
        let limit = analysis.rules.holdAndMotionThreshold
        let printed = SequenceAnalysis.mm(moved, beside: limit)
        return Finding(
            rule: .holdAndMotion, time: at, touch: nil, value: moved, limit: limit, unit: .mm, exceeds: moved >= limit,
            agreesWithLog: (moved < limit) == expectsUnder,
            text: say(printed.value, printed.limit, moved < limit, waited),
            source: source.map { analysis.rules.source($0) } ?? analysis.rules.holdMotionThreshold)
    }

    /// A hold: the timer's wait since the fingers were detected, and how far they had moved by then.
    static func hold(
        _ decision: LibinputDecision, since start: LibinputDecision, in analysis: SequenceAnalysis
    ) -> (finding: Finding, fingers: Int)? {
        guard let frame = Self.frame(of: decision, in: analysis), let initial = Self.frame(of: start, in: analysis),
            let at = decision.cause?.time
        else { return nil }
        let fingers = Self.fingers(at: decision, in: analysis)
        let moved = moved(from: initial, to: frame, in: analysis)
        let detected = analysis.recording.frames[initial].time
        let waited = Double(Int64(at) - Int64(detected)) / 1000
        let wait = holdWait(fingers: fingers, detectedAt: detected, in: analysis)
        let finding = Finding(
            rule: .holdTimer, time: at, touch: nil, value: waited, limit: wait.limit, unit: .ms,
            exceeds: waited >= wait.limit,
            agreesWithLog: ["GESTURE_EVENT_HOLD_TIMEOUT", "GESTURE_EVENT_TAP_TIMEOUT"].contains(decision.event ?? "")
                ? waited >= wait.limit : nil,
            text: "the fingers were down \(SequenceAnalysis.ms(waited)) ms with no gesture decided (" + wait.words
                + "), moving at most \(SequenceAnalysis.mm(moved)) mm",
            source: wait.source)
        return (finding, fingers)
    }
}
