/// libinput's events as plain Swift values (names follow `enum libinput_event_type`).
///
/// LibinputKit produces these from a real libinput context; the pure modules (AppEvents,
/// Gestures) consume them, so they build and test without linking libinput.
public struct LibinputEvent: Equatable, Sendable {
    /// Microseconds, CLOCK_MONOTONIC (`libinput_event_*_get_time_usec`).
    public var time: UInt64
    /// The kernel name of the device, e.g. `event5`.
    public var device: String
    public var kind: Kind

    public init(time: UInt64, device: String, kind: Kind) {
        self.time = time
        self.device = device
        self.kind = kind
    }

    /// What happened, with libinput's values.
    public enum Kind: Equatable, Sendable {
        /// LIBINPUT_EVENT_DEVICE_ADDED. Boxed, so that the other kinds do not carry the size of
        /// its names and capabilities.
        indirect case deviceAdded(DeviceInfo)
        /// LIBINPUT_EVENT_DEVICE_REMOVED.
        case deviceRemoved
        /// LIBINPUT_EVENT_POINTER_MOTION: accelerated and unaccelerated deltas.
        case pointerMotion(dx: Double, dy: Double, unacceleratedDx: Double, unacceleratedDy: Double)
        /// LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, normalised to 0...1 of the device's range.
        case pointerMotionAbsolute(x: Double, y: Double)
        /// LIBINPUT_EVENT_POINTER_BUTTON.
        case pointerButton(button: UInt32, state: ButtonState, seatCount: UInt32)
        /// LIBINPUT_EVENT_POINTER_SCROLL_FINGER / _CONTINUOUS / _WHEEL.
        case pointerScroll(Scroll)
        /// LIBINPUT_EVENT_KEYBOARD_KEY: a Linux key code (KEY_*).
        case keyboardKey(key: UInt32, state: ButtonState, seatCount: UInt32)
        /// LIBINPUT_EVENT_TOUCH_DOWN (touchscreens), position normalised to 0...1.
        case touchDown(slot: Int32, seatSlot: Int32, x: Double, y: Double)
        /// LIBINPUT_EVENT_TOUCH_MOTION, position normalised to 0...1.
        case touchMotion(slot: Int32, seatSlot: Int32, x: Double, y: Double)
        /// LIBINPUT_EVENT_TOUCH_UP.
        case touchUp(slot: Int32, seatSlot: Int32)
        /// LIBINPUT_EVENT_TOUCH_CANCEL.
        case touchCancel(slot: Int32, seatSlot: Int32)
        /// LIBINPUT_EVENT_TOUCH_FRAME: the end of one set of touch changes.
        case touchFrame
        /// LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN (3+ fingers moving together).
        case gestureSwipeBegin(fingers: Int)
        /// LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE.
        case gestureSwipeUpdate(fingers: Int, delta: GestureDelta)
        /// LIBINPUT_EVENT_GESTURE_SWIPE_END.
        case gestureSwipeEnd(fingers: Int, cancelled: Bool)
        /// LIBINPUT_EVENT_GESTURE_PINCH_BEGIN (2+ fingers moving apart, together or around).
        case gesturePinchBegin(fingers: Int)
        /// `scale` is absolute since begin; `angleDelta` is degrees clockwise since the last event.
        case gesturePinchUpdate(fingers: Int, delta: GestureDelta, scale: Double, angleDelta: Double)
        /// LIBINPUT_EVENT_GESTURE_PINCH_END, with the final scale.
        case gesturePinchEnd(fingers: Int, scale: Double, cancelled: Bool)
        /// LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: fingers resting without moving.
        case gestureHoldBegin(fingers: Int)
        /// LIBINPUT_EVENT_GESTURE_HOLD_END; cancelled when the fingers start moving.
        case gestureHoldEnd(fingers: Int, cancelled: Bool)
        /// LIBINPUT_EVENT_SWITCH_TOGGLE: a lid closed (on) or opened, a convertible folded into
        /// tablet mode (on) or out of it.
        case switchToggle(Switch, state: SwitchState)

