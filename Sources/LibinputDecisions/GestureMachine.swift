/// Limits of libinput's gesture machine that hold in every version explained (1.22.1 to 1.31.3).
public enum GestureMachine {
    /// The most fingers it makes a gesture of: it posts nothing for more (`tp_gesture_post_events`,
    /// src/evdev-mt-touchpad-gestures.c).
    public static let mostFingers = 4
}
