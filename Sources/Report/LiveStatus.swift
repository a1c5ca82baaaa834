import Foundation
import LibinputEvents

/// The bottom line of a live terminal view: the device last heard from, the fingers libinput
/// reports, the gesture under way and, with a surface's pointer interactions, the pointer's
/// region and style. libinput tells finger counts only through gestures and two-finger
/// scrolling, so "fingers" is what those say (1 while the pointer moves).
public struct LiveStatus: Sendable {
    /// "view/region style" of the pointer's region, nil when it is in none.
    public var pointerRegion: String?
    private var deviceNames: [String: String] = [:]
    private var device = "-"
    private var fingers: Int?
    private var gesture = "idle"
    private var pinch = PinchTotal()
    private var seconds = 0.0
    private var timeBase: TimeBase?

    public init() {}

    public mutating func update(with event: LibinputEvent) {
        let timeBase = self.timeBase ?? TimeBase(first: event)
        self.timeBase = timeBase
        seconds = max(timeBase.seconds(event.time), 0)
        if case .deviceAdded(let info) = event.kind { deviceNames[event.device] = info.name }
        device = deviceNames[event.device].map { "\(event.device) \($0)" } ?? event.device
        switch event.kind {
        case .gesturePinchBegin(let n):
            (fingers, gesture, pinch) = (n, "pinch", PinchTotal())
        case .gesturePinchUpdate(let n, _, let scale, let angle):
            fingers = n
            pinch.add(scale: scale, angleDelta: angle)
            gesture = String(format: "pinch scale %.2f angle %+.1f°", pinch.scale, pinch.angle)
        case .gestureSwipeBegin(let n), .gestureSwipeUpdate(let n, _):
            (fingers, gesture) = (n, "swipe")
        case .gestureHoldBegin(let n):
            (fingers, gesture) = (n, "hold")
        case .gesturePinchEnd(_, _, let cancelled), .gestureSwipeEnd(_, let cancelled),
            .gestureHoldEnd(_, let cancelled):
            (fingers, gesture) = (0, cancelled ? "idle (last gesture cancelled)" : "idle")
        case .pointerScroll(let scroll):
            if scroll.source == .finger { fingers = scroll.isStop ? 0 : 2 }
            gesture = scroll.isStop ? "idle" : "scroll (\(scroll.source.rawValue))"
        case .pointerMotion, .pointerMotionAbsolute:
            fingers = 1
            gesture = "pointer"
        case .pointerButton(_, let state, let count):
            gesture = state == .pressed || count > 0 ? "button down" : "idle"
        case .deviceRemoved:
            (fingers, gesture) = (nil, "device removed")
        default:
            break
        }
    }

    /// The status text: `▌ event10 Touchpad │ fingers 2 │ pinch scale 1.20 angle -3.0° │ 1.234 s`,
    /// with `│ region text/line.3 verticalBeam(20) constrained vertical` before the time when
    /// the pointer is in a pointer region.
    public func text(width: Int) -> String {
        let region = pointerRegion.map { " │ region \($0)" } ?? ""
        let text =
            "▌ \(device) │ fingers \(fingers.map(String.init) ?? "-") │ \(gesture)\(region) │ "
            + String(format: "%.3f s", seconds)
        return text.cut(toFit: width)
    }
}
