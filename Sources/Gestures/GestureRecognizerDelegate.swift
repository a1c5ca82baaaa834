import AppEvents

/// `UIGestureRecognizerDelegate`: the app's say over what a recognizer receives and with whom it
/// may recognize at the same time. Every method has a default, as UIKit's are optional.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked before the recognizer processes an event of a type it handles, so read the *event's*
    /// `buttonMask` and `modifierFlags`: the recognizer's copies are still from the last event it
    /// handled. Default true.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: AppEvent) -> Bool

    /// Asked once per new touch, after the event was accepted. Never asked for transform- or
    /// scroll-driven input, which has no touches, nor for hover, whose touch is the pointer's
    /// (TouchSynth's choice). Default true.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// Whether both may be recognizing at once; either delegate saying yes is enough. Default false.
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool
}

extension GestureRecognizerDelegate {
    /// Receives every event, as UIKit does without a delegate method.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: AppEvent) -> Bool {
        true
    }

    /// Receives every touch, as UIKit does without a delegate method.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }

    /// Competes with the other recognizer, as UIKit does without a delegate method.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
}