        /// A device added or removed: libinput's bookkeeping, no input of the device's.
        public var isDeviceChange: Bool {
            switch self {
            case .deviceAdded, .deviceRemoved: true
            default: false
            }
        }
    }

    /// libinput's event type name, as `libinput debug-events` prints it.
    public var typeName: String {
        switch kind {
        case .deviceAdded: return "DEVICE_ADDED"
        case .deviceRemoved: return "DEVICE_REMOVED"
        case .pointerMotion: return "POINTER_MOTION"
        case .pointerMotionAbsolute: return "POINTER_MOTION_ABSOLUTE"
        case .pointerButton: return "POINTER_BUTTON"
        case .pointerScroll(let s):
            switch s.source {
            case .finger: return "POINTER_SCROLL_FINGER"
            case .continuous: return "POINTER_SCROLL_CONTINUOUS"
            case .wheel: return "POINTER_SCROLL_WHEEL"
            }
        case .keyboardKey: return "KEYBOARD_KEY"
        case .touchDown: return "TOUCH_DOWN"
        case .touchMotion: return "TOUCH_MOTION"
        case .touchUp: return "TOUCH_UP"
        case .touchCancel: return "TOUCH_CANCEL"
        case .touchFrame: return "TOUCH_FRAME"
        case .gestureSwipeBegin: return "GESTURE_SWIPE_BEGIN"
        case .gestureSwipeUpdate: return "GESTURE_SWIPE_UPDATE"
        case .gestureSwipeEnd: return "GESTURE_SWIPE_END"
        case .gesturePinchBegin: return "GESTURE_PINCH_BEGIN"
        case .gesturePinchUpdate: return "GESTURE_PINCH_UPDATE"
        case .gesturePinchEnd: return "GESTURE_PINCH_END"
        case .gestureHoldBegin: return "GESTURE_HOLD_BEGIN"
        case .gestureHoldEnd: return "GESTURE_HOLD_END"
        case .switchToggle: return "SWITCH_TOGGLE"
        }
    }
}

/// A switch libinput reports (`enum libinput_switch`).
public enum Switch: String, CaseIterable, Equatable, Sendable {
    /// LIBINPUT_SWITCH_LID: on while the lid is closed.
    case lid
    /// LIBINPUT_SWITCH_TABLET_MODE: on while a convertible is in tablet mode.
    case tabletMode

    /// The switch whose `enum libinput_switch` value is `number`; nil for one not modelled (1.29's
    /// keypad slide).
    public init?(libinputNumber number: UInt32) {
        switch number {
        case 1: self = .lid
        case 2: self = .tabletMode
        default: return nil
        }
    }

    /// Its `enum libinput_switch` value, as `libinput record` writes it.
    public var libinputNumber: UInt32 { self == .lid ? 1 : 2 }

    /// Its name as `libinput debug-events` prints it.
    public var debugEventsName: String { self == .lid ? "lid" : "tablet-mode" }
}

/// A switch's new state (`enum libinput_switch_state`).
public enum SwitchState: String, Equatable, Sendable {
    case on
    case off
}

/// A button's or key's new state.
public enum ButtonState: String, Equatable, Sendable {
    case pressed
    case released
}

/// Gesture motion of the fingers' centre, accelerated and not.
public struct GestureDelta: Equatable, Sendable {
    public var dx: Double
    public var dy: Double
    public var unacceleratedDx: Double
    public var unacceleratedDy: Double

    public init(dx: Double, dy: Double, unacceleratedDx: Double, unacceleratedDy: Double) {
        self.dx = dx
        self.dy = dy
        self.unacceleratedDx = unacceleratedDx
        self.unacceleratedDy = unacceleratedDy
    }
}

