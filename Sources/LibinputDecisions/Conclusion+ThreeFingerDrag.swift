/// Three-finger drag (libinput 1.27 and later, `--enable-3fg-drag`): the fingers down hold the
/// left button and their motion moves the pointer; from 1.29, fingers that move 5 mm within 80 ms
/// of being detected swipe instead.
extension Conclusion {
    /// The line of a sequence libinput's gesture machine made a three-finger drag of, with why it
    /// was no swipe (1.29 and later), or how it went on with the drag before it.
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
    /// with it (`3FG_DRAG_RELEASED` to a drag state): the frame before the sequence's first is that
    /// lift's.
    private var resumedAfter: Double? {
        guard
            analysis.decisions(of: .gesture).contains(where: {
                let to = LibinputDecision.short($0.to)
                return LibinputDecision.short($0.from) == "3FG_DRAG_RELEASED" && to.hasPrefix("3FG_DRAG")
                    && to != "3FG_DRAG_RELEASED"
            })
        else { return nil }
        let first = analysis.sequence.frames.lowerBound
        guard first > 0 else { return nil }
        let frames = analysis.recording.frames
        return Double(frames[first].time - frames[first - 1].time) / 1000
    }

    /// Why fingers three-finger drag was on for swiped instead (1.29 and later).
    var swipedNotDragged: String {
        dragOrSwipe.flatMap { $0.exceeds ? "; not a three-finger drag: \($0.text) (\($0.source))" : nil } ?? ""
    }

    /// The timer's weighing of drag against swipe, the last in the sequence.
    private var dragOrSwipe: Finding? { gestures.findings.last { $0.rule == .threeFingerDragOrSwipe } }
}
