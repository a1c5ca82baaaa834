import LibinputEventText
import LibinputEvents

/// libinput's view of the input, as the page draws it beside the pad: the last event, the
/// gesture under way with its values, the scroll and pointer motion summed, the buttons down.
public struct LibinputPanel: Equatable, Sendable {
    /// The last event's type (`GESTURE_PINCH_UPDATE`) and its line as `debug` prints it.
    public var event = ""
    public var line = ""
    /// pinch, swipe or hold while one is under way.
    public var gesture: String?
    public var fingers: Int?
    /// The pinch's absolute scale and its angle deltas summed since begin, in degrees.
    public var pinch = PinchTotal()
    /// The swipe's (or pinch's centre's) motion since begin.
    public var dx = 0.0
    public var dy = 0.0
    /// Scroll since the current scroll sequence began, and its source.
    public var scrollV = 0.0
    public var scrollH = 0.0
    public var scrollSource: String?
    /// Pointer motion summed since the start, so the page can draw the pointer's trail.
    public var pointerX = 0.0
    public var pointerY = 0.0
    /// Buttons held (BTN_LEFT, …): a tap shows as a press and release of one.
    public var buttons: [String] = []

    public init() {}

    /// Follows `event` (`timeBase`: the timeline's, for the line's time).
    public mutating func update(with e: LibinputEvent, timeBase: TimeBase) {
        event = e.typeName
        line = EventFormat.line(e, timeBase: timeBase)
        switch e.kind {
        case .gesturePinchBegin(let n):
            (gesture, fingers, pinch, dx, dy) = ("pinch", n, PinchTotal(), 0, 0)
        case .gesturePinchUpdate(let n, let delta, let s, let a):
            (gesture, fingers) = ("pinch", n)
            pinch.add(scale: s, angleDelta: a)
            dx += delta.dx
            dy += delta.dy
        case .gestureSwipeBegin(let n):
            (gesture, fingers, dx, dy) = ("swipe", n, 0, 0)
        case .gestureSwipeUpdate(let n, let delta):
            (gesture, fingers) = ("swipe", n)
            dx += delta.dx
            dy += delta.dy
        case .gestureHoldBegin(let n):
            (gesture, fingers) = ("hold", n)
        case .gesturePinchEnd, .gestureSwipeEnd, .gestureHoldEnd:
            (gesture, fingers) = (nil, nil)
        case .pointerScroll(let s):
            if scrollSource != s.source.rawValue || s.isStop { (scrollV, scrollH) = (0, 0) }
            scrollSource = s.isStop ? nil : s.source.rawValue
            scrollV += s.vertical ?? 0
            scrollH += s.horizontal ?? 0
        case .pointerMotion(let x, let y, _, _):
            pointerX += x
            pointerY += y
        case .pointerButton(let button, let state, _):
            let name = EvdevKeyNames.name(button)
            buttons.removeAll { $0 == name }
            if state == .pressed { buttons.append(name) }
        default:
            break
        }
    }
}
