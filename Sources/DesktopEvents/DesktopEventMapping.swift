import LibinputEvents

/// A desktop window's pointer and gesture events (Wayland's, and X11's put in Wayland's terms by
/// ``XInputTranslation``) as the libinput events the translator takes, so that both UIKit modes,
/// the recognizers and every output work on what a desktop app receives. One table, in
/// docs/desktop.md:
///
/// - `motion` → `POINTER_MOTION`, the delta from the last position on the surface (none for the
///   first after `enter`: the pointer came from elsewhere);
/// - `button` → `POINTER_BUTTON` with the same code, its seat count;
/// - `axis`, `axis_source`, `axis_value120` (or `axis_discrete` × 120) of one `frame` →
///   one `POINTER_SCROLL_*` of the source (wheel tilt as wheel), both axes; `axis_stop` → that
///   source's stop, 0 on the axis; without frames (version < 5) each `axis` at once, as finger;
/// - the gestures' begin, update and end → `GESTURE_*_BEGIN`, `_UPDATE`, `_END`: Wayland's scale
///   is libinput's (since the begin), its rotation libinput's angle delta (degrees clockwise);
///   the deltas are taken as both accelerated and not (Wayland sends one pair).
///
/// What the protocol lets go wrong is said in ``notes`` and never passed on half: an update or
/// an end without its begin is dropped; a begin while another gesture runs ends that one as
/// cancelled; the pointer leaving mid-gesture ends it as cancelled (the compositor may go on
/// sending the rest elsewhere). Times unwrap the protocol's 32-bit milliseconds.
public struct DesktopEventMapping {
    /// The device name the events carry (`wayland`, `x11`): a client has no device node.
    public let device: String

    /// What was dropped or ended here rather than by the compositor, one line each.
    public private(set) var notes: [String] = []

    private enum Gesture: Equatable {
        case swipe(fingers: Int), pinch(fingers: Int, scale: Double), hold(fingers: Int)

        var name: String {
            switch self {
            case .swipe: "swipe"
            case .pinch: "pinch"
            case .hold: "hold"
            }
        }
    }

    private var gesture: Gesture?
    private var position: (x: Double, y: Double)?
    private var pressed: Set<UInt32> = []
    private var pending = PendingScroll()
    private var clock = UnwrappedClock()
    /// Whether the compositor sends `frame` (wl_pointer version 5 and later).
    private let framesScroll: Bool

    /// The mapping of a Wayland client's events, whose `wl_pointer` has `pointerVersion`.
    public init(pointerVersion: UInt32) {
        self.init(device: "wayland", framesScroll: pointerVersion >= 5)
    }

    /// The mapping of the events of a window system that groups scrolls in frames or not.
    public init(device: String, framesScroll: Bool) {
        self.device = device
        self.framesScroll = framesScroll
    }

    /// The libinput events `event` makes, in order: none until its frame for a scroll.
    public mutating func map(_ event: DesktopPointerEvent) -> [LibinputEvent] {
        switch event {
        case .enter(let x, let y):
            position = (x, y)
            return []
        case .leave:
            position = nil
            guard let gesture else { return [] }
            notes.append("the pointer left the window mid-\(gesture.name): ended here as cancelled")
            return [end(gesture, at: clock.last, cancelled: true)]
        case .motion(let time, let x, let y):
            defer { position = (x, y) }
            guard let last = position else { return [] }
            let (dx, dy) = (x - last.x, y - last.y)
            return [made(time, .pointerMotion(dx: dx, dy: dy, unacceleratedDx: dx, unacceleratedDy: dy))]
        case .button(let time, let button, let isPressed):
            if isPressed { pressed.insert(button) } else { pressed.remove(button) }
            return [
                made(
                    time,
                    .pointerButton(
                        button: button, state: isPressed ? .pressed : .released,
                        seatCount: pressed.contains(button) ? 1 : 0))
            ]
        case .axis(let time, let axis, let value):
            pending.time = clock.unwrap(time)
            pending.set(axis, value)
            return framesScroll ? [] : flushScroll(defaultSource: .finger)
        case .axisSource(let source):
            pending.source = source
            return []
        case .axisStop(let time, let axis):
            pending.time = clock.unwrap(time)
            pending.stopped.insert(axis)
            return []
        case .axisDiscrete(let axis, let discrete):
            if pending.value120[axis] == nil { pending.value120[axis] = Double(discrete) * 120 }
            return []
        case .axisValue120(let axis, let value120):
            pending.value120[axis] = Double(value120)
            return []
        case .frame:
            return flushScroll(defaultSource: .continuous)
        case .swipeBegin(let time, let fingers):
            return begin(.swipe(fingers: Int(fingers)), at: time)
        case .pinchBegin(let time, let fingers):
            return begin(.pinch(fingers: Int(fingers), scale: 1), at: time)
        case .holdBegin(let time, let fingers):
            return begin(.hold(fingers: Int(fingers)), at: time)
        case .swipeUpdate(let time, let dx, let dy):
            guard case .swipe(let fingers) = gesture else { return dropped("a swipe update") }
            return [made(time, .gestureSwipeUpdate(fingers: fingers, delta: Self.delta(dx, dy)))]
        case .pinchUpdate(let time, let dx, let dy, let scale, let rotation):
            guard case .pinch(let fingers, _) = gesture else { return dropped("a pinch update") }
            gesture = .pinch(fingers: fingers, scale: scale)
            return [
                made(
                    time,
                    .gesturePinchUpdate(
                        fingers: fingers, delta: Self.delta(dx, dy), scale: scale, angleDelta: rotation))
            ]
        case .swipeEnd(let time, let cancelled):
            guard case .swipe = gesture else { return dropped("a swipe end") }
            return ended(at: time, cancelled: cancelled)
        case .pinchEnd(let time, let cancelled):
            guard case .pinch = gesture else { return dropped("a pinch end") }
            return ended(at: time, cancelled: cancelled)
        case .holdEnd(let time, let cancelled):
            guard case .hold = gesture else { return dropped("a hold end") }
            return ended(at: time, cancelled: cancelled)
        }
    }

