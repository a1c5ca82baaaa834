import Recordings
import TextTables

extension GestureAnalysis {
    /// A new finger count that ended a gesture: which touches came or went, and how many fingers
    /// were left down.
    struct CountEnding {
        var what: String
        var fingers: Int
    }

    /// A gesture that libinput ended by its finger-count timer: once a gesture has begun, a lift
    /// or a new touch sets the timer, and the new count ends the gesture only if it lasts 100 ms
    /// (`tp_gesture_handle_state`; from 1.27 `tp_gesture_update_finger_state`). From 1.27 its line is
    /// `GESTURE_EVENT_FINGER_SWITCH_TIMEOUT`, logged with a cancel; before, a cancel or reset at
    /// a timer 100 ms after the count changed, which no other timer of the gesture machine gives.
    /// The fingers counted are those not set aside as palms or thumbs. The three-finger drag's
    /// states wait on a new count too, but their timeout ends no gesture (it is passed over, lifts
    /// the drag's button or resumes the drag), so no finding here is theirs.
    static func fingerSwitch(
        _ decision: LibinputDecision, in analysis: SequenceAnalysis
    ) -> (finding: Finding, ending: CountEnding)? {
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
            TextTable.word("touch", "touches", for: slots.count) + " "
                + slots.sorted().map(String.init).joined(separator: ", ")
        }
        let what =
            !gone.isEmpty && came.isEmpty
            ? touches(gone) + " lifted"
            : !came.isEmpty && gone.isEmpty ? touches(came) + " came down" : "the fingers changed"
        // libinput still waits in `frame`, the last before its timer fired. The wait is cited
        // where it is said, as the finding's own citation follows the finding.
        let lost = analysis.lostWhileWaiting(from: changed, to: frame + 1, citing: analysis.rules.fingerCountWait)
        let finding = Finding(
            rule: .fingerSwitch, time: time, touch: nil, value: lasted, limit: limit, unit: .ms,
            exceeds: lasted >= limit, agreesWithLog: true, // told only where it fired when libinput's did
            text: "\(what) \(SequenceAnalysis.ms(lasted)) ms before, from \(counted(fingers: before)) to "
                + "\(counted(fingers: now)): libinput ends a gesture once a new finger count has lasted "
                + "\(SequenceAnalysis.ms(limit)) ms "
                + "(a briefer change is passed over), and goes on with \(counted(fingers: now))" + (lost ?? ""),
            source: analysis.rules.source(.fingerSwitch))
        return (finding, CountEnding(what: what, fingers: now))
    }

    /// The first frame libinput counted more fingers than its gesture machine makes gestures of,
    /// on a pad that makes gestures: it posts nothing while they are down.
    static func fingerLimit(_ analysis: SequenceAnalysis) -> Finding? {
        let limit = analysis.rules.gestureFingerLimit
        // The touches set aside are counted only at frames with more fingers down than the limit.
        guard analysis.sequence.mostFingers > limit, analysis.rules.hasGestures(analysis.recording.device),
            let (frame, fingers) = analysis.sequence.frames.lazy.filter({ analysis.sequence.fingers(at: $0) > limit })
                .map({ ($0, analysis.activeFingers(at: $0)) }).first(where: { $0.1 > limit })
        else { return nil }
        return Finding(
            rule: .gestureFingerLimit, time: analysis.recording.frames[frame].time, touch: nil, value: Double(fingers),
            limit: Double(limit), unit: .fingers, exceeds: true, agreesWithLog: nil,
            text: "\(fingers) fingers were down (palms and thumbs aside), and libinput's gesture machine makes no "
                + "gesture of more than \(limit)",
            source: analysis.rules.source(.gestureFingerLimit))
    }

    /// A finger count that changed after libinput settled on `outcome` but before it sent the
    /// gesture's first event: until then libinput takes a new count at once, without the 100 ms
    /// wait, and stays in the gesture's state (`!tp->gesture.started` in `tp_gesture_handle_state`;
    /// from 1.27 `tp_gesture_has_started`, in 1.28 `tp_gesture_debounce_finger_changes`), so the
    /// gesture went on with the new count. Told where the first event came with no other decision
    /// of the gesture machine between, at a frame counting another number of fingers than the
    /// decision did.
    static func countTakenAtOnce(_ outcome: Outcome, in analysis: SequenceAnalysis) -> Finding? {
        let frames = analysis.recording.frames
        guard let decided = outcome.decision.cause?.time, let from = frame(of: outcome.decision, in: analysis),
            let first = analysis.gestureSent.first(where: { $0.time >= decided && $0.gesture == outcome.state })?.time,
            first > decided,
            !analysis.decisions(of: .gesture).contains(where: { (decided + 1...first) ~= $0.cause?.time ?? 0 }),
            let to = frames.indexBeforePartition(where: { $0.time > first }), to > from
        else { return nil }
        let count = analysis.activeFingers
        let now = count(to)
        guard now > 0, now != outcome.fingers else { return nil }
        var changed = to
        while changed > from + 1, count(changed - 1) == now { changed -= 1 }
        let after = Double(frames[changed].time - decided) / 1000
        return Finding(
            rule: .fingerSwitch, time: frames[changed].time, touch: nil, value: after, limit: nil, unit: .ms,
            exceeds: false, agreesWithLog: nil,
            text: "the fingers went from \(counted(fingers: outcome.fingers)) to \(counted(fingers: now)) "
                + "\(SequenceAnalysis.ms(after)) ms after libinput settled on a \(outcome.state), before it sent "
                + "any: until a gesture's first event libinput takes a new finger count at once (the "
                + "\(SequenceAnalysis.ms(analysis.rules.fingerSwitchTimeout)) ms wait comes after) and keeps the "
                + "gesture, so its \(outcome.state) went on with \(counted(fingers: now))",
            source: analysis.rules.fingerCountAtOnce)
    }

    /// Finger counts that changed during a gesture and came back before libinput's 100 ms timer
    /// fired: passed over, but the gesture machine sent nothing while it waited
    /// (`finger_count_pending`), which a swipe's or a scroll's gap shows. The states that wait
    /// are those of a gesture under way (by its state from 1.27, `tp_gesture_debounce_finger_changes`
    /// in 1.28; before, once the gesture had begun).
    static func fingerCountBlips(_ analysis: SequenceAnalysis) -> [Finding] {
        let frames = analysis.recording.frames
        let limit = UInt64(analysis.rules.fingerSwitchTimeout * 1000)
        let gestures = analysis.decisions(of: .gesture).filter { $0.to != nil && $0.cause != nil }
        // The count libinput goes by, and the one pending: since when, and when its timer was set.
        var (count, pending): (Int, (count: Int, frame: Int, timer: Int)?) = (0, nil)
        var findings: [Finding] = []
        for f in analysis.sequence.frames {
            let time = frames[f].time
            // The timer fired: the new count holds (``fingerSwitch(_:in:)`` tells it).
            if let p = pending, time >= frames[p.timer].time + limit { (count, pending) = (p.count, nil) }
            let last = gestures.last { ($0.cause?.time ?? .max) < time }
            var state = last.map { LibinputDecision.short($0.to) } ?? "NONE"
            let since = last?.cause?.time ?? 0
            let sent = analysis.gestureSent.contains { $0.time >= since && $0.time < time }
            // From 1.27 a gesture's first event takes `*_START` to the gesture's state, unlogged.
            if state.hasSuffix("_START"), sent { state.removeLast("_START".count) }
            let active = analysis.activeFingers(at: f)
            if active == count {
                if let p = pending, let blip = blip(analysis, from: p.frame, to: f, count: count, pending: p.count) {
                    findings.append(blip)
                }
                pending = nil
            } else if active == 0 || !analysis.rules.waitsOnFingerCount(in: state, sent: sent) {
                (count, pending) = (active, nil)
            } else if active != pending?.count {
                pending = (active, pending?.frame ?? f, f)
            }
        }
        return findings
    }

    private static func blip(
        _ analysis: SequenceAnalysis, from start: Int, to end: Int, count: Int, pending: Int
    ) -> Finding? {
        let frames = analysis.recording.frames
        let lasted = Double(frames[end].time - frames[start].time) / 1000
        guard let lost = analysis.lostWhileWaiting(from: start, to: end) else { return nil }
        return Finding(
            rule: .fingerSwitch, time: frames[start].time, touch: nil, value: lasted,
            limit: analysis.rules.fingerSwitchTimeout, unit: .ms, exceeds: false, agreesWithLog: nil,
            text: "the fingers went from \(counted(fingers: count)) to \(counted(fingers: pending)) and back in "
                + "\(SequenceAnalysis.ms(lasted)) ms, under the "
                + "\(SequenceAnalysis.ms(analysis.rules.fingerSwitchTimeout)) ms a new count must last: passed over"
                + lost,
            source: analysis.rules.fingerCountWait)
    }
}

