/// What an X11 client's window gets from XInput 2.4, as the extension names it: `XI_Enter`,
/// `XI_Leave`, `XI_Motion` (with the scroll valuators of XInput 2.1's smooth scrolling),
/// `XI_ButtonPress`/`Release`, and XInput 2.4's `XI_GesturePinch*` and `XI_GestureSwipe*` (there is
/// no hold). Times are the server's: milliseconds, 32 bits, wrapping. Positions are window-local.
public enum XInputEvent: Equatable, Sendable {
    /// `XI_Enter`, with each device's scroll valuators' positions (device id → valuator number →
    /// value) as the client queried them then (XInput 2.1: a client takes scroll deltas from the
    /// position it last knew, and the pointer was elsewhere).
    case enter(x: Double, y: Double, scroll: [Int: [Int: Double]])
    case leave
    /// `XI_Motion` from `device` (the slave device, `sourceid`): its position and the values of the
    /// valuators it set, by number.
    case motion(time: UInt32, device: Int, x: Double, y: Double, valuators: [Int: Double])
    /// `XI_ButtonPress` or `XI_ButtonRelease`: the X button number; `emulated` for the wheel
    /// buttons 4 to 7 the server makes from the scroll valuators (`XIPointerEmulated`).
    case button(time: UInt32, button: Int, pressed: Bool, emulated: Bool)
    /// `XI_GestureSwipe*` and `XI_GesturePinch*`, which carry what Wayland's gestures do: the
    /// fingers (`detail`), the deltas, a pinch's `scale` since the begin and `delta_angle` in
    /// degrees, the end's cancelled flag.
    case gesture(DesktopPointerEvent)
}

/// A device's scroll valuator (`XIScrollClassInfo`): which axis it scrolls and the valuator
/// distance of one wheel click (`increment`; xf86-input-libinput gives 120).
public struct XInputScrollAxis: Equatable, Sendable {
    /// 0 vertical, 1 horizontal: Wayland's axis numbers.
    public var axis: UInt32
    /// The valuator's change for one wheel click.
    public var increment: Double

    /// The valuator that scrolls `axis` by one click every `increment`.
    public init(axis: UInt32, increment: Double) {
        self.axis = axis
        self.increment = increment
    }
}
