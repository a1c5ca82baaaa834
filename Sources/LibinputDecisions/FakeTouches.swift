/// The fingers a touchpad with slots counts by a BTN_TOOL_* key alone, beyond its slots: touches
/// without a position of their own, which libinput places where the top-most tracked touch is
/// (`tp_position_fake_touches`, src/evdev-mt-touchpad.c). They move as that touch does, and jump
/// where another becomes the top-most.
public enum FakeTouches {
    /// The touch of `tracked` (in slot order) whose position the fake touches take: the top-most,
    /// the lowest slot winning a tie, as libinput walks the slots.
    public static func anchor<Touch>(among tracked: [Touch], y: (Touch) -> Double) -> Touch? {
        tracked.min { y($0) < y($1) }
    }
}
