/// Limits of libinput's tap machine that hold in every version explained (1.22.1 to 1.31.3).
public enum TapMachine {
    /// The most fingers it taps with: a fourth finger down puts it in its dead state, which sends
    /// no button (`tp_tap_touch3_handle_event`, src/evdev-mt-touchpad-tap.c).
    public static let mostFingers = 3
}
