import LibinputEvents

/// What libinput reported of a stream, gesture by gesture, as `compare` and `compare --libinput`
/// say it: each gesture (its kind, fingers and how it ended), a run of scrolling from one source
/// or of pointer motion, a button or key pressed, a button let go that was pressed before the
/// events began (a tap-and-drag's, released in a later sequence), a touch.
public enum ReportedGesture: Equatable, Sendable, CustomStringConvertible {
    /// How a gesture libinput began ended in the events given: by its end event, cancelled, or
    /// not at all (a recording stopped with the fingers down).
    public enum End: Equatable, Sendable {
        case ended, cancelled, open
    }

    case pinch(fingers: Int, end: End)
    case swipe(fingers: Int, end: End)
    case hold(fingers: Int, end: End)
    case scroll(Scroll.Source)
    case motion
    case button(UInt32)
    /// A button released whose press came before the events given.
    case buttonRelease(UInt32)
    case key
    case touch

    /// The gestures of `events`, in order; a run of scrolling from one source, or of motion, is one.
    public static func sequence(of events: some Sequence<LibinputEvent>) -> [ReportedGesture] {
        var sequence: [ReportedGesture] = []
        func append(_ entry: ReportedGesture) {
            if entry.isRun && sequence.last == entry { return }
            sequence.append(entry)
        }
        // A gesture begun and not yet ended, which the events' end leaves open.
        var open: ReportedGesture?
        var pressed: Set<UInt32> = []
        func ended(_ gesture: ReportedGesture) {
            append(gesture)
            open = nil
        }
        for event in events {
            switch event.kind {
            case .gesturePinchBegin(let n): open = .pinch(fingers: n, end: .open)
            case .gestureSwipeBegin(let n): open = .swipe(fingers: n, end: .open)
            case .gestureHoldBegin(let n): open = .hold(fingers: n, end: .open)
            case .gesturePinchEnd(let n, _, let cancelled): ended(.pinch(fingers: n, end: .ending(cancelled)))
            case .gestureSwipeEnd(let n, let cancelled): ended(.swipe(fingers: n, end: .ending(cancelled)))
            case .gestureHoldEnd(let n, let cancelled): ended(.hold(fingers: n, end: .ending(cancelled)))
            case .pointerScroll(let s): append(.scroll(s.source))
            case .pointerMotion, .pointerMotionAbsolute: append(.motion)
            case .pointerButton(let button, let state, _) where state == .pressed:
                pressed.insert(button)
                append(.button(button))
            case .pointerButton(let button, _, _) where pressed.remove(button) == nil: append(.buttonRelease(button))
            case .keyboardKey(_, let state, _) where state == .pressed: append(.key)
            case .touchDown: append(.touch)
            default: break
            }
        }
        if let open { sequence.append(open) }
        return sequence
    }

    /// The gestures of several stretches of events (each as ``sequence(of:)`` gives it) as one
    /// stretch of them all: a run of scrolling or motion that goes on from one to the next is one.
    public static func joined(_ sequences: [[ReportedGesture]]) -> [ReportedGesture] {
        sequences.joined().reduce(into: []) { joined, entry in
            if !(entry.isRun && joined.last == entry) { joined.append(entry) }
        }
    }

    /// Whether it stands for a run of events, which one entry says however long: scrolling from
    /// one source, or pointer motion.
    private var isRun: Bool {
        switch self {
        case .scroll, .motion: true
        default: false
        }
    }

    /// Its short form, as the JSON and the version table write it: `pinch 2`, `swipe 3 cancelled`,
    /// `scroll finger`, `motion`, `BTN_LEFT`, `BTN_LEFT released`, `key`, `touch`.
    public var description: String {
        switch self {
        case .pinch(let n, let end): "pinch \(n)" + end.suffix
        case .swipe(let n, let end): "swipe \(n)" + end.suffix
        case .hold(let n, let end): "hold \(n)" + end.suffix
        case .scroll(let source): "scroll \(source.rawValue)"
        case .motion: "motion"
        case .button(let button): EvdevKeyNames.name(button)
        case .buttonRelease(let button): EvdevKeyNames.name(button) + " released"
        case .key: "key"
        case .touch: "touch"
        }
    }

    /// The button pressed, for a button; nil for anything else.
    public var button: UInt32? {
        if case .button(let button) = self { button } else { nil }
    }

    /// Whether it is a button's release (``buttonRelease(_:)``).
    public var isRelease: Bool {
        if case .buttonRelease = self { true } else { false }
    }

    /// In a sentence: "a 3-finger swipe (cancelled)", "two-finger scrolling", "a BTN_LEFT press".
    public var inWords: String {
        switch self {
        case .pinch(let n, let end): "a \(n)-finger pinch" + end.inWords
        case .swipe(let n, let end): "a \(n)-finger swipe" + end.inWords
        case .hold(let n, let end): "a \(n)-finger hold" + end.inWords
        case .scroll(let source): source == .wheel ? "wheel scrolling" : "two-finger scrolling"
        case .motion: "pointer motion"
        case .key: "a key"
        case .touch: "a touchscreen touch"
        case .button(let button): "a \(EvdevKeyNames.name(button)) press"
        case .buttonRelease(let button): "a \(EvdevKeyNames.name(button)) release"
        }
    }

    /// A sequence in a sentence, a run of the same said once with its count: "a key ×2, a
    /// 2-finger pinch".
    public static func inWords(_ gestures: [ReportedGesture]) -> String {
        var runs: [(words: String, count: Int)] = []
        for words in gestures.map(\.inWords) {
            if runs.last?.words == words { runs[runs.count - 1].count += 1 } else { runs.append((words, 1)) }
        }
        return runs.map { $0.words + ($0.count > 1 ? " ×\($0.count)" : "") }.joined(separator: ", ")
    }

    /// Fingers of three or more in a swipe or pinch: a gesture kept for the system (iPadOS keeps
    /// three-finger swipes; TouchSynth, as its model, the rest).
    public var isSystemGesture: Bool {
        switch self {
        case .swipe: true
        case .pinch(let n, _): n > 2
        default: false
        }
    }

    /// Fingers resting: a gesture Apple documents no UIKit event for.
    public var isHold: Bool {
        if case .hold = self { return true }
        return false
    }
}

extension ReportedGesture.End {
    fileprivate static func ending(_ cancelled: Bool) -> Self { cancelled ? .cancelled : .ended }

    /// After the gesture's short form: `pinch 2 cancelled`, `pinch 2 open`.
    fileprivate var suffix: String {
        switch self {
        case .ended: ""
        case .cancelled: " cancelled"
        case .open: " open"
        }
    }

    fileprivate var inWords: String {
        switch self {
        case .ended: ""
        case .cancelled: " (cancelled)"
        case .open: " (not ended when the events did)"
        }
    }
}
