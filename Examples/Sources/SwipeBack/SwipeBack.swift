import AppEvents
import Gestures

/// A browser's two-finger swipe back, written on top of the pan recognizer as an app would:
/// two-finger scrolling (or two touches) moving to the right. It cancels as soon as the motion is
/// more vertical than horizontal, and counts a swipe back when it ends at least ``distance``
/// points to the right.
public final class SwipeBack: PanGestureRecognizer {
    /// Points to the right that count as a swipe back.
    public var distance = 100.0
    public private(set) var swipes = 0

    override public init(name: String = "swipeBack") {
        super.init(name: name)
        allowedScrollTypesMask = .continuous
        minimumNumberOfTouches = 2
        maximumNumberOfTouches = 2
    }

    override public func scrollChanged(_ scroll: ScrollEvent, with event: AppEvent) {
        super.scrollChanged(scroll, with: event)
        judge()
    }

    override public func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        super.touchesChanged(touches, with: event)
        judge()
    }

    private func judge() {
        switch state {
        case .began, .changed:
            if abs(translation.y) > abs(translation.x) { transition(to: .cancelled) }
        case .ended:
            if translation.x >= distance { swipes += 1 }
        default:
            break
        }
    }
}

/// A page that fills the screen and swipes back: the app's screen, for the tests.
public func swipeBackPage() -> Surface {
    Surface(regions: [
        Region(name: "page", frame: Rect(x: 0, y: 0, width: 1440, height: 900), gestureRecognizers: [SwipeBack()])
    ])
}
