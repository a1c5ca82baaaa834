import LibinputEvents

/// What libinput reported of a stream, gesture by gesture, as `compare` and `compare --libinput`
/// say it: each gesture's end (its kind, fingers and whether it was cancelled), a run of
/// scrolling from one source or of pointer motion, a button or key pressed, a touch.
public enum ReportedGesture: Equatable, Sendable, CustomStringConvertible {
    case pinch(fingers: Int, cancelled: Bool)
    case swipe(fingers: Int, cancelled: Bool)
    case hold(fingers: Int, cancelled: Bool)
    case scroll(Scroll.Source)
    case motion
    case button(UInt32)
    case key
    case touch

    /// The gestures of `events`, in order; a run of scrolling from one source, or of motion, is one.
    public static func sequence(of events: [LibinputEvent]) -> [ReportedGesture] {
        var sequence: [ReportedGesture] = []
        func append(_ entry: ReportedGesture, collapsing: Bool = false) {
            if collapsing && sequence.last == entry { return }
            sequence.append(entry)
        }
        for event in events {
            switch event.kind {
            case .gesturePinchEnd(let n, _, let cancelled): append(.pinch(fingers: n, cancelled: cancelled))
            case .gestureSwipeEnd(let n, let cancelled): append(.swipe(fingers: n, cancelled: cancelled))
            case .gestureHoldEnd(let n, let cancelled): append(.hold(fingers: n, cancelled: cancelled))
            case .pointerScroll(let s): append(.scroll(s.source), collapsing: true)
            case .pointerMotion, .pointerMotionAbsolute: append(.motion, collapsing: true)
            case .pointerButton(let button, let state, _) where state == .pressed: append(.button(button))
            case .keyboardKey(_, let state, _) where state == .pressed: append(.key)
            case .touchDown: append(.touch)
            default: break
            }
        }
        return sequence
    }

    /// Its short form, as the JSON and the version table write it: `pinch 2`, `swipe 3 cancelled`,
    /// `scroll finger`, `motion`, `BTN_LEFT`, `key`, `touch`.
    public var description: String {
        switch self {
        case .pinch(let n, let cancelled): "pinch \(n)" + (cancelled ? " cancelled" : "")
        case .swipe(let n, let cancelled): "swipe \(n)" + (cancelled ? " cancelled" : "")
        case .hold(let n, let cancelled): "hold \(n)" + (cancelled ? " cancelled" : "")
        case .scroll(let source): "scroll \(source.rawValue)"
        case .motion: "motion"
        case .button(let button): EvdevKeyNames.name(button)
        case .key: "key"
        case .touch: "touch"
        }
    }

    /// The button pressed, for a button; nil for anything else.
    public var button: UInt32? {
        if case .button(let button) = self { button } else { nil }
    }

    /// In a sentence: "a 3-finger swipe (cancelled)", "two-finger scrolling", "a BTN_LEFT press".
    public var inWords: String {
        switch self {
        case .pinch(let n, let cancelled): "a \(n)-finger pinch" + (cancelled ? " (cancelled)" : "")
        case .swipe(let n, let cancelled): "a \(n)-finger swipe" + (cancelled ? " (cancelled)" : "")
        case .hold(let n, let cancelled): "a \(n)-finger hold" + (cancelled ? " (cancelled)" : "")
        case .scroll(let source): source == .wheel ? "wheel scrolling" : "two-finger scrolling"
        case .motion: "pointer motion"
        case .key: "a key"
        case .touch: "a touchscreen touch"
        case .button: "a \(description) press"
        }
    }

    /// Fingers of three or more in a swipe or pinch: a gesture iPadOS keeps for itself.
    public var isSystemGesture: Bool {
        switch self {
        case .swipe: true
        case .pinch(let n, _): n > 2
        default: false
        }
    }

    /// Fingers resting: a gesture UIKit has no event for.
    public var isHold: Bool {
        if case .hold = self { return true }
        return false
    }
}
