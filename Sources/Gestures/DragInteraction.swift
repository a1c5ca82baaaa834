import AppEvents

/// `UIDragInteraction`'s recognition, continuous: began when the drag lifts its item, changed as
/// the touch moves, ended when it lifts.
///
/// A pointer pressed with the primary button alone begins the drag as soon as it moved more than
/// ``dragThreshold`` from where it went down, in either mode: UIKit knows the pointer's touch
/// (``AppEvents/Touch/isPointer``) even where the app sees it as `.direct`; with other buttons,
/// pressed with it or before the drag began, it fails. A finger, or one of a pinch's simulated
/// touches, must first be held within ``allowableMovement`` for ``liftDelay``, and the drag
/// begins then. One touch per drag: a second touch before the drag began fails it; after, extra
/// touches are ignored.
/// ``GestureRecord/starts`` tells how each drag began.
open class DragInteraction: GestureRecognizer {
    /// Points a finger may move before the lift without failing it. Default 10, as a long press.
    public var allowableMovement = LongPressGestureRecognizer.defaultAllowableMovement
    /// Seconds a finger is held before the drag begins. TouchSynth's choice: 0.5, UIKit's
    /// long-press default.
    public var liftDelay = LongPressGestureRecognizer.defaultMinimumPressDuration
    /// Points a primary pointer press moves before the drag begins. TouchSynth's choice: 8, the
    /// distance beyond which the translator calls a click a drag.
    public var dragThreshold = AppEventTranslator.Configuration.defaultMultiClickSlop

    /// The drag's translation since it began, points.
    public var translation: Point { currentTranslation }

    private var currentTranslation = Point.zero
    /// Where the dragging touch was when the drag began.
    private var liftLocation = Point.zero

    /// A recognizer called `name` (default "drag") with every option at its default.
    public init(name: String = GestureKind.drag.rawValue) {
        super.init(kind: .drag, name: name, inputs: [.touches])
    }

    override open var currentValues: GestureValues { GestureValues(translation: currentTranslation) }

    /// Its view's context menu: TouchSynth's model of UIKit's two interactions, in which one long
    /// press opens the menu and lifts the drag (docs/uikit-behaviour.md).
    override func coordinates(with other: GestureRecognizer) -> Bool {
        other is ContextMenuInteraction && other.region === region
    }

    override open func prepareForNewGesture() {
        currentTranslation = .zero
    }

    /// A finger held long enough.
    override open func timerFired(at time: Double) {
        guard let touch = trackedTouches.first else { return }
        begin(.longPress, with: touch)
    }

    override open func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        // Before the drag began its touch is the only one; after, extra touches come later.
        guard let touch = trackedTouches.first else { return }
        if isInProgress {
            let translation = touch.location.subtracting(liftLocation)
            if !touch.isDown {
                transition(to: .ended)
            } else if translation != currentTranslation {
                currentTranslation = translation
                transition(to: .changed)
            }
            return
        }
        if trackedTouches.count > 1 {
            fail(.tooManyTouches(count: trackedTouches.count, maximum: 1))
            return
        }
        if !touch.isDown {
            fail(
                touch.isPointer
                    ? .liftedBeforeMoving(moved: touch.movement, needed: dragThreshold)
                    : .lifted(from: touch.startTime, at: now, needed: liftDelay))
            return
        }
        if !buttonMask.isEmpty && buttonMask != .primary {
            // A secondary click opens a menu, it does not lift a drag; nor does another button
            // pressed while the primary is held.
            fail(.buttons(pressed: buttonMask, required: .primary))
        } else if touch.isPointer {
            if touch.movement > dragThreshold { begin(.clickAndDrag, with: touch) }
        } else if touch.movement > allowableMovement {
            fail(.moved(distance: touch.movement, allowed: allowableMovement))
        } else if timer == nil {
            armTimer(at: event.timestamp + liftDelay)
        }
    }

    private func begin(_ input: InteractionStart.Input, with touch: TrackedTouch) {
        liftLocation = touch.location
        currentTranslation = .zero
        transition(to: .began, startedBy: input, touch: touch)
    }
}
