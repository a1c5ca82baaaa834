import Recordings

extension GestureAnalysis {
    /// Why a touchpad gets no pinch or swipe: it reports two fingers' bounding box (semi-MT) or
    /// one slot; `tp_gesture_handle_state_none` makes two fingers a scroll and more nothing, as
    /// it is told for the `fingers` the gesture machine had. Where two fingers wait to move (tapping
    /// on), `measure` (the fingers' motion when the scroll began) tells which of the motion rules
    /// began it.
    static func support(
        _ analysis: SequenceAnalysis, at time: UInt64, fingers: Int,
        measure: @autoclosure () -> GestureMeasure? = nil
    ) -> Finding? {
        let device = analysis.recording.device
        let semiMT = device.has(property: Evdev.INPUT_PROP_SEMI_MT)
        let slots = analysis.rules.slots(of: device)
        guard !analysis.rules.hasGestures(device) else { return nil }
        let waits = analysis.rules.scrollWaits(tapping: analysis.tapToClick)
        let n = SequenceAnalysis.number, rules = analysis.rules
        let trigger = waits ? measure().flatMap { scrollTrigger($0, rules: rules) } : nil
        let scroll =
            waits
            ? "two fingers scroll only once they move (with tapping on): \(n(rules.stillMovement)) mm after "
                + "\(n(rules.swipeTimeout)) ms, before it \(n(rules.maxMove(fingers: 2))) mm by one finger or "
                + "\(n(rules.minMove(fingers: 2))) mm by each" + (trigger.map { "; here \($0.words)" } ?? "")
            : "two fingers scroll"
        // Three or more fingers on one slot followed: from 1.26 libinput seeks the top and bottom
        // touches among the slots and finds one; before, it stopped where two would scroll.
        let jumping = analysis.quirks?.marksJumpingSlots == true
        let many = fingers >= 3 && slots <= 1 && !jumping
        let boxed =
            "the touchpad is semi-MT (INPUT_PROP_SEMI_MT): it reports the box around two fingers, not each finger, so "
        let counted =
            "the touchpad has one slot: libinput counts the fingers (BTN_TOOL_\(many ? "TRIPLETAP" : "DOUBLETAP")…) "
            + "but cannot follow each, so "
        let text: String
        if many {
            text =
                (semiMT ? boxed : counted)
                + (rules.seeksTouchesWithoutGestures
                    ? "libinput finds no two of the \(fingers) fingers to follow, and makes no gesture of them"
                    : "libinput makes no gesture of \(fingers) fingers: without gestures, only two fingers scroll")
        } else if semiMT {
            text = boxed + "libinput does not tell a pinch from a scroll on it" + (waits ? "; " + scroll : "")
        } else if jumping {
            text =
                "libinput reads this touchpad as one of a single slot, its slots jumping (ModelHPPavilionDM4Touchpad): "
                + "it makes no gesture of two fingers and scrolls by the edges"
        } else {
            text = counted + scroll
        }
        return Finding(
            rule: .gestureSupport, time: time, touch: nil, value: Double(slots), limit: 2,
            unit: .slots, exceeds: true, agreesWithLog: nil, text: text,
            source: analysis.rules.source(
                .gestureSupport, scrollWaits: waits, movement: trigger?.limit ?? .still, fingers: many ? fingers : 2))
    }

    /// Which of `tp_gesture_detect_motion_gestures`' rules began a scroll without gestures, in its
    /// order: the timeout (a finger past 1 mm), one finger past `max_move`, or each past `min_move`.
    /// A finger libinput counts by a key alone sits on one it follows, and moves with it.
    private static func scrollTrigger(
        _ measure: GestureMeasure, rules: RuleBook
    ) -> (limit: RuleBook.MovementLimit, words: String)? {
        let moved = measure.touches.map { $0.to.distance(to: $0.from) }
        guard let most = moved.max(), let least = moved.min() else { return nil }
        let mm = { (value: Double) in SequenceAnalysis.mm(value) }, ms = SequenceAnalysis.ms(measure.elapsed)
        if measure.elapsed > rules.swipeTimeout {
            return (.still, "\(ms) ms had passed and a finger had moved \(mm(most)) mm")
        }
        if most >= rules.maxMove(fingers: 2) { return (.maxMove, "a finger moved \(mm(most)) mm in \(ms) ms") }
        return (.minMove, "each finger moved \(mm(least)) mm or more in \(ms) ms")
    }
}
