import Foundation
import LibinputEvents

/// A gesture of the corpus: its script and what counts as libinput reporting it.
public struct CorpusGesture: Sendable {
    public var name: String
    /// The gesture script (`touchsynth synthesize`) performed on each device.
    public var script: String
    public var fingers: Int
    /// What libinput's events for the gesture come to.
    public var judge: @Sendable ([LibinputEvent]) -> CorpusCell.Outcome

    /// The corpus's gestures, in the order of its table's columns.
    public static let all: [CorpusGesture] = [
        CorpusGesture(name: "pinch", script: "pinch scale=1.5 separation=20mm duration=400ms", fingers: 2) { events in
            pinch(events).map { .reported(String(format: "×%.2f", $0.scale)) } ?? .other(summary(events))
        },
        CorpusGesture(name: "rotation", script: "rotate angle=60deg separation=24mm duration=400ms", fingers: 2) {
            events in
            pinch(events).map { .reported(String(format: "%.1f°", $0.angle)) } ?? .other(summary(events))
        },
        CorpusGesture(name: "2fg scroll", script: "scroll fingers=2 dy=20mm spacing=15mm duration=400ms", fingers: 2) {
            events in
            var total = 0.0
            var scrolled = false
            for e in events {
                if case .pointerScroll(let s) = e.kind, s.source == .finger {
                    total += s.vertical ?? 0; scrolled = true
                }
            }
            return scrolled ? .reported(String(format: "%.0f", total)) : .other(summary(events))
        },
        CorpusGesture(
            name: "3fg swipe", script: "swipe fingers=3 direction=left distance=20mm spacing=15mm duration=300ms",
            fingers: 3
        ) { events in
            var dx = 0.0
            var swiped = false
            for e in events {
                if case .gestureSwipeUpdate(3, let d) = e.kind { dx += d.unacceleratedDx; swiped = true }
            }
            return swiped ? .reported(String(format: "dx %.0f", dx)) : .other(summary(events))
        },
        CorpusGesture(name: "hold", script: "hold fingers=2 duration=500ms", fingers: 2) { events in
            let held = events.contains {
                if case .gestureHoldEnd(2, false) = $0.kind { return true }; return false
            }
            return held ? .reported("held") : .other(summary(events))
        },
    ]

    /// The two-finger pinch libinput reported (``PinchTotal/of(_:fingers:)``).
    static func pinch(_ events: [LibinputEvent]) -> PinchTotal? { PinchTotal.of(events, fingers: 2) }

    /// What libinput reported instead, in a few words.
    public static func summary(_ events: [LibinputEvent]) -> String {
        var kinds: [String] = []
        for e in events {
            let kind: String?
            switch e.kind {
            case .gesturePinchBegin(let n): kind = "\(n)fg pinch"
            case .gestureSwipeBegin(let n): kind = "\(n)fg swipe"
            case .gestureHoldBegin(let n): kind = "\(n)fg hold"
            case .pointerScroll: kind = "scroll"
            case .pointerMotion: kind = "pointer motion"
            case .pointerButton: kind = "button"
            default: kind = nil
            }
            if let kind, !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds.isEmpty ? "nothing" : kinds.joined(separator: ", ")
    }
}
