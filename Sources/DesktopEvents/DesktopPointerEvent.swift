/// What a Wayland compositor sends a client's pointer, as the protocols name it: `wl_pointer`
/// (version 8) and the gesture objects of `zwp_pointer_gestures_v1` (version 3). Times are the
/// protocol's: milliseconds of an unspecified base, 32 bits, wrapping. Positions are
/// surface-local and scroll values in the same coordinate space (`wl_fixed` read as doubles).
public enum DesktopPointerEvent: Equatable, Sendable {
    /// `wl_pointer.enter`: the pointer is over the client's surface.
    case enter(x: Double, y: Double)
    /// `wl_pointer.leave`: it left the surface.
    case leave
    /// `wl_pointer.motion`.
    case motion(time: UInt32, x: Double, y: Double)
    /// `wl_pointer.button`: a Linux input event code (`BTN_LEFT` 0x110), pressed or released.
    case button(time: UInt32, button: UInt32, pressed: Bool)
    /// `wl_pointer.axis`: 0 vertical scroll, 1 horizontal.
    case axis(time: UInt32, axis: UInt32, value: Double)
    /// `wl_pointer.frame`: the events since the last frame belong together (version 5).
    case frame
    /// `wl_pointer.axis_source`: 0 wheel, 1 finger, 2 continuous, 3 wheel tilt (version 5).
    case axisSource(UInt32)
    /// `wl_pointer.axis_stop`: the scroll on `axis` ended, fingers lifted (version 5).
    case axisStop(time: UInt32, axis: UInt32)
    /// `wl_pointer.axis_discrete`: wheel notches (versions 5 to 7).
    case axisDiscrete(axis: UInt32, discrete: Int32)
    /// `wl_pointer.axis_value120`: wheel notches in 120ths (version 8).
    case axisValue120(axis: UInt32, value120: Int32)
    /// `zwp_pointer_gesture_swipe_v1.begin`, `.update` (surface-local deltas), `.end`.
    case swipeBegin(time: UInt32, fingers: UInt32)
    case swipeUpdate(time: UInt32, dx: Double, dy: Double)
    case swipeEnd(time: UInt32, cancelled: Bool)
    /// `zwp_pointer_gesture_pinch_v1.begin`, `.update` (the scale since the begin, the rotation
    /// in degrees clockwise since the last update), `.end`.
    case pinchBegin(time: UInt32, fingers: UInt32)
    case pinchUpdate(time: UInt32, dx: Double, dy: Double, scale: Double, rotation: Double)
    case pinchEnd(time: UInt32, cancelled: Bool)
    /// `zwp_pointer_gesture_hold_v1.begin` and `.end` (version 3).
    case holdBegin(time: UInt32, fingers: UInt32)
    case holdEnd(time: UInt32, cancelled: Bool)
}
