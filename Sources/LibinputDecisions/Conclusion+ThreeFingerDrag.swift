/// Three-finger drag (libinput 1.27 and later, `--enable-3fg-drag`): the fingers down hold the
/// left button and their motion moves the pointer; from 1.29, fingers that move 5 mm within 80 ms
/// of being detected swipe instead.
extension Conclusion {
    /// The line of a sequence libinput's gesture machine made a three-finger drag of.
    var threeFingerDragLine: String? {
        guard let outcome = settled, outcome.state == .threeFingerDrag else { return nil }
        let motion = PointerMotion(analysis.motion, in: analysis)?.text
        let moved = motion.map { ", and their motion moved the pointer " + $0 } ?? ", though they moved no pointer"
        let timer = analysis.rules.cite("evdev-mt-touchpad-gestures.c", ["1.28.1": 1017, "1.31.3": 1142])
        return made + "a \(outcome.fingers)-finger drag: with three-finger drag on, \(outcome.fingers) fingers down "
            + "held the left button (BTN_LEFT)\(moved); libinput lets the button go 700 ms after they lift, unless "
            + "they come back (3FG_DRAG_RELEASED; \(timer))"
    }

    /// Why fingers three-finger drag was on for swiped instead (1.29 and later): the two libinput
    /// measures had moved 5 mm on average by the 80 ms timer (`DRAG_3FG_OR_SWIPE_MOVE_THRESHOLD`).
    var swipedNotDragged: String {
        let gestures = analysis.decisions(of: .gesture)
        guard
            let decided = gestures.first(where: {
                LibinputDecision.short($0.from) == "3FG_DRAG_OR_SWIPE" && LibinputDecision.short($0.to) == "SWIPE"
            }), let at = decided.cause?.time,
            let detected = gestures.last(where: {
                $0.event == "GESTURE_EVENT_FINGER_DETECTED" && ($0.cause?.time ?? .max) <= at
            }), let start = detected.cause?.time,
            let initial = GestureAnalysis.frame(of: detected, in: analysis),
            let frame = GestureAnalysis.frame(of: decided, in: analysis),
            let average = GestureMeasure(
                analysis: analysis, initialFrame: initial, frame: frame, at: at,
                fingers: GestureAnalysis.fingers(at: decided, in: analysis)
            ).averageMoved
        else { return "" }
        let source = analysis.rules.cite("evdev-mt-touchpad-gestures.c", ["1.31.3": 1097])
        let (ms, mm) = (SequenceAnalysis.ms(Double(at - start) / 1000), SequenceAnalysis.mm(average))
        return "; not a three-finger drag: \(ms) ms after the fingers were detected, the two touches libinput "
            + "follows had moved \(mm) mm on average, at least the 5 mm that make a swipe of them (\(source))"
    }
}
