/// X11's window events (``XInputEvent``) in Wayland's terms (``DesktopPointerEvent``), for the one
/// mapping to libinput's events (``DesktopEventMapping``). What XInput does not carry is said in
/// docs/desktop.md's table: it has no scroll source, no scroll stop and no hold.
///
/// - A scroll valuator's delta (its value less the last one known) over its increment is wheel
///   clicks: × 15 is libinput's scroll value, as xf86-input-libinput scales both wheel (`v120`)
///   and finger scrolls (value ÷ `ScrollPixelDistance`, 15 by default, × 120) to 120 a click.
/// - The source is the finger for a touchpad (XInput's device type `TOUCHPAD`, or XInput 2.4's
///   gesture class), else the wheel, whose clicks are also `value120`; a delta of 0, which
///   xf86-input-libinput sends where libinput stops a finger scroll, is the stop.
/// - Buttons are X's numbers, 1 left, 2 middle, 3 right, 8 and up `BTN_SIDE` on, as
///   xf86-input-libinput numbers libinput's codes; the wheel buttons the server emulates from the
///   valuators are left out, the valuators having said it.
public struct XInputTranslation {
    /// Each device's scroll valuators by number, and whether it is a touchpad.
    public struct Device: Equatable, Sendable {
        /// The scroll valuators, by valuator number.
        public var scroll: [Int: XInputScrollAxis]
        /// Whether its scrolls are a finger's.
        public var isTouchpad: Bool

        /// A device with `scroll` valuators, a touchpad or not.
        public init(scroll: [Int: XInputScrollAxis], isTouchpad: Bool) {
            self.scroll = scroll
            self.isTouchpad = isTouchpad
        }
    }

    /// libinput's scroll value for one wheel click.
    static let clickValue = 15.0

    private var devices: [Int: Device]
    private var positions: [Int: [Int: Double]] = [:]
    private var pointer: (x: Double, y: Double)?

    /// `devices`: each slave pointer's scroll valuators, by device id.
    public init(devices: [Int: Device]) {
        self.devices = devices
    }

    /// Learns device `id`'s scroll valuators and where they stand (a device enabled while the
    /// client ran, queried as it was); without `positions`, its first scroll gives the position it
    /// scrolls from.
    public mutating func learn(_ device: Device, id: Int, positions: [Int: Double]? = nil) {
        devices[id] = device
        if let positions { self.positions[id] = positions }
    }

    /// Whether device `id`'s valuators are known.
    public func knows(_ id: Int) -> Bool { devices[id] != nil }

    /// The Wayland-terms events `event` makes, in order.
    public mutating func translate(_ event: XInputEvent) -> [DesktopPointerEvent] {
        switch event {
        case .enter(let x, let y, let scroll):
            positions = scroll
            pointer = (x, y)
            return [.enter(x: x, y: y)]
        case .leave:
            pointer = nil
            return [.leave]
        case .motion(let time, let device, let x, let y, let valuators):
            var events: [DesktopPointerEvent] = []
            if pointer.map({ $0.x != x || $0.y != y }) ?? true { events.append(.motion(time: time, x: x, y: y)) }
            pointer = (x, y)
            return events + scrolled(time, device: device, valuators)
        case .button(let time, let button, let pressed, let emulated):
            guard !emulated, let code = Self.code(ofButton: button) else { return [] }
            return [.button(time: time, button: code, pressed: pressed)]
        case .gesture(let gesture): return [gesture]
        }
    }

    /// The scroll a motion's scroll valuators made, as one frame; none without a change.
    private mutating func scrolled(
        _ time: UInt32, device id: Int, _ valuators: [Int: Double]
    )
        -> [DesktopPointerEvent]
    {
        guard let device = devices[id] else { return [] }
        var events: [DesktopPointerEvent] = []
        for (number, value) in valuators.sorted(by: { $0.key < $1.key }) {
            guard let axis = device.scroll[number] else { continue }
            defer { positions[id, default: [:]][number] = value }
            // The first value after the position was lost gives the position, no delta.
            guard let last = positions[id]?[number], axis.increment != 0 else { continue }
            let clicks = (value - last) / axis.increment
            if clicks == 0 {
                if device.isTouchpad { events.append(.axisStop(time: time, axis: axis.axis)) }
                continue
            }
            events.append(.axis(time: time, axis: axis.axis, value: clicks * Self.clickValue))
            if !device.isTouchpad {
                events.append(
                    .axisValue120(axis: axis.axis, value120: Int32(max(-1e9, min(1e9, (clicks * 120).rounded())))))
            }
        }
        guard !events.isEmpty else { return [] }
        return [.axisSource(device.isTouchpad ? 1 : 0)] + events + [.frame]
    }

    /// The Linux input event code of X button `button` (xf86-input-libinput's numbering); nil for
    /// the wheel's 4 to 7 and for none.
    public static func code(ofButton button: Int) -> UInt32? {
        switch button {
        case 1: 0x110
        case 2: 0x112
        case 3: 0x111
        case 8...255: UInt32(0x113 + button - 8)
        default: nil
        }
    }
}