/// One scroll event. An axis that did not change is nil; a 0 on a present axis is a scroll stop.
public struct Scroll: Equatable, Sendable {
    public enum Source: String, Equatable, Sendable {
        /// Two fingers on a touchpad: continuous, with an explicit stop.
        case finger
        /// Trackball or button scrolling: continuous.
        case continuous
        /// A mouse wheel: discrete, in 120ths of a notch.
        case wheel
    }

    public var source: Source
    public var vertical: Double?
    public var horizontal: Double?
    /// Wheel clicks in 120ths (`value120`), only for `.wheel`.
    public var vertical120: Double?
    public var horizontal120: Double?

    public init(
        source: Source, vertical: Double?, horizontal: Double?, vertical120: Double? = nil, horizontal120: Double? = nil
    ) {
        self.source = source
        self.vertical = vertical
        self.horizontal = horizontal
        self.vertical120 = vertical120
        self.horizontal120 = horizontal120
    }

    /// Fingers lifted: every present axis reads 0.
    public var isStop: Bool {
        source != .wheel && (vertical ?? 0) == 0 && (horizontal ?? 0) == 0
    }
}

/// What libinput says about a device when it is added.
public struct DeviceInfo: Equatable, Sendable {
    public var name: String
    public var sysname: String
    public var capabilities: CapabilitySet
    /// Physical size in millimetres, when libinput knows it.
    public var sizeMM: (width: Double, height: Double)?
    /// The version of the libinput that added the device, when the reader knows it (`1.28.1`).
    public var libinputVersion: String?
    /// Whether libinput reverses the device's scroll values (natural scrolling) as configured
    /// once it was added; nil for a device without the setting, or a reader that does not know.
    public var naturalScrolling: Bool?

    public init(
        name: String, sysname: String, capabilities: CapabilitySet, sizeMM: (width: Double, height: Double)?,
        libinputVersion: String? = nil, naturalScrolling: Bool? = nil
    ) {
        self.name = name
        self.sysname = sysname
        self.capabilities = capabilities
        self.sizeMM = sizeMM
        self.libinputVersion = libinputVersion
        self.naturalScrolling = naturalScrolling
    }

    public static func == (a: DeviceInfo, b: DeviceInfo) -> Bool {
        a.name == b.name && a.sysname == b.sysname && a.capabilities == b.capabilities
            && a.sizeMM?.width == b.sizeMM?.width && a.sizeMM?.height == b.sizeMM?.height
            && a.libinputVersion == b.libinputVersion && a.naturalScrolling == b.naturalScrolling
    }
}

/// `enum libinput_device_capability`.
public enum Capability: String, CaseIterable, Sendable {
    case keyboard, pointer, touch, tabletTool = "tablet-tool", tabletPad = "tablet-pad", gesture, `switch`

    /// The capability's bit in a ``CapabilitySet``.
    var bit: UInt8 {
        switch self {
        case .keyboard: 1 << 0
        case .pointer: 1 << 1
        case .touch: 1 << 2
        case .tabletTool: 1 << 3
        case .tabletPad: 1 << 4
        case .gesture: 1 << 5
        case .switch: 1 << 6
        }
    }
}

/// A device's capabilities, one bit each, listed in libinput's order.
public struct CapabilitySet: Equatable, Sendable, Sequence, ExpressibleByArrayLiteral, RawRepresentable {
    private var bits: UInt8 = 0

    /// The capabilities whose bits are set in `rawValue` (bit 0 keyboard, in libinput's order).
    public init(rawValue: UInt8) { bits = rawValue }

    public var rawValue: UInt8 { bits }

    /// The capabilities in `capabilities`.
    public init(_ capabilities: some Sequence<Capability>) {
        for capability in capabilities { bits |= capability.bit }
    }

    public init(arrayLiteral capabilities: Capability...) {
        self.init(capabilities)
    }

    /// Whether the device has `capability`.
    public func contains(_ capability: Capability) -> Bool {
        bits & capability.bit != 0
    }

    public func makeIterator() -> IndexingIterator<[Capability]> {
        Capability.allCases.filter(contains).makeIterator()
    }
}
