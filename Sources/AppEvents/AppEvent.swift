/// The events an app receives, mirroring UIKit's `UIEvent`/`UITouch` (docs/uikit-behaviour.md).

/// `UIEvent.ButtonMask`: bit n-1 is button n; `.primary` is button 1, `.secondary` button 2.
public struct ButtonMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let primary = ButtonMask(rawValue: 1 << 0)
    public static let secondary = ButtonMask(rawValue: 1 << 1)

    /// `.button(1)` is `.primary`, `.button(2)` is `.secondary`, `.button(3)` the middle button.
    public static func button(_ n: Int) -> ButtonMask {
        precondition(n >= 1 && n <= 62, "UIKit numbers buttons from 1")
        return ButtonMask(rawValue: 1 << (n - 1))
    }

    public var description: String {
        if isEmpty { return "-" }
        var parts: [String] = []
        for n in 1...62 where contains(.button(n)) {
            parts.append(n == 1 ? "primary" : n == 2 ? "secondary" : "button(\(n))")
        }
        return parts.joined(separator: "+")
    }
}

/// `UIKeyModifierFlags`, with UIKit's raw values.
public struct ModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alphaShift = ModifierFlags(rawValue: 1 << 16)
    public static let shift = ModifierFlags(rawValue: 1 << 17)
    public static let control = ModifierFlags(rawValue: 1 << 18)
    public static let alternate = ModifierFlags(rawValue: 1 << 19)
    public static let command = ModifierFlags(rawValue: 1 << 20)
    public static let numericPad = ModifierFlags(rawValue: 1 << 21)

    public var description: String {
        if isEmpty { return "-" }
        let names: [(ModifierFlags, String)] = [
            (.alphaShift, "alphaShift"), (.shift, "shift"), (.control, "control"),
            (.alternate, "alternate"), (.command, "command"), (.numericPad, "numericPad"),
        ]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}

/// `UITouch.Phase`.
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited

    /// The touch's last phase: ended or cancelled.
    public var isFinal: Bool { self == .ended || self == .cancelled }
}

/// `UITouch.TouchType` (the two a trackpad or mouse can produce).
public enum TouchType: String, Codable, Sendable, CaseIterable {
    /// A finger on the screen, or, in compatibility mode, anything pretending to be one.
    case direct
    /// The pointer of a trackpad or mouse, delivered as itself (indirect input mode only).
    case indirectPointer
}

/// Stable identity of a touch across its phases.
public struct TouchID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "#\(rawValue)" }
}

/// `UITouch` as a value: one touch in one event.
public struct Touch: Equatable, Sendable {
    /// The same touch through its phases (UIKit keeps one `UITouch` object).
    public var id: TouchID
    public var phase: TouchPhase
    /// `UITouch.type`: which the app sees, by mode.
    public var type: TouchType
    /// `location(in:)` in the surface's points.
    public var location: Point
    /// `previousLocation(in:)`: where the touch was at its last event.
    public var previousLocation: Point
    /// `UITouch.tapCount`.
    public var tapCount: Int
    /// True for the two touches compatibility mode synthesises for a trackpad pinch/rotate.
    public var isSimulated: Bool
    /// The pointer's click or drag, whatever type the app sees (`.direct` in compatibility mode):
    /// what UIKit knows of the touch's source and its own interactions act on (a drag begun by
    /// click-and-drag), which the `UIApplicationSupportsIndirectInputEvents` key does not change
    /// (WWDC20 10094). Not in the app's events' JSON: the app cannot read it.
    public var isPointer: Bool

    /// A touch; `isPointer` holds for an `.indirectPointer` one whatever is passed.
    public init(
        id: TouchID, phase: TouchPhase, type: TouchType, location: Point, previousLocation: Point, tapCount: Int = 0,
        isSimulated: Bool = false, isPointer: Bool = false
    ) {
        self.id = id
        self.phase = phase
        self.type = type
        self.location = location
        self.previousLocation = previousLocation
        self.tapCount = tapCount
        self.isSimulated = isSimulated
        self.isPointer = isPointer || type == .indirectPointer
    }
}

/// Phase of a continuous non-touch gesture (`UIGestureRecognizer.State`-like for transform/scroll).
public enum GesturePhase: String, Sendable {
    case began, changed, ended, cancelled

    /// The sequence's last phase: ended or cancelled.
    public var isFinal: Bool { self == .ended || self == .cancelled }
}

/// `UIEvent.EventType.transform`: a trackpad pinch/rotate delivered natively (indirect mode).
public struct TransformEvent: Equatable, Sendable {
    public var phase: GesturePhase
    /// Cumulative scale since began (libinput's absolute scale).
    public var scale: Double
    /// Cumulative rotation since began, radians, clockwise positive as in UIKit.
    public var rotation: Double
    /// Where the gesture happens: the pointer location.
    public var location: Point

