/// The numbers of one gesture decision: the two touches libinput follows, how far each moved
/// since the fingers were detected, how far apart they are, and which way they went.
struct GestureMeasure {
    /// A touch libinput follows: its slot, where it was when the fingers were detected, and now.
    typealias Touch = (slot: Int, from: PointMM, to: PointMM)

    let analysis: SequenceAnalysis
    let fingers: Int
    let elapsed: Double
    let at: UInt64
    let touches: [Touch]
    /// When the frame before came (ms after the fingers were detected), if by then the box's time
    /// had passed and both touches were within it, each under 1 mm from where it began, where
    /// libinput decides nothing: the gate, not the time, held the decision to this frame.
    let stillBefore: Double?

    /// `asideAt`: the frame whose touches set aside are not followed (`frame` by default).
    init(analysis: SequenceAnalysis, initialFrame: Int, frame: Int, at: UInt64, fingers: Int, asideAt: Int? = nil) {
        self.analysis = analysis
        self.at = at
        let start = analysis.sequence.positions(at: initialFrame)
        let now = analysis.sequence.positions(at: frame)
        self.fingers = fingers
        let initialTime = analysis.recording.frames[initialFrame].time
        elapsed = Double(Int64(at) - Int64(initialTime)) / 1000
        // Of the touches libinput had not set aside nor left resting on a software button.
        let aside = analysis.inactiveForGesture(at: asideAt ?? frame)
        let slots = start.keys.filter { now[$0] != nil && !aside.contains($0) }.sorted()
        touches = GesturePair.followed(ys: slots.map { start[$0]!.y }).map {
            (slots[$0], start[slots[$0]]!.mm, now[slots[$0]]!.mm)
        }
        let rules = analysis.rules
        let waited = frame > initialFrame
        let before = waited ? Double(analysis.recording.frames[frame - 1].time - initialTime) / 1000 : 0
        let was = waited ? touches.compactMap { analysis.sequence.positions(at: frame - 1)[$0.slot]?.mm } : []
        stillBefore =
            before > rules.swipeTimeout && touches.count == 2 && was.count == 2
                && rules.isStill(zip(touches, was).map { ($0.from, $1) }) && rules.inScrollBox(was[0], was[1])
            ? before : nil
    }

    private var rules: RuleBook { analysis.rules }

    private func moved(_ t: Touch) -> Double { t.to.distance(to: t.from) }

    /// The timer that tells a three-finger drag from a swipe (1.31 and later,
    /// `tp_gesture_handle_event_on_state_3fg_drag_or_swipe`): the two touches followed moved
    /// `threeFingerSwipeMove` on average, a swipe; less, a drag. `swiped`: what libinput made.
    func threeFingerDragOrSwipe(swiped: Bool) -> Finding? {
        guard touches.count == 2 else { return nil }
        let average = (moved(touches[0]) + moved(touches[1])) / 2
        let limit = rules.threeFingerSwipeMove
        let exceeds = average >= limit
        let printed = SequenceAnalysis.mm(average, beside: limit)
        // The limit as libinput's constant reads, `5`, unless the value needs its decimals.
        let (value, bound) = (
            printed.value, Double(printed.limit) == limit ? SequenceAnalysis.number(limit) : printed.limit
        )
        return Finding(
            rule: .threeFingerDragOrSwipe, time: at, value: average, limit: limit, unit: .mm, exceeds: exceeds,
            agreesWithLog: exceeds == swiped,
            text: "\(SequenceAnalysis.ms(elapsed)) ms after the fingers were detected, the two touches libinput "
                + "follows had moved \(value) mm on average, "
                + (exceeds ? "at least the \(bound) mm that make a swipe of them" : "under the \(bound) mm of a swipe"),
            source: rules.source(.threeFingerDragOrSwipe))
    }

    /// How far apart the two touches are now, across and down.
    private var apart: (x: Double, y: Double) {
        (abs(touches[0].to.x - touches[1].to.x), abs(touches[0].to.y - touches[1].to.y))
    }

    /// Neither touch has moved enough for any decision.
    private var isStill: Bool { rules.isStill(touches.map { ($0.from, $0.to) }) }

    /// The touches within a scroll's 40 × 7 mm once the swipe timeout has passed.
    private var inScrollBox: Bool { rules.inScrollBox(touches[0].to, touches[1].to) && elapsed > rules.swipeTimeout }

    /// The two touches as libinput's resting-thumb step takes them: the lower is the thumb (the
    /// second, where they are level).
    private var thumbAndFinger: (thumb: Touch, finger: Touch) {
        touches[0].to.y > touches[1].to.y ? (touches[0], touches[1]) : (touches[1], touches[0])
    }

