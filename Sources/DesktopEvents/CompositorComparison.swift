import LibinputEvents

/// What the compositor kept or changed of libinput's gestures: each of libinput's gestures (a
/// pinch, swipe or hold, a finger scroll) set against what the window received while it ran.
public enum CompositorComparison {
    /// A gesture over its span, microseconds on the monotonic clock both sides use (the
    /// compositor passes libinput's times on, in milliseconds).
    struct Span: Equatable {
        var kind: String
        var fingers: Int
        var begin: UInt64
        var end: UInt64
        var cancelled = false

        var name: String { kind == "scroll" ? "finger scroll" : "\(fingers)-finger \(kind)" }
    }

    /// One line per gesture of libinput's, in order: `libinput: 3-finger swipe; the window
    /// received nothing: the compositor kept it, or the pointer was not over the window`.
    /// `slack` is how far apart in time the two sides' spans may begin and end.
    public static func lines(libinput: [LibinputEvent], window: [LibinputEvent], slack: UInt64 = 100_000) -> [String] {
        let received = spans(window)
        return spans(libinput).map { gesture in
            let during = received.filter { $0.begin + slack >= gesture.begin && $0.begin <= gesture.end + slack }
            let verdict: String
            if let same = during.first(where: { $0.kind == gesture.kind && $0.fingers == gesture.fingers }) {
                verdict =
                    same.cancelled == gesture.cancelled
                    ? "the window received it"
                    : "the window received it, " + (same.cancelled ? "cancelled" : "not cancelled")
            } else if let other = during.first {
                verdict = "the window received a \(other.name) instead"
            } else {
                verdict = "the window received nothing: the compositor kept it, or the pointer was not over the window"
            }
            return "libinput: \(gesture.name)\(gesture.cancelled ? " (cancelled)" : ""); \(verdict)"
        }
    }

    /// The gestures of `events`, each from its begin to its end; a finger scroll from its first
    /// event to its stop.
    static func spans(_ events: [LibinputEvent]) -> [Span] {
        var spans: [Span] = []
        var open: Span?, scroll: Span?
        for event in events {
            switch event.kind {
            case .gesturePinchBegin(let n): open = Span(kind: "pinch", fingers: n, begin: event.time, end: event.time)
            case .gestureSwipeBegin(let n): open = Span(kind: "swipe", fingers: n, begin: event.time, end: event.time)
            case .gestureHoldBegin(let n): open = Span(kind: "hold", fingers: n, begin: event.time, end: event.time)
            case .gesturePinchEnd(_, _, let cancelled), .gestureSwipeEnd(_, let cancelled),
                .gestureHoldEnd(_, let cancelled):
                if var span = open {
                    (span.end, span.cancelled) = (event.time, cancelled)
                    spans.append(span)
                }
                open = nil
            case .pointerScroll(let s) where s.source == .finger:
                if scroll == nil { scroll = Span(kind: "scroll", fingers: 2, begin: event.time, end: event.time) }
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
