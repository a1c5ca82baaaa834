/// A gesture libinput's gesture machine settles on, told from its state's name
/// (`GESTURE_STATE_SCROLL`…; `gesture_state_to_str` in `src/evdev-mt-touchpad-gestures.c`).
enum LibinputGesture: String, CustomStringConvertible {
    case scroll, pinch, swipe, hold, motion
    case threeFingerDrag = "three-finger drag"

    /// The gesture a state of the machine is, nil for a state that is none (`NONE`, `UNKNOWN`).
    init?(state: String) {
        let name = state.replacingOccurrences(of: "GESTURE_STATE_", with: "")
        if name.hasPrefix("SCROLL") {
            self = .scroll
        } else if name.hasPrefix("PINCH") {
            self = .pinch
        } else if name.hasPrefix("SWIPE") || name.hasPrefix("3FG_DRAG_OR_SWIPE") {
            self = .swipe
        } else if name.hasPrefix("3FG_DRAG") {
            self = .threeFingerDrag
        } else if name == "HOLD" {
            self = .hold
        } else if name.hasPrefix("POINTER_MOTION") {
            self = .motion
        } else {
            return nil
        }
    }

    /// Decided on movement, which the rules here recompute; a hold is the timer's.
    var isMeasured: Bool { [.scroll, .pinch, .swipe, .threeFingerDrag].contains(self) }

    /// Whether libinput sends events of its own for it (a three-finger drag moves the pointer).
    var hasOwnEvents: Bool { [.scroll, .pinch, .swipe, .hold].contains(self) }

    /// Its words, `three-finger drag`.
    var description: String { rawValue }
}
