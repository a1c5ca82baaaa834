/// Three-finger drag (libinput 1.27 and later, `--enable-3fg-drag`): the fingers down hold the
/// left button and their motion moves the pointer; from 1.29, fingers that move 5 mm within 80 ms
/// of being detected swipe instead.
extension Conclusion {
    /// The line of a sequence libinput's gesture machine made a three-finger drag of, with why it
    /// was no swipe (1.29 and later).
    var threeFingerDragLine: String? {
        guard let outcome = settled, outcome.state == .threeFingerDrag else { return nil }
        let motion = PointerMotion(analysis.motion, in: analysis)?.text
        let moved = motion.map { ", and their motion moved the pointer " + $0 } ?? ", though they moved no pointer"
        let timer = analysis.rules.cite("evdev-mt-touchpad-gestures.c", ["1.28.1": 1017, "1.31.3": 1142])
        let notSwiped = dragOrSwipe.flatMap { $0.exceeds ? nil : "; not a swipe: \($0.text) (\($0.source))" } ?? ""
        return made + "a \(outcome.fingers)-finger drag: with three-finger drag on, \(outcome.fingers) fingers down "
            + "held the left button (BTN_LEFT)\(moved); libinput lets the button go 700 ms after they lift, unless "
            + "they come back (3FG_DRAG_RELEASED; \(timer))\(notSwiped)"
    }

    /// Why fingers three-finger drag was on for swiped instead (1.29 and later).
    var swipedNotDragged: String {
        dragOrSwipe.flatMap { $0.exceeds ? "; not a three-finger drag: \($0.text) (\($0.source))" : nil } ?? ""
    }

    /// The timer's weighing of drag against swipe, the last in the sequence.
    private var dragOrSwipe: Finding? { gestures.findings.last { $0.rule == .threeFingerDragOrSwipe } }
}