    public init(phase: GesturePhase, scale: Double, rotation: Double, location: Point) {
        self.phase = phase
        self.scale = scale
        self.rotation = rotation
        self.location = location
    }
}

/// `UIScrollType`.
public enum ScrollType: String, Sendable {
    /// Two fingers on a trackpad.
    case continuous
    /// A mouse wheel, in notches.
    case discrete
}

/// `UIEvent.EventType.scroll`: two-finger trackpad pans and mouse wheels.
public struct ScrollEvent: Equatable, Sendable {
    public var phase: GesturePhase
    public var type: ScrollType
    /// Motion of this event, points.
    public var delta: Point
    /// Cumulative motion since began, points (what a pan recognizer reports as translation).
    public var translation: Point
    /// For wheels: this event's clicks in 120ths of a notch (libinput's value120), per axis.
    public var value120: Point?
    /// Where the scroll happens: the pointer location.
    public var location: Point

    public init(
        phase: GesturePhase, type: ScrollType, delta: Point, translation: Point, value120: Point? = nil, location: Point
    ) {
        self.phase = phase
        self.type = type
        self.delta = delta
        self.translation = translation
        self.value120 = value120
        self.location = location
    }
}

/// A trackpad gesture that iPadOS keeps for the system (3-finger swipes; swipes of more fingers
/// and pinches of three or more TouchSynth treats alike) or UIKit has no event for (hold).
/// TouchSynth reports them so a diagnostic shows they happened; no recognizer consumes them.
public struct SystemGestureEvent: Equatable, Sendable {
    /// libinput's gesture type.
    public enum Kind: String, Sendable {
        case swipe, pinch, hold
    }

    public var kind: Kind
    public var phase: GesturePhase
    /// Fingers on the pad, as libinput counts them.
    public var fingers: Int
    /// Cumulative motion of the fingers' centre since began (zero for hold).
    public var translation: Point
    /// A pinch's scale since began, libinput's absolute value; 1 for swipes and holds.
    public var scale: Double

    public init(kind: Kind, phase: GesturePhase, fingers: Int, translation: Point, scale: Double = 1) {
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.translation = translation
        self.scale = scale
    }
}

/// `UIEvent.EventType`, plus TouchSynth's own kinds for what UIKit reports outside UIEvent.
public enum AppEventType: String, Sendable {
    case touches, hover, scroll, transform
    /// TouchSynth: swipe/hold gestures the system keeps (see ``SystemGestureEvent``).
    case systemGesture
    /// TouchSynth: `UIPointerLockState.didChangeNotification`.
    case pointerLock
    /// TouchSynth: relative motion while the pointer is locked (`GCMouse` in UIKit).
    case relativeMotion
    /// TouchSynth: `UIPointerInteractionDelegate`'s `willEnter`/`willExit` (see ``PointerRegionEvent``).
    case pointerRegion
}

/// One event delivered to the app.
public struct AppEvent: Equatable, Sendable {
    /// What the event carries, by type.
    public enum Payload: Equatable, Sendable {
        case touches([Touch])
        case hover(Touch)
        case scroll(ScrollEvent)
        case transform(TransformEvent)
        case systemGesture(SystemGestureEvent)
        case pointerLock(isLocked: Bool)
        /// Motion under the pointer lock: libinput's unaccelerated deltas (1000 dpi units, not points), y down.
        case relativeMotion(dx: Double, dy: Double)
        case pointerRegion(PointerRegionEvent)
    }

    /// Seconds, from libinput's CLOCK_MONOTONIC microseconds (like `UIEvent.timestamp`).
    public var timestamp: Double
    /// The pointer's buttons held on the seat (`UIEvent.buttonMask`); a click's ending touch keeps
    /// the mask from before the release.
    public var buttonMask: ButtonMask
    /// The modifier keys held (`UIEvent.modifierFlags`).
    public var modifierFlags: ModifierFlags
    /// What the event carries.
    public var payload: Payload

    public init(timestamp: Double, buttonMask: ButtonMask, modifierFlags: ModifierFlags, payload: Payload) {
        self.timestamp = timestamp
        self.buttonMask = buttonMask
        self.modifierFlags = modifierFlags
        self.payload = payload
    }

    /// Its kind, as `UIEvent.type` (and TouchSynth's own kinds) name it.
    public var type: AppEventType {
        switch payload {
        case .touches: return .touches
        case .hover: return .hover
        case .scroll: return .scroll
        case .transform: return .transform
        case .systemGesture: return .systemGesture
        case .pointerLock: return .pointerLock
        case .relativeMotion: return .relativeMotion
        case .pointerRegion: return .pointerRegion
        }
    }

    /// The touches of a touches or hover event (empty for the others).
    public var allTouches: [Touch] {
        switch payload {
        case .touches(let t): return t
        case .hover(let t): return [t]
        default: return []
        }
    }
}