    private func direction(_ t: Touch) -> CompassDirection {
        CompassDirection(x: t.to.x - t.from.x, y: t.to.y - t.from.y)
    }

    private func movementFindings(limit: Double, _ which: RuleBook.MovementLimit) -> [Finding] {
        touches.map { t in
            let d = moved(t)
            let printed = SequenceAnalysis.mm(d, beside: limit)
            return Finding(
                rule: .gestureMovement, time: at, touch: t.slot, value: d, limit: limit, unit: .mm,
                exceeds: d >= limit,
                agreesWithLog: nil,
                text: "touch \(t.slot) moved \(printed.value) mm in \(SequenceAnalysis.ms(elapsed)) ms since "
                    + "the fingers were detected (\(printed.limit) mm each lets "
                    + (which == .pinch ? "a scroll turn pinch)" : "the directions decide)"),
                source: rules.source(.gestureMovement, movement: which))
        }
    }

    /// The directions step, which libinput reaches only when both touches moved `min_move` and
    /// nothing before decided.
    private func directionFinding(decided: LibinputGesture, predicted: LibinputGesture) -> Finding {
        let a = direction(touches[0]), b = direction(touches[1])
        let same = a.isSame(as: b)
        let vague = [a, b].contains { $0.octants.nonzeroBitCount == 3 }
        let beside = a.neighbours(of: b).map { " (\($0.0) beside \($0.1))" } ?? ""
        let verdict =
            !same
            ? "different ways"
            : a.octants & b.octants != 0 ? "the same way" : "neighbouring ways\(beside), the same to libinput"
        return Finding(
            rule: .gestureDirection, time: at, touch: nil, value: same ? 1 : 0, limit: nil, unit: .none,
            exceeds: !same, agreesWithLog: predicted == decided,
            text: "touch \(touches[0].slot) went \(a.name) (\(SequenceAnalysis.mm(moved(touches[0]))) mm), touch "
                + "\(touches[1].slot) went \(b.name) (\(SequenceAnalysis.mm(moved(touches[1]))) mm): \(verdict), "
                + "by libinput's compass octants" + (vague ? " (a move under 2 mm each way counts as three)" : ""),
            source: rules.source(.gestureDirection))
    }

    /// `tp_gesture_detect_motion_gestures`, steps in its order, for two tracked touches.
    func motion(decided: LibinputGesture) -> (findings: [Finding], deciding: Finding?) {
        let slots = rules.slots(of: analysis.recording.device)
        if rules.beyondSlots(fingers: fingers, slots: slots) {
            let finding = Finding(
                rule: .gestureFakeFingers, time: at, touch: nil, value: Double(fingers), limit: Double(slots),
                unit: .fingers, exceeds: true, agreesWithLog: [.swipe, .threeFingerDrag].contains(decided),
                text: "\(fingers) fingers on a touchpad of \(slots) slots: libinput cannot tell where each is, so "
                    + "three or more are a swipe at once, decided as they land (its events wait for their motion)",
                source: rules.source(.gestureFakeFingers))
            return ([finding], finding)
        }
        guard touches.count == 2 else { return ([], nil) }
        let first = moved(touches[0]), second = moved(touches[1])
        let (dx, dy) = apart
        let minMove = rules.minMove(fingers: fingers), maxMove = rules.maxMove(fingers: fingers)
        let together: LibinputGesture = fingers == 2 ? .scroll : .swipe
        var predicted: LibinputGesture?
        var deciding: Rule?
        if isStill {
            predicted = nil
        } else if inScrollBox {
            (predicted, deciding) = (together, .gestureSpacing)
        } else if max(first, second) >= maxMove, let alone = oneMoved(minMove: minMove) {
            (predicted, deciding) = (alone, .gestureMovement)
        } else if min(first, second) >= minMove {
            let same = direction(touches[0]).isSame(as: direction(touches[1]))
            (predicted, deciding) = (same ? together : .pinch, .gestureDirection)
        }
        // Past the limit when outside the box, whatever the time: the text says when it counts.
        let n = SequenceAnalysis.number
        let box = "\(n(rules.scrollBox.x)) × \(n(rules.scrollBox.y)) mm"
        let spacing = Finding(
            rule: .gestureSpacing, time: at, touch: nil, value: dx, limit: rules.scrollBox.x, unit: .mm,
            exceeds: dx >= rules.scrollBox.x || dy >= rules.scrollBox.y,
            agreesWithLog: deciding == .gestureSpacing ? predicted == decided : nil,
            text: "the touches were \(SequenceAnalysis.mm(dx)) × \(SequenceAnalysis.mm(dy)) mm apart "
                + "\(SequenceAnalysis.ms(elapsed)) ms after the fingers were detected "
                + (inScrollBox
                    ? "(within \(box) after \(n(rules.swipeTimeout)) ms: a \(together)"
                        + (stillBefore != nil && deciding == .gestureSpacing
                            ? ", told once a touch had moved \(n(rules.stillMovement)) mm)" : ")")
                    : elapsed > rules.swipeTimeout
                        ? "(not within \(box), so the box did not decide)"
                        : "(too soon to count: libinput weighs the \(box) box from \(n(rules.swipeTimeout)) ms on)"),
            source: rules.source(.gestureSpacing),
            box: Finding.Box(x: dx, y: dy, limitX: rules.scrollBox.x, limitY: rules.scrollBox.y))
        let movement = movementFindings(limit: minMove, .minMove)
        let direction = predicted.flatMap {
            deciding == .gestureDirection ? directionFinding(decided: decided, predicted: $0) : nil
        }
        let still = deciding == .gestureSpacing ? stillBefore.map { [stillGate(before: $0)] } ?? [] : []
        let all = [spacing] + still + movement + (direction.map { [$0] } ?? [])
        let decidingFinding: Finding? =
            switch deciding {
            case .gestureSpacing: spacing
            case .gestureMovement:
                alone(first, second, maxMove: maxMove, minMove: minMove, agrees: predicted == decided)
            case .gestureDirection: direction
            default: nil
            }
        return (all + (deciding == .gestureMovement ? decidingFinding.map { [$0] } ?? [] : []), decidingFinding)
    }

