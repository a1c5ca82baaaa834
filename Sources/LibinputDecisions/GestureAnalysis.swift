import Recordings

/// libinput's gesture decisions in one sequence, each recomputed at the frame or timer that made
/// it by the steps of `tp_gesture_detect_motion_gestures` and the scroll-to-pinch switch.
struct GestureAnalysis {
    /// What libinput's gesture machine settled on, the deciding decision, and the numbers.
    struct Outcome {
        var state: LibinputGesture
        var fingers: Int
        var decision: LibinputDecision
        /// The finding that decided it, by the recomputed rules.
        var deciding: Finding?
        /// A new finger count libinput took before the gesture's first event, which it went on with.
        var countTaken: Finding?
        /// The new finger count, lasting past libinput's timer, that ended the gesture.
        var endedByCount: CountEnding?
    }

    private(set) var findings: [Finding] = []
    private(set) var outcomes: [Outcome] = []

    init(analysis: SequenceAnalysis) {
        if let limit = Self.fingerLimit(analysis) { findings.append(limit) }
        let gestures = analysis.decisions(of: .gesture)
        var detected: LibinputDecision?
        for decision in gestures {
            guard let to = decision.to else { continue }
            // The fingers detected set libinput's `initial_time` and each touch's initial point; a
            // reset within a transition (1.22's log) does not.
            if decision.event == "GESTURE_EVENT_FINGER_DETECTED" {
                detected = decision
                continue
            }
            let kind = LibinputGesture(state: to)
            if let kind, kind.isMeasured,
                let support = Self.support(
                    analysis, at: decision.cause?.time ?? 0, fingers: Self.fingers(at: decision, in: analysis),
                    measure: detected.flatMap { Self.measure(decision, since: $0, in: analysis) })
            {
                if !findings.contains(where: { $0.rule == .gestureSupport }) { findings.append(support) }
                outcomes.append(
                    Outcome(
                        state: kind, fingers: Self.fingers(at: decision, in: analysis), decision: decision,
                        deciding: support))
                continue
            }
            // libinput 1.31 logs the timer's cancel and its switch both.
            if let switched = Self.fingerSwitch(decision, in: analysis),
                !findings.contains(where: { $0.rule == .fingerSwitch && $0.time == switched.finding.time })
            {
                findings.append(switched.finding)
                // A hold kept beside the pointer's motion is the hold's state still.
                let from =
                    LibinputDecision.short(decision.from) == "HOLD_AND_MOTION"
                    ? .hold : decision.from.flatMap { LibinputGesture(state: $0) }
                if let last = outcomes.indices.last, outcomes[last].state == from {
                    outcomes[last].endedByCount = switched.ending
                }
            }
            if LibinputDecision.short(to) == "HOLD_AND_MOTION", let start = detected,
                let beside = Self.holdBesideMotion(decision, since: start, in: analysis)
                    ?? Self.holdKeptBesideMotion(decision, since: start, in: analysis)
            {
                findings.append(beside)
                continue
            }
            if let start = detected, let left = Self.holdLeftForMotion(decision, since: start, in: analysis) {
                findings.append(left)
            }
            if kind == .hold, let start = detected, let hold = Self.hold(decision, since: start, in: analysis) {
                findings.append(hold.finding)
                outcomes.append(
                    Outcome(state: .hold, fingers: hold.fingers, decision: decision, deciding: hold.finding))
                continue
            }
            // Three-finger drag chooses between drag and swipe by its own 5 mm, which the closing line
            // tells, not by a gesture's box or directions.
            if let kind, kind == .threeFingerDrag || [decision.from, to].contains(where: Self.isThreeFingerDrags) {
                let fingers = Self.fingers(at: decision, in: analysis)
                // The closing line tells the timer's weighing as drag against swipe, not against a pinch.
                if decision.event == "GESTURE_EVENT_3FG_DRAG_OR_SWIPE_TIMEOUT", let start = detected,
                    let weighed = Self.measure(decision, since: start, in: analysis)?.threeFingerDragOrSwipe(
                        swiped: kind == .swipe)
                {
                    findings.append(weighed)
                }
                outcomes.append(Outcome(state: kind, fingers: fingers, decision: decision))
                continue
            }
            guard let kind, kind.isMeasured, let start = detected,
                let frame = Self.frame(of: decision, in: analysis),
                let initial = Self.frame(of: start, in: analysis)
            else {
                if let kind {
                    outcomes.append(
                        Outcome(state: kind, fingers: Self.fingers(at: decision, in: analysis), decision: decision))
                }
                continue
            }
            let measured = GestureMeasure(
                analysis: analysis, initialFrame: initial, frame: frame, at: decision.cause?.time ?? 0,
                fingers: Self.fingers(at: decision, in: analysis))
            let fromScroll = LibinputGesture(state: decision.from ?? "") == .scroll
            let made =
                fromScroll && kind == .pinch
                ? measured.scrollToPinch(decided: kind, starting: decision.from == "GESTURE_STATE_SCROLL_START")
                : measured.motion(decided: kind)
            findings += made.findings
            outcomes.append(
                Outcome(state: kind, fingers: measured.fingers, decision: decision, deciding: made.deciding))
            if kind == .scroll, !fromScroll,
                let closing = Self.pinchWindowClosing(
                    initial: initial, scroll: frame, fingers: measured.fingers, gestures: gestures, in: analysis)
            {
                findings.append(closing)
            }
        }
        for index in outcomes.indices {
            outcomes[index].countTaken = Self.countTakenAtOnce(outcomes[index], in: analysis)
        }
        findings += outcomes.compactMap(\.countTaken) + Self.fingerCountBlips(analysis)
        // Without gesture support, three or more fingers leave the gesture machine where it is.
        if outcomes.isEmpty, analysis.sequence.mostFingers >= 3,
            let support = Self.support(analysis, at: analysis.sequence.start, fingers: analysis.sequence.mostFingers)
        {
            findings.append(support)
        }
        // Fingers lifted before the hold timer fired leave the machine with nothing to report.
        if outcomes.isEmpty, let start = detected, let short = Self.unfiredHold(since: start, in: analysis) {
            findings.append(short)
        }
        findings += Self.restingThumbs(in: analysis)
    }

