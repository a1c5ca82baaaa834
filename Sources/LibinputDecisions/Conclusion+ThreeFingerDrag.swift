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
            let start = gestures.last(where: {
                $0.event == "GESTURE_EVENT_FINGER_DETECTED" && ($0.cause?.time ?? .max) <= at
            })?.cause?.time
        else { return "" }
        // The first two fingers down by slot, as libinput's gesture takes them, from where they were
        // detected to the frame before the timer (a timer due at a frame's instant fires first).
        let pair = analysis.sequence.begunTracks.filter {
            $0.points[0].time <= start && ($0.points.last?.time ?? 0) >= start
        }
        .sorted { $0.slot < $1.slot }.prefix(2)
        let moves = pair.map { track -> Double in
            let from = track.points.last { $0.time <= start } ?? track.points[0]
            let to = track.points.last { $0.time < at } ?? from
            return to.mm.distance(to: from.mm)
        }
        guard moves.count == 2 else { return "" }
        let average = (moves[0] + moves[1]) / 2
        let source = analysis.rules.cite("evdev-mt-touchpad-gestures.c", ["1.31.3": 1097])
        return "; not a three-finger drag: \(SequenceAnalysis.ms(Double(at - start) / 1000)) ms after the fingers "
            + "were detected, two of them had moved \(SequenceAnalysis.mm(average)) mm on average, at least the 5 mm "
            + "that make a swipe of them (\(source))"
    }
}