    /// The gate before every step, opened by the touch that moved most (``RuleBook/stillGate``).
    private func stillGate(before: Double) -> Finding {
        let mover = moved(touches[0]) >= moved(touches[1]) ? touches[0] : touches[1]
        return rules.stillGate(touch: mover.slot, moved: moved(mover), elapsed: elapsed, before: before, at: at)
    }

    /// The number of one touch moving past `max_move` while the other rests under `min_move`.
    private func alone(
        _ first: Double, _ second: Double, maxMove: Double, minMove: Double, agrees: Bool
    ) -> Finding {
        let (mover, rester) = first >= second ? (touches[0], touches[1]) : (touches[1], touches[0])
        let (far, near) = (max(first, second), min(first, second))
        // libinput weighs the touches as thumb and finger by height alone (`tp_gesture_detect_motion_gestures`).
        let thumb =
            mover.slot == thumbAndFinger.thumb.slot
            ? "; libinput takes the lower, touch \(mover.slot), for a thumb, and a thumb moving beside a resting "
                + "finger makes " + (fingers == 2 ? "two fingers a scroll" : "the fingers a pinch")
            : ""
        return Finding(
            rule: .gestureMovement, time: at, touch: mover.slot, value: far, limit: maxMove, unit: .mm,
            exceeds: true, agreesWithLog: agrees,
            text:
                "touch \(mover.slot) moved \(SequenceAnalysis.mm(far)) mm, past the \(SequenceAnalysis.mm(maxMove)) mm "
                + "that decides alone, while touch \(rester.slot) rested (\(SequenceAnalysis.mm(near)) mm, under "
                + "\(SequenceAnalysis.mm(minMove)) mm)" + thumb,
            source: rules.source(.gestureMovement))
    }

    /// What one touch moving past `max_move` decides: the lower touch is taken as the thumb; a
    /// resting thumb is suppressed when thumb detection is on, else a resting finger beside a
    /// moving thumb makes two fingers a scroll, more a pinch. Nil when it decides nothing.
    private func oneMoved(minMove: Double) -> LibinputGesture? {
        let (thumb, finger) = (moved(thumbAndFinger.thumb), moved(thumbAndFinger.finger))
        if analysis.thresholds.thumbDetection != nil && thumb < minMove { return nil }
        guard finger < minMove else { return nil }
        return fingers == 2 ? .scroll : .pinch
    }

