import Foundation
import LibinputEvents

/// What the compositor kept or changed of libinput's gestures: each of libinput's gestures (a
/// pinch, swipe or hold, a finger scroll) set against what the window received while it ran.
public enum CompositorComparison {
    /// A gesture's kind, as libinput names its events; a finger scroll is `scroll`.
    public enum Gesture: String, Encodable, Sendable {
        case pinch, swipe, hold, scroll
    }

    /// What the window received while one of libinput's gestures ran.
    public enum Received: String, Encodable, Sendable {
        /// The gesture, as it was.
        case same
        /// The gesture, with ``Outcome/changes``.
        case changed
        /// Another gesture (``Outcome/instead``).
        case other
        /// Nothing.
        case nothing
    }

    /// `finger scroll`, or `3-finger swipe`.
    static func name(_ gesture: Gesture, fingers: Int) -> String {
        gesture == .scroll ? "finger scroll" : "\(fingers)-finger \(gesture.rawValue)"
    }

    /// A gesture over its span, microseconds on the monotonic clock both sides use (the
    /// compositor passes libinput's times on, in milliseconds).
    struct Span: Equatable {
        var kind: Gesture
        var fingers: Int
        var begin: UInt64
        var end: UInt64
        var cancelled = false
        /// A pinch's scale at its end and its rotation summed, in degrees.
        var pinch = PinchTotal()

        var name: String { CompositorComparison.name(kind, fingers: fingers) }
    }

    /// How far a pinch's scale may differ and still be the same: Wayland carries it as 24.8 fixed
    /// point, a rounding of up to 1/512 (X11's 16.16 rounds less).
    public static let scaleTolerance = 0.01
    /// How far a pinch's summed rotation, in degrees, may differ: each update's is rounded as the
    /// scale is, and the roundings add up.
    public static let angleTolerance = 1.0

    /// What became of one of libinput's gestures: the window received it (as it was, or with
    /// `changes`), received another gesture while it ran, or nothing.
    public struct Outcome: Equatable, Encodable, Sendable {
        /// The gesture libinput made.
        public var gesture: Gesture
        /// The fingers libinput counted.
        public var fingers: Int
        /// Whether libinput ended it cancelled.
        public var cancelled: Bool
        /// What the window received while it ran.
        public var window: Received
        /// What the window received instead (`"2-finger swipe"`), for `"other"`.
        public var instead: String?
        /// What differs (`"scale 1.300 where libinput's was 1.500"`), for `"changed"`.
        public var changes: [String]

        /// `libinput: 3-finger swipe; the window received nothing: the compositor kept it, or the
        /// pointer was not over the window`.
        public var line: String {
            let verdict =
                switch window {
                case .nothing:
                    "the window received nothing: the compositor kept it, or the pointer was not over the window"
                case .other: "the window received a \(instead ?? "gesture") instead"
                case .same, .changed: (["the window received it"] + changes).joined(separator: ", ")
                }
            let name = CompositorComparison.name(gesture, fingers: fingers) + (cancelled ? " (cancelled)" : "")
            return "libinput: \(name); \(verdict)"
        }
    }

    /// Each of libinput's gestures, in order, and what the window received while it ran. `slack`
    /// is how far apart in time the two sides' spans may begin and end.
    public static func outcomes(
        libinput: [LibinputEvent], window: [LibinputEvent], slack: UInt64 = 100_000
    )
        -> [Outcome]
    {
        let received = spans(window)
        let gestures = spans(libinput)
        func during(_ gesture: Span) -> [Int] {
            received.indices.filter {
                received[$0].begin + slack >= gesture.begin && received[$0].begin <= gesture.end + slack
            }
        }
        // Each of the window's gestures is matched once, to the first of libinput's like it; only
        // one matched to none can have come instead of another (a hold the compositor kept is not
        // "received as" the scroll that followed it).
        var matched: [Int?] = []
        var taken: Set<Int> = []
        for gesture in gestures {
            let same = during(gesture).first {
                !taken.contains($0) && received[$0].kind == gesture.kind && received[$0].fingers == gesture.fingers
            }
            if let same { taken.insert(same) }
            matched.append(same)
        }
        return zip(gestures, matched).map { gesture, same in
            var outcome = Outcome(
                gesture: gesture.kind, fingers: gesture.fingers, cancelled: gesture.cancelled, window: .nothing,
                changes: [])
            if let same {
                outcome.changes = changes(from: gesture, to: received[same])
                outcome.window = outcome.changes.isEmpty ? .same : .changed
            } else if let other = during(gesture).first(where: { !taken.contains($0) }) {
                (outcome.window, outcome.instead) = (.other, received[other].name)
            }
            return outcome
        }
    }

    /// ``outcomes(libinput:window:slack:)`` as lines of text.
    public static func lines(libinput: [LibinputEvent], window: [LibinputEvent], slack: UInt64 = 100_000) -> [String] {
        outcomes(libinput: libinput, window: window, slack: slack).map(\.line)
    }

    /// What differs between libinput's gesture and the window's: its end, a pinch's scale or
    /// rotation; nothing when they agree.
    private static func changes(from gesture: Span, to received: Span) -> [String] {
        func shown(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }
        var changed: [String] = []
        if received.cancelled != gesture.cancelled {
            changed.append(received.cancelled ? "cancelled" : "not cancelled")
        }
        let (got, made) = (received.pinch, gesture.pinch)
        if abs(got.scale - made.scale) > scaleTolerance {
            changed.append("scale \(shown(got.scale, 3)) where libinput's was \(shown(made.scale, 3))")
        }
        if abs(got.angle - made.angle) > angleTolerance {
            changed.append("rotated \(shown(got.angle, 1))° where libinput's was \(shown(made.angle, 1))°")
        }
        return changed
    }

    /// The gestures of `events`, each from its begin to its end; a finger scroll from its first
    /// event to its stop.
    static func spans(_ events: [LibinputEvent]) -> [Span] {
        var spans: [Span] = []
        var open: Span?, scroll: Span?
        for event in events {
            switch event.kind {
            case .gesturePinchBegin(let n): open = Span(kind: .pinch, fingers: n, begin: event.time, end: event.time)
            case .gestureSwipeBegin(let n): open = Span(kind: .swipe, fingers: n, begin: event.time, end: event.time)
            case .gestureHoldBegin(let n): open = Span(kind: .hold, fingers: n, begin: event.time, end: event.time)
            case .gesturePinchUpdate(_, _, let scale, let angleDelta):
                open?.pinch.add(scale: scale, angleDelta: angleDelta)
            case .gesturePinchEnd(_, _, let cancelled), .gestureSwipeEnd(_, let cancelled),
                .gestureHoldEnd(_, let cancelled):
                if var span = open {
                    (span.end, span.cancelled) = (event.time, cancelled)
                    spans.append(span)
                }
                open = nil
            case .pointerScroll(let s) where s.source == .finger:
                if scroll == nil { scroll = Span(kind: .scroll, fingers: 2, begin: event.time, end: event.time) }
                scroll?.end = event.time
                if s.isStop, let span = scroll {
                    spans.append(span)
                    scroll = nil
                }
            default: break
            }
        }
        return (spans + [scroll].compactMap { $0 }).sorted { $0.begin < $1.begin }
    }
}
