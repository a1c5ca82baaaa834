import AppEvents

/// `UITapGestureRecognizer`, discrete: recognized when the last touch of the required tap lifts.
///
/// Buttons: a touch-down counts as the buttons its event carries, a finger's (no button) as
/// `.primary`. A secondary click, or a two-finger click the translator reports as one, gives
/// `.secondary`; `.button(n)` comes from higher mouse buttons. A primary click with control held
/// is `.primary` (TouchSynth's reading: Apple does not say); with
/// ``treatsControlClickAsSecondary`` it counts as `.secondary`,
/// as WWDC20 10094 "Handle trackpad and mouse input" shows an app doing in its
/// `shouldReceive(event)` — so it recognizes a tap requiring `.secondary` and not one requiring
/// `.primary`. The mask must match
/// ``buttonMaskRequired`` exactly and is checked at touch-down (the release event may carry fewer
/// buttons).
open class TapGestureRecognizer: GestureRecognizer {
    /// Default 1.
    public var numberOfTapsRequired = 1
    /// Touches down together in each tap. Default 1.
    public var numberOfTouchesRequired = 1
    /// Default `.primary`; e.g. `.secondary` or `.button(3)`.
    public var buttonMaskRequired: ButtonMask = .primary
    /// Count control + primary click as `.secondary`, as an app following WWDC20 10094 does.
    /// Default false: the talk's app does it itself, so TouchSynth takes it that UIKit's does not.
    public var treatsControlClickAsSecondary = false
    /// How far, points, a touch may move before the tap fails. TouchSynth's approximation: 10.
    public var allowableMovement = 10.0
    /// Longest wait, seconds, from one tap's end to the next tap's touch-down. TouchSynth's
    /// approximation of UIKit's unpublished value: 0.35 s.
    public var maximumIntervalBetweenTaps = 0.35

    private var tapsCompleted = 0
    private var touchesInTap = 0

    /// A recognizer called `name` (default "tap") with every option at its default.
    public init(name: String = GestureKind.tap.rawValue) {
        super.init(kind: .tap, name: name, inputs: [.touches])
    }

    /// The buttons a press with `mask` and `flags` counts as (see the type's documentation).
    public func effectiveButtonMask(_ mask: ButtonMask, modifierFlags flags: ModifierFlags) -> ButtonMask {
        let pressed = mask.isEmpty ? ButtonMask.primary : mask
        return treatsControlClickAsSecondary ? pressed.countingControlClickAsSecondary(flags) : pressed
    }

    override open var isAwaitingInput: Bool { tapsCompleted > 0 }

    /// The next tap did not come in time.
    override open func timerFired(at time: Double) {
        fail(.nextTapLate(taps: tapsCompleted, required: numberOfTapsRequired, interval: maximumIntervalBetweenTaps))
    }

    override open func reset() {
        super.reset()
        tapsCompleted = 0
        touchesInTap = 0
    }

    override open func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        // The wait for the next tap ends with its touch.
        cancelTimer()
        let pressing = trackedTouches.contains { $0.phase == .began }
        let pressed = effectiveButtonMask(buttonMask, modifierFlags: modifierFlags)
        if pressing && pressed != buttonMaskRequired {
            fail(.buttons(pressed: pressed, required: buttonMaskRequired))
            return
        }
        touchesInTap = max(touchesInTap, trackedTouches.count)
        if touchesInTap > numberOfTouchesRequired {
            fail(.tooManyTouches(count: touchesInTap, maximum: numberOfTouchesRequired))
            return
        }
        if let moved = trackedTouches.map(\.movement).max(), moved > allowableMovement {
            fail(.moved(distance: moved, allowed: allowableMovement))
            return
        }
        guard !trackedTouches.contains(where: \.isDown) else { return }
        guard touchesInTap == numberOfTouchesRequired else {
            fail(.tooFewTouches(count: touchesInTap, required: numberOfTouchesRequired))
            return
        }
        tapsCompleted += 1
        touchesInTap = 0
        if tapsCompleted == numberOfTapsRequired {
            transition(to: .recognized)
        } else {
            armTimer(at: event.timestamp + maximumIntervalBetweenTaps)
        }
    }
}