extension SequenceAnalysis {
    /// What the gesture machine did not send while it waited on a new finger count from frame
    /// `start` to `end` (`if (tp->gesture.finger_count_pending) return;`): the touches down
    /// throughout and how far they moved, said after a finding, the wait cited as `citing`; nil
    /// when none moved.
    func lostWhileWaiting(from start: Int, to end: Int, citing: String? = nil) -> String? {
        let moved = sequence.distances(from: start - 1, to: end - 1).sorted { $0.key < $1.key }.filter {
            $0.value >= 0.1
        }
        guard !moved.isEmpty else { return nil }
        let each = moved.enumerated().map { index, entry in
            let swap = swapStep(of: entry.key, from: start, to: end).map {
                " (a step of \(Self.mm($0.mm)) mm in the frame touch \($0.lifted) lifted, to where touch "
                    + "\($0.lifted) had been: the pad's tracking gave the finger that stayed touch "
                    + "\(entry.key)'s slot; no finger travelled so far)"
            }
            let counted = countStep(of: entry.key, from: start, to: end).map {
                " (a step of \(Self.mm($0.mm)) mm in the frame the fingers went from \($0.from) to \($0.to), which "
                    + "the pad counts by its BTN_TOOL_* keys: it reports one position for them, which a new count "
                    + "moves, as libinput expects (it restarts the touches' motion there, "
                    + "\(rules.fingerCountReset)); no finger travelled so far)"
            }
            return "touch \(entry.key) \(index == 0 ? "moved " : "")\(Self.mm(entry.value)) mm"
                + (swap ?? counted ?? "")
        }
        return "; libinput sent nothing of the gesture while it waited" + (citing.map { " (\($0))" } ?? "")
            + ", in which " + each.joined(separator: ", ")
    }

