/// A pinch as libinput has it since its begin: the scale each update carries is absolute
/// (`libinput_event_gesture_get_scale`), the angle a delta from the update before
/// (`libinput_event_gesture_get_angle_delta`), summed here. One fold for everything that shows
/// or compares a pinch's progress, so that they cannot disagree on it.
public struct PinchTotal: Equatable, Sendable {
    /// The scale, 1 at the begin.
    public private(set) var scale = 1.0
    /// The angle deltas summed, in degrees, clockwise positive.
    public private(set) var angle = 0.0

    /// A pinch at its begin: scale 1, angle 0.
    public init() {}

    /// Takes one update. A value that would make the total non-finite is dropped (the previous
    /// one stays) and a negative scale counts as 0, so nothing that reads the total sees NaN or
    /// infinity.
    public mutating func add(scale newScale: Double, angleDelta: Double) {
        if newScale.isFinite { scale = max(newScale, 0) }
        let summed = angle + (angleDelta.isFinite ? angleDelta : 0)
        if summed.isFinite { angle = summed }
    }
}

extension PinchTotal {
    /// The pinch of `fingers` that `events` report, its updates summed across pinches (libinput
    /// may end a rotation and begin it again); nil where they report none.
    public static func of(_ events: some Sequence<LibinputEvent>, fingers: Int) -> PinchTotal? {
        var total = PinchTotal()
        var pinched = false
        for event in events {
            if case .gesturePinchUpdate(fingers, _, let scale, let angleDelta) = event.kind {
                total.add(scale: scale, angleDelta: angleDelta)
                pinched = true
            }
        }
        return pinched ? total : nil
    }
}