    /// The gesture machine's resting thumb: past the still and scroll-box steps, one touch moving
    /// past `max_move` while the lower rests under `min_move` is suppressed as a thumb. Nil where
    /// the numbers do not show it and `mayBeSpeed` (the log's line may be the speed rule's).
    func restingThumb(suppressed: Int, mayBeSpeed: Bool) -> Finding? {
        guard touches.count == 2 else { return nil }
        let (thumb, finger) = thumbAndFinger
        let thumbMoved = moved(thumb), fingerMoved = moved(finger)
        let minMove = rules.minMove(fingers: fingers), maxMove = rules.maxMove(fingers: fingers)
        let rests = !isStill && !inScrollBox && max(thumbMoved, fingerMoved) >= maxMove && thumbMoved < minMove
        let agrees = rests && thumb.slot == suppressed
        guard agrees || !mayBeSpeed else { return nil }
        // Level touches have no lower: libinput takes the second.
        let lower = thumb.to.y == finger.to.y ? "level with it, taken as the lower" : "the lower"
        return Finding(
            rule: .restingThumb, time: at, touch: thumb.slot, value: thumbMoved, limit: minMove, unit: .mm,
            exceeds: rests, agreesWithLog: agrees,
            text:
                "touch \(finger.slot) moved \(SequenceAnalysis.mm(fingerMoved)) mm in \(SequenceAnalysis.ms(elapsed)) "
                + "ms since the fingers were detected (\(SequenceAnalysis.mm(maxMove)) mm decides alone) while touch "
                + "\(thumb.slot), \(lower), moved \(SequenceAnalysis.mm(thumbMoved)) mm ("
                + (thumbMoved < minMove ? "under" : "not under") + " \(SequenceAnalysis.mm(minMove)) mm): "
                + (rests
                    ? "libinput took touch \(thumb.slot) for a resting thumb and cancelled the gesture"
                    : "no resting thumb"),
            source: rules.source(.restingThumb))
    }

    /// What `tp_gesture_is_pinch` weighs of two touches: whether they went the same way, and
    /// whether each moved the disambiguation distance.
    private var parting: (same: Bool, movedEnough: Bool) {
        (
            direction(touches[0]).isSame(as: direction(touches[1])),
            touches.allSatisfy { moved($0) >= rules.pinchDisambiguation }
        )
    }

    /// A scroll's touches at the last frame it could still turn pinch, when they went different
    /// ways: why two fingers parting slowly stayed a scroll.
    func pinchWindowClosing() -> Finding? {
        guard touches.count == 2 else { return nil }
        let (same, movedEnough) = parting
        guard !same else { return nil }
        // Hundredths: a touch just short of the limit reads so.
        let moves = touches.map { String(format: "%.2f", moved($0)) }.joined(separator: " and ")
        return Finding(
            rule: .scrollToPinch, time: at, touch: nil, value: elapsed, limit: rules.pinchTimeout, unit: .ms,
            exceeds: !movedEnough, agreesWithLog: !movedEnough,
            text: "\(SequenceAnalysis.ms(elapsed)) ms after the fingers were detected, the last frame before a scroll "
                + "can no longer turn pinch (\(SequenceAnalysis.ms(rules.pinchTimeout)) ms), the touches went "
                + "different ways but had moved \(moves) mm, "
                + (movedEnough ? "" : "not ") + "each \(SequenceAnalysis.mm(rules.pinchDisambiguation)) mm",
            // A scroll still going then has moved: its state is GESTURE_STATE_SCROLL.
            source: rules.source(.scrollToPinch))
    }

    /// The scroll-to-pinch switch: within the pinch timeout, touches that part ways after each
    /// moved the disambiguation distance; `starting` when the scroll had not moved yet.
    func scrollToPinch(decided: LibinputGesture, starting: Bool) -> (findings: [Finding], deciding: Finding?) {
        guard touches.count == 2 else { return ([], nil) }
        let (same, movedEnough) = parting
        let switches = !same && movedEnough && elapsed < rules.pinchTimeout
        let finding = Finding(
            rule: .scrollToPinch, time: at, touch: nil, value: elapsed, limit: rules.pinchTimeout, unit: .ms,
            exceeds: !switches, agreesWithLog: switches == (decided == .pinch),
            text: "\(SequenceAnalysis.ms(elapsed)) ms after the fingers were detected (a scroll may still turn "
                + "pinch within \(SequenceAnalysis.number(rules.pinchTimeout)) ms), the touches went "
                + (same ? "the same way" : "different ways") + " and each moved "
                + (movedEnough ? "at least" : "less than")
                + " \(SequenceAnalysis.number(rules.pinchDisambiguation)) mm",
            source: rules.source(.scrollToPinch, scrollStarting: starting))
        return ([finding] + movementFindings(limit: rules.pinchDisambiguation, .pinch), finding)
    }
}
