import LibinputEvents

/// What became of one libinput event in one mode: every event is accounted for.
public enum Disposition: Equatable, Sendable {
    /// It produced at least one app event.
    case emitted
    /// Its content is carried by state that later app events report.
    case merged(String)
    /// It deliberately has no effect on the app, for the reason given.
    case dropped(String)
}

/// Why an event produced no app event: its content lives on in state later events carry, or it
/// has no counterpart in UIKit.
public enum SilentReason: Int, CaseIterable, Sendable {
    case deviceBookkeeping, touchscreen, keyState, pointerPosition, buttonMask, scrollSequence, pinchBelowThreshold,
        systemGestureState
    /// Merged into state no later event carried: the stream ended first.
    case nothingFollowed
    /// Pointer motion that left the pointer where it was: pressed against the screen's edge, or
    /// of no accelerated delta.
    case pointerUnmoved
    /// A lid or tablet-mode switch: no UIKit event says it.
    case switchToggle
    /// A key that is no modifier: it changes no state a pointer event carries, and the key
    /// presses UIKit gives (`UIPress`) are not modelled.
    case keyPress

    /// The reason of `event`, which produced nothing.
    init(_ event: LibinputEvent) {
        switch event.kind {
        case .deviceAdded, .deviceRemoved: self = .deviceBookkeeping
        case .keyboardKey(let key, _, _):
            self = ModifierKey.flag(for: key) != nil || key == ModifierKey.capsLock ? .keyState : .keyPress
        case .touchDown, .touchMotion, .touchUp, .touchCancel, .touchFrame: self = .touchscreen
        case .pointerMotion, .pointerMotionAbsolute: self = .pointerPosition
        case .pointerButton: self = .buttonMask
        case .pointerScroll: self = .scrollSequence
        case .gesturePinchBegin, .gesturePinchUpdate, .gesturePinchEnd: self = .pinchBelowThreshold
        case .gestureSwipeBegin, .gestureSwipeUpdate, .gestureSwipeEnd, .gestureHoldBegin, .gestureHoldEnd:
            self = .systemGestureState
        case .switchToggle: self = .switchToggle
        }
    }

    var disposition: Disposition {
        switch self {
        case .deviceBookkeeping: return .dropped("device bookkeeping")
        case .touchscreen: return .dropped("touchscreen input is not modelled")
        case .keyState: return .merged("modifier and key state of later events")
        case .pointerPosition: return .merged("pointer position")
        case .buttonMask: return .merged("button mask of the click in progress")
        case .scrollSequence: return .merged("scroll sequence")
        case .pinchBelowThreshold: return .merged("pinch state below the transform threshold")
        case .systemGestureState: return .merged("system gesture state")
        case .nothingFollowed: return .dropped("no later event carried it")
        case .pointerUnmoved: return .dropped("pointer motion that left the pointer where it was")
        case .switchToggle: return .dropped("a lid or tablet-mode switch, which no UIKit event says")
        case .keyPress: return .dropped("a key that is no modifier: key presses (UIPress) are not modelled")
        }
    }
}

/// Counts of ``Disposition``s, by reason. Its JSON form: `libinputEvents`, `emitted`, and
/// `merged` and `dropped` objects of counts by reason.
public struct Accounting: Equatable, Sendable, Encodable {
    public private(set) var events = 0
    public private(set) var emitted = 0
    /// Silent events by ``SilentReason`` raw value: counted by reason, their texts made only
    /// when read.
    private var silent = [Int](repeating: 0, count: SilentReason.allCases.count)
    /// Merged events since the last emitted one, by reason: at the end of the stream nothing
    /// carries them any more.
    private var uncarried = [Int](repeating: 0, count: SilentReason.allCases.count)

    /// Nothing counted yet.
    public init() {}

    /// How many events were silent for `reason`.
    public func count(of reason: SilentReason) -> Int { silent[reason.rawValue] }

    /// Merged events, by reason.
    public var merged: [String: Int] { byReason { if case .merged(let why) = $0 { why } else { nil } } }
    /// Dropped events, by reason.
    public var dropped: [String: Int] { byReason { if case .dropped(let why) = $0 { why } else { nil } } }

    private enum Key: String, CodingKey {
        case libinputEvents, emitted, merged, dropped
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(events, forKey: .libinputEvents)
        try c.encode(emitted, forKey: .emitted)
        try c.encode(merged, forKey: .merged)
        try c.encode(dropped, forKey: .dropped)
    }

    mutating func countEmitted() {
        events += 1
        emitted += 1
        carried()
    }

    mutating func countSilent(_ reason: SilentReason) {
        events += 1
        silent[reason.rawValue] += 1
        if case .merged = reason.disposition { uncarried[reason.rawValue] += 1 }
    }

    /// An app event was emitted: the merged events before it are carried.
    mutating func carried() {
        for i in uncarried.indices { uncarried[i] = 0 }
    }

    /// The stream ended: merged events no app event followed are counted as dropped.
    mutating func endOfStream() {
        for reason in SilentReason.allCases where uncarried[reason.rawValue] > 0 {
            silent[reason.rawValue] -= uncarried[reason.rawValue]
            silent[SilentReason.nothingFollowed.rawValue] += uncarried[reason.rawValue]
            uncarried[reason.rawValue] = 0
        }
    }

    /// The counts of the reasons whose disposition `text` names, under that name.
    private func byReason(_ text: (Disposition) -> String?) -> [String: Int] {
        var counts: [String: Int] = [:]
        for reason in SilentReason.allCases where silent[reason.rawValue] > 0 {
            if let why = text(reason.disposition) { counts[why, default: 0] += silent[reason.rawValue] }
        }
        return counts
    }
}