    /// Whether `state` is one of three-finger drag's (`3FG_DRAG_OR_SWIPE_START`, `3FG_DRAG`…).
    private static func isThreeFingerDrags(_ state: String?) -> Bool {
        LibinputDecision.short(state).hasPrefix("3FG_DRAG")
    }

    /// Each touch libinput's gesture machine set aside as a resting thumb while it told the
    /// gesture: one touch moving past `max_move` while the lower one rested under `min_move`
    /// (`tp_gesture_detect_motion_gestures`). A touch the rules of several touches set aside in
    /// that frame is theirs (``ThumbContext``), and one leaving PINCH may have lost its pinch by
    /// a finger's speed (`tp_thumb_update_touch`), which is not recomputed: said only where the
    /// numbers show the gesture machine's rule.
    static func restingThumbs(in analysis: SequenceAnalysis) -> [Finding] {
        guard analysis.thumbLines != nil else { return [] }
        // The fingers detected, and touches begun by pressure or size, each with its frame.
        let detections = analysis.decisions(of: .gesture).filter { $0.event == "GESTURE_EVENT_FINGER_DETECTED" }
            .compactMap { d in Self.frame(of: d, in: analysis).map { (decision: d, frame: $0) } }
        let begins = Set(
            analysis.decisions(of: .touchDetection).filter { $0.touchBegunBy != nil }
                .compactMap { Self.frame(of: $0, in: analysis) })
        return analysis.decisions(of: .thumb).compactMap { decision in
            guard let touch = decision.touch,
                decision.thumbState?.isSuppressed == true,
                let frame = frame(of: decision, in: analysis), frame > 0,
                !analysis.thumbContexts.contains(where: { $0.frame == frame }),
                // A touch begun again by pressure or size runs the rules of several touches too.
                !begins.contains(frame),
                let detected = detections.last(where: { $0.frame <= frame })
            else { return nil }
            let initial = detected.frame
            let fingers =
                detected.decision.fingers
                ?? max(0, analysis.sequence.fingers(at: frame) - analysis.inactiveForGesture(at: frame - 1).count)
            let measure = GestureMeasure(
                analysis: analysis, initialFrame: initial, frame: frame, at: decision.cause?.time ?? 0,
                fingers: fingers, asideAt: frame - 1)
            let fromPinch = decision.thumbStateLeft == .pinch
            return measure.restingThumb(suppressed: touch, mayBeSpeed: fromPinch)
        }
    }

    /// The fingers a decision was made with: as libinput logged them (1.27 and later), else as
    /// counted at its frame.
    static func fingers(at decision: LibinputDecision, in analysis: SequenceAnalysis) -> Int {
        decision.fingers
            ?? frame(of: decision, in: analysis).map(analysis.activeFingers)
            ?? 0
    }

    /// The scroll begun at frame `scroll` measured at the last frame of the pinch timeout, when
    /// the machine still scrolled as the window closed.
    private static func pinchWindowClosing(
        initial: Int, scroll: Int, fingers: Int, gestures: [LibinputDecision], in analysis: SequenceAnalysis
    ) -> Finding? {
        let frames = analysis.recording.frames
        let closes = frames[initial].time + UInt64(analysis.rules.pinchTimeout * 1000)
        let next = gestures.compactMap { frame(of: $0, in: analysis) }.first { $0 > scroll } ?? .max
        let end = min(frames.count, analysis.sequence.frames.upperBound + 1)
        // Only a scroll still going when the window closed stayed one for want of the pinch's rule.
        guard next == .max || next >= end || frames[next].time >= closes,
            let last = (scroll..<end).last(where: { frames[$0].time < closes && $0 < next })
        else { return nil }
        return GestureMeasure(
            analysis: analysis, initialFrame: initial, frame: last, at: frames[last].time, fingers: fingers
        ).pinchWindowClosing()
    }

    /// The fingers' motion from where they were `detected` to `decision`, if both have frames.
    static func measure(
        _ decision: LibinputDecision, since detected: LibinputDecision, in analysis: SequenceAnalysis
    ) -> GestureMeasure? {
        guard let at = frame(of: decision, in: analysis), let initial = frame(of: detected, in: analysis) else {
            return nil
        }
        return GestureMeasure(
            analysis: analysis, initialFrame: initial, frame: at, at: decision.cause?.time ?? 0,
            fingers: fingers(at: decision, in: analysis))
    }

    /// The recording frame a decision was made at: its own, or for a timer or fault the last one
    /// libinput had read. A timer due at a frame's instant fires before the frame is read, as
    /// libinput reading it would run the timer first (`virtual-clock.c`).
    static func frame(of decision: LibinputDecision, in analysis: SequenceAnalysis) -> Int? {
        switch decision.cause {
        case .frame(0, let index, _): return index
        case .timers(let time): return analysis.recording.frames.indexBeforePartition(where: { $0.time >= time })
        case .fault(let time): return analysis.recording.frames.indexBeforePartition(where: { $0.time > time })
        default: return nil
        }
    }
}