    /// The frame from `start` to `end` in which `touch` stepped at least ``untravelledStep`` as
    /// libinput counted a finger come down or lift that the pad gives no position of its own
    /// (``TouchSequence/untrackedFingerChanges``): the one position such a pad reports for its
    /// fingers (a semi-MT pad's box corner, a one-slot pad's finger) moves with their count.
    private func countStep(of touch: Int, from start: Int, to end: Int) -> (mm: Double, from: Int, to: Int)? {
        let changes = Set(sequence.untrackedFingerChanges)
        for frame in start..<end where changes.contains(frame) {
            guard let from = sequence.positions(at: frame - 1)[touch]?.mm,
                let to = sequence.positions(at: frame)[touch]?.mm, to.distance(to: from) >= Self.untravelledStep
            else { continue }
            return (to.distance(to: from), sequence.fingers(at: frame - 1), sequence.fingers(at: frame))
        }
        return nil
    }

    /// The step `touch` made, from `start` to `end`, where the pad handed it the finger that
    /// stayed as another touch lifted (``liftHandover(at:of:)``), with that touch.
    private func swapStep(of touch: Int, from start: Int, to end: Int) -> (mm: Double, lifted: Int)? {
        (start..<end).lazy.compactMap { self.liftHandover(at: $0, of: touch) }.first
    }
}

/// "1 finger", "3 fingers".
private func counted(fingers n: Int) -> String { TextTable.counted(n, "finger") }
