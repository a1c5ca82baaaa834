/// Three-finger drag (libinput 1.28 and later, `--enable-3fg-drag`): the fingers down hold the
/// left button and their motion moves the pointer; from 1.31, fingers that move 5 mm within 80 ms
/// of being detected swipe instead.
extension Conclusion {
    /// The line of a sequence libinput's gesture machine made a three-finger drag of, with why it
    /// was no swipe (1.31 and later), or how it went on with the drag before it.
    var threeFingerDragLine: String? {
        guard let outcome = settled, outcome.state == .threeFingerDrag else { return nil }
        let rules = analysis.rules
        let motion = PointerMotion(analysis.motion, in: analysis)?.text
        let moved = motion.map { ", and their motion moved the pointer " + $0 } ?? ", though they moved no pointer"
        let timer = rules.cite("evdev-mt-touchpad-gestures.c", ["1.28.1": 1017, "1.31.3": 1142])
        let release = SequenceAnalysis.ms(rules.threeFingerDragRelease)
        let lets = "libinput lets the button go \(release) ms after they lift, unless they come back"
        let fingers = outcome.fingers
        if let gap = resumedAfter {
            return made + "a \(fingers)-finger drag: the drag before it went on, its left button (BTN_LEFT) still "
                + "held, as \(fingers) fingers came down \(SequenceAnalysis.ms(gap)) ms after its fingers lifted, "
                + "within the \(release) ms libinput waits for them (3FG_DRAG_RELEASED; \(timer))\(moved); \(lets)"
        }
        let notSwiped = dragOrSwipe.flatMap { $0.exceeds ? nil : "; not a swipe: \($0.text) (\($0.source))" } ?? ""
        return made + "a \(fingers)-finger drag: with three-finger drag on, \(fingers) fingers down held the left "
            + "button (BTN_LEFT)\(moved); \(lets) (3FG_DRAG_RELEASED; \(timer))\(notSwiped)"
    }

    /// How long after the drag before lifted this sequence's fingers came down, where they went on
    /// with it (`3FG_DRAG_RELEASED` to a drag state).
    private var resumedAfter: Double? {
        leftReleased.contains { LibinputDecision.short($0.to).hasPrefix("3FG_DRAG") } ? afterLift : nil
    }

    /// Where fingers that came down while libinput held a three-finger drag's button made
    /// something else of their own, pointer motion or a scroll, which let the button go
    /// (`tp_gesture_handle_event_on_state_3fg_drag_released`).
    var threeFingerDragLetGo: String? {
        guard let left = leftReleased.first, let gap = afterLift else { return nil }
        let ways: [String: (what: String, lines: [String: Int])] = [
            "POINTER_MOTION": ("moved the pointer", ["1.28.1": 1101, "1.31.3": 1225]),
            "SCROLL_START": ("scrolled", ["1.28.1": 1115, "1.31.3": 1239]),
        ]
        guard let (what, lines) = ways[LibinputDecision.short(left.to)] else { return nil }
        let fingers = GestureAnalysis.fingers(at: left, in: analysis)
        let rules = analysis.rules
        return "it let go the left button (BTN_LEFT) the three-finger drag before held: these fingers came down "
            + "\(SequenceAnalysis.ms(gap)) ms after that drag's lifted, within the "
            + "\(SequenceAnalysis.ms(rules.threeFingerDragRelease)) ms libinput waits for them to come back, but "
            + "\(fingers == 1 ? "1 finger" : "\(fingers) fingers") \(what), which ends the drag, its release stamped "
            + "with the time that drag's fingers lifted (\(rules.cite("evdev-mt-touchpad-gestures.c", lines)))"
    }

    /// The gesture machine leaving `3FG_DRAG_RELEASED` for what the fingers did, not by its timer.
    private var leftReleased: [LibinputDecision] {
        analysis.decisions(of: .gesture).filter {
            LibinputDecision.short($0.from) == "3FG_DRAG_RELEASED" && LibinputDecision.short($0.to) != "NONE"
                && LibinputDecision.short($0.to) != "3FG_DRAG_RELEASED"
        }
    }

    /// How long after the fingers before lifted this sequence's came down, ms.
    private var afterLift: Double? {
        analysis.liftBefore.map {
            Double(analysis.recording.frames[analysis.sequence.frames.lowerBound].time - $0) / 1000
        }
    }

    /// Why fingers three-finger drag was on for swiped instead (1.31 and later).
    var swipedNotDragged: String {
        dragOrSwipe.flatMap { $0.exceeds ? "; not a three-finger drag: \($0.text) (\($0.source))" : nil } ?? ""
    }

    /// The timer's weighing of drag against swipe, the last in the sequence.
    private var dragOrSwipe: Finding? { gestures.findings.last { $0.rule == .threeFingerDragOrSwipe } }
}
