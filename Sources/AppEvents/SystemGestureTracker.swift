/// Three-or-more-finger swipes and pinches, and holds, which TouchSynth takes for the system's.
///
/// On a trackpad, iPadOS keeps three-finger swipes for its navigation gestures: Home, the App
/// Switcher, switching apps (Apple's iPad User Guide; the HIG's "Pointing devices" asks apps not
/// to redefine systemwide trackpad gestures). The system consumes them, so the app's gesture
/// recognizers never see them. Apple documents no UIKit event for a hold. TouchSynth still reports
/// both, as ``SystemGestureEvent``s that no recognizer consumes, so a diagnostic shows they
/// happened; pinches of three or more fingers, and four or more fingers, count the same
/// (TouchSynth's choice: no Apple source gives an app a trackpad pinch of more than two). One
/// system gesture at a time: a new begin cancels a live one.
///
/// The three-finger undo/redo swipe and copy/paste pinch of WWDC19 224 "Modernizing Your UI for
/// iOS 13" are a different thing: touchscreen editing gestures, which an app can opt out of with
/// `editingInteractionConfiguration`. Apple documents them for the touchscreen only, so TouchSynth
/// does not model them for a trackpad.
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
    mutating func begin(
        _ kind: SystemGestureEvent.Kind, fingers: Int, device: String
    ) -> (cancelled: SystemGestureEvent?, began: SystemGestureEvent) {
        let cancelled = finish(.cancelled)
        live = Live(kind: kind, fingers: fingers)
        self.device = device
        return (cancelled, SystemGestureEvent(kind: kind, phase: .began, fingers: fingers, translation: .zero))
    }

    /// A swipe or pinch update (`scale` for pinches); nil when no such gesture is live.
    mutating func update(
        _ kind: SystemGestureEvent.Kind, dx: Double, dy: Double, scale: Double? = nil
    ) -> SystemGestureEvent? {
        guard var gesture = live, gesture.kind == kind, kind != .hold else { return nil }
        let translation = Point(x: gesture.translation.x + dx.finiteOrZero, y: gesture.translation.y + dy.finiteOrZero)
        if translation.x.isFinite && translation.y.isFinite { gesture.translation = translation }
        if let scale, scale.isFinite, scale > 0 { gesture.scale = scale }
        live = gesture
        return SystemGestureEvent(
            kind: kind, phase: .changed, fingers: gesture.fingers, translation: gesture.translation,
            scale: gesture.scale)
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
        return SystemGestureEvent(
            kind: gesture.kind, phase: phase, fingers: gesture.fingers, translation: gesture.translation,
            scale: gesture.scale)
    }
}