    private mutating func made(_ time: UInt32, _ kind: LibinputEvent.Kind) -> LibinputEvent {
        LibinputEvent(time: clock.unwrap(time), device: device, kind: kind)
    }

    private static func delta(_ dx: Double, _ dy: Double) -> GestureDelta {
        GestureDelta(dx: dx, dy: dy, unacceleratedDx: dx, unacceleratedDy: dy)
    }

    private mutating func begin(_ new: Gesture, at time: UInt32) -> [LibinputEvent] {
        var events: [LibinputEvent] = []
        if let running = gesture {
            notes.append("a \(new.name) began while a \(running.name) ran: that one ended here as cancelled")
            events.append(end(running, at: clock.unwrap(time), cancelled: true))
        }
        gesture = new
        let kind: LibinputEvent.Kind =
            switch new {
            case .swipe(let fingers): .gestureSwipeBegin(fingers: fingers)
            case .pinch(let fingers, _): .gesturePinchBegin(fingers: fingers)
            case .hold(let fingers): .gestureHoldBegin(fingers: fingers)
            }
        return events + [LibinputEvent(time: clock.unwrap(time), device: device, kind: kind)]
    }

    private mutating func ended(at time: UInt32, cancelled: Bool) -> [LibinputEvent] {
        guard let running = gesture else { return [] }
        return [end(running, at: clock.unwrap(time), cancelled: cancelled)]
    }

    private mutating func end(_ running: Gesture, at time: UInt64, cancelled: Bool) -> LibinputEvent {
        gesture = nil
        let kind: LibinputEvent.Kind =
            switch running {
            case .swipe(let fingers): .gestureSwipeEnd(fingers: fingers, cancelled: cancelled)
            case .pinch(let fingers, let scale): .gesturePinchEnd(fingers: fingers, scale: scale, cancelled: cancelled)
            case .hold(let fingers): .gestureHoldEnd(fingers: fingers, cancelled: cancelled)
            }
        return LibinputEvent(time: time, device: device, kind: kind)
    }

    private mutating func dropped(_ what: String) -> [LibinputEvent] {
        notes.append("\(what) without its begin: dropped")
        return []
    }

    /// The scroll of the frame that ended, if it had any axis.
    private mutating func flushScroll(defaultSource: Scroll.Source) -> [LibinputEvent] {
        defer { pending = PendingScroll() }
        return pending.scroll(defaultSource: defaultSource).map {
            LibinputEvent(time: pending.time ?? clock.last, device: device, kind: .pointerScroll($0))
        }.map { [$0] } ?? []
    }
}

extension DesktopEventMapping {
    /// The axis events of one `wl_pointer.frame`.
    fileprivate struct PendingScroll {
        var time: UInt64?
        var source: UInt32?
        var values: [UInt32: Double] = [:]
        var value120: [UInt32: Double] = [:]
        var stopped: Set<UInt32> = []

        mutating func set(_ axis: UInt32, _ value: Double) { values[axis, default: 0] += value }

        func scroll(defaultSource: Scroll.Source) -> Scroll? {
            let source: Scroll.Source =
                switch self.source {
                case 0, 3: .wheel
                case 1: .finger
                case 2: .continuous
                default: value120.isEmpty ? defaultSource : .wheel
                }
            let vertical = values[0] ?? (stopped.contains(0) ? 0 : nil)
            let horizontal = values[1] ?? (stopped.contains(1) ? 0 : nil)
            guard vertical != nil || horizontal != nil else { return nil }
            return Scroll(
                source: source, vertical: vertical, horizontal: horizontal,
                vertical120: source == .wheel ? value120[0] : nil, horizontal120: source == .wheel ? value120[1] : nil)
        }
    }
}

/// The protocol's 32-bit milliseconds as microseconds that keep growing across a wrap (every
/// 49.7 days of uptime).
struct UnwrappedClock {
    private var epochs: UInt64 = 0
    private var previous: UInt32?
    /// The last time read, microseconds.
    private(set) var last: UInt64 = 0

    mutating func unwrap(_ ms: UInt32) -> UInt64 {
        if let previous, ms < previous, previous - ms > UInt32.max / 2 { epochs += 1 }
        previous = ms
        last = (epochs << 32 + UInt64(ms)) * 1000
        return last
    }
}
