import AppEvents

/// `UIContextMenuInteraction`'s recognition, discrete: recognized when the menu opens.
///
/// It opens at once on a secondary click (a touch-down whose buttonMask contains `.secondary`:
/// a right click, or a two-finger click or tap, which libinput reports as the right button),
/// or, with ``treatsControlClickAsSecondary``, a primary click with control held; in either
/// mode, since both carry the buttons on the event. Otherwise fingers and the simulated touches
/// of a pinch open it once they stayed down together for ``minimumPressDuration`` within
/// ``allowableMovement``, the first touch reported as the one that opened it. A pointer does not
/// open it by holding, in either mode: UIKit knows the pointer's touch
/// (``AppEvents/Touch/isPointer``) even where the app sees it as `.direct`. It fails when its
/// touches move too far or one lifts. ``GestureRecord/starts`` tells how each menu opened.
open class ContextMenuInteraction: GestureRecognizer {
    /// Seconds a finger is held before the menu opens. Default 0.5, as a long press.
    public var minimumPressDuration = LongPressGestureRecognizer.defaultMinimumPressDuration
    /// Points a touch may move before the menu opened without failing it. Default 10, as a long press.
    public var allowableMovement = LongPressGestureRecognizer.defaultAllowableMovement
    /// Count control + primary click as a secondary click. Default true (TouchSynth's choice,
    /// from WWDC20 10094's advice to apps' own recognizers).
    public var treatsControlClickAsSecondary = true

    /// A recognizer called `name` (default "contextMenu") with every option at its default.
    public init(name: String = GestureKind.contextMenu.rawValue) {
        super.init(kind: .contextMenu, name: name, inputs: [.touches])
    }

    /// Held long enough.
    override open func timerFired(at time: Double) {
        guard let first = trackedTouches.first else { return }
        transition(to: .recognized, startedBy: .longPress, touch: first)
    }

    override open func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        if let pressed = trackedTouches.first(where: { $0.phase == .began }), let input = clickInput {
            transition(to: .recognized, startedBy: input, touch: pressed)
            return
        }
        if let lifted = trackedTouches.first(where: { !$0.isDown }) {
            fail(
                lifted.isPointer
                    ? .clickOpensNothing : .lifted(from: lifted.startTime, at: now, needed: minimumPressDuration))
            return
        }
        if let moved = trackedTouches.map(\.movement).max(), moved > allowableMovement {
            fail(.moved(distance: moved, allowed: allowableMovement))
            return
        }
        if timer == nil && !trackedTouches.contains(where: \.isPointer) {
            armTimer(at: event.timestamp + minimumPressDuration)
        }
    }

    /// The click that opens the menu at once, from the buttons and modifiers of the event handled.
    private var clickInput: InteractionStart.Input? {
        if buttonMask.contains(.secondary) { return .secondaryClick }
        if treatsControlClickAsSecondary && buttonMask.countingControlClickAsSecondary(modifierFlags) == .secondary {
            return .controlClick
        }
        return nil
    }
}
