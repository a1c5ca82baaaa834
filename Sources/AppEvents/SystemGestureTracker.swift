/// Three-or-more-finger swipes and pinches, and holds, which UIKit keeps for the system.
///
/// On iPadOS a three-finger swipe is undo/redo and a three-finger pinch copy/paste (seed 004);
/// four-finger swipes switch apps: the system consumes them and the app's gesture recognizers
/// never see them. A hold has no
/// UIKit event at all. TouchSynth still reports both, as ``SystemGestureEvent``s that no
/// recognizer consumes, so a diagnostic shows they happened. One system gesture at a time: a new
/// begin cancels a live one.
struct SystemGestureTracker {
    private struct Live {
        var kind: SystemGestureEvent.Kind
        var fingers: Int
        var translation = Point.zero
        var scale = 1.0
    }

    private var live: Live?

    /// The live gesture's device.
    private(set) var device: String?

    /// Begins a gesture; `cancelled` is the live one it replaced, if any.
    mutating func begin(_ kind: SystemGestureEvent.Kind, fingers: Int, device: String) -> (cancelled: SystemGestureEvent?, began: SystemGestureEvent) {
        let cancelled = finish(.cancelled)
        live = Live(kind: kind, fingers: fingers)
        self.device = device
        return (cancelled, SystemGestureEvent(kind: kind, phase: .began, fingers: fingers, translation: .zero))
    }

    /// A swipe or pinch update (`scale` for pinches); nil when no such gesture is live.
    mutating func update(_ kind: SystemGestureEvent.Kind, dx: Double, dy: Double, scale: Double? = nil) -> SystemGestureEvent? {
        guard var gesture = live, gesture.kind == kind, kind != .hold else { return nil }
        let translation = Point(x: gesture.translation.x + dx.finiteOrZero, y: gesture.translation.y + dy.finiteOrZero)
        if translation.x.isFinite && translation.y.isFinite { gesture.translation = translation }
        if let scale, scale.isFinite, scale > 0 { gesture.scale = scale }
        live = gesture
        return SystemGestureEvent(kind: kind, phase: .changed, fingers: gesture.fingers, translation: gesture.translation, scale: gesture.scale)
    }

    /// libinput's end of a `kind` gesture; nil when no such gesture is live.
    mutating func end(_ kind: SystemGestureEvent.Kind, cancelled: Bool) -> SystemGestureEvent? {
        guard live?.kind == kind else { return nil }
        return finish(cancelled ? .cancelled : .ended)
    }

    /// Ends or cancels whatever is live.
    mutating func finish(_ phase: GesturePhase) -> SystemGestureEvent? {
        guard let gesture = live else { return nil }
        live = nil
        device = nil
        return SystemGestureEvent(kind: gesture.kind, phase: phase, fingers: gesture.fingers, translation: gesture.translation, scale: gesture.scale)
    }
}
