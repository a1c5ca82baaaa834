import AppEvents

/// `UILongPressGestureRecognizer`, continuous: began once the required touches stayed down for
/// ``minimumPressDuration`` within ``allowableMovement``; changed as they move afterwards (any
/// distance); ended when one lifts.
///
/// Its timer runs on event timestamps: a ``Surface`` fires it (at its exact time) before
/// delivering a later event and in ``Surface/finish(at:)``; standalone, call
/// ``GestureRecognizer/advance(to:)``.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// UIKit's default: 0.5 s, which the interactions that begin on a hold take too.
    public static let defaultMinimumPressDuration = 0.5
    /// UIKit's default: 10 points, which the interactions that begin on a hold take too.
    public static let defaultAllowableMovement = 10.0

    /// Seconds. Default 0.5, as UIKit.
    public var minimumPressDuration = defaultMinimumPressDuration
    /// Points a touch may move before the press began without failing it. Default 10, as UIKit.
    public var allowableMovement = defaultAllowableMovement
    /// Default 1.
    public var numberOfTouchesRequired = 1

    private var touchesInPress = 0

    /// A recognizer called `name` (default "longPress") with every option at its default.
    public init(name: String = GestureKind.longPress.rawValue) {
        super.init(kind: .longPress, name: name, inputs: [.touches])
    }

    /// Held long enough.
    override open func timerFired(at time: Double) {
        transition(to: .began)
    }

    override open func reset() {
        super.reset()
        touchesInPress = 0
    }

    override open func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        let down = trackedTouches.reduce(0) { $0 + ($1.isDown ? 1 : 0) }
        if isInProgress {
            if down < numberOfTouchesRequired {
                transition(to: .ended)
            } else if trackedTouches.contains(where: { $0.location != $0.previous }) {
                transition(to: .changed)
            }
            return
        }
        touchesInPress = max(touchesInPress, trackedTouches.count)
        if let reason = failure(down: down) {
            fail(reason)
            return
        }
        if down == numberOfTouchesRequired && timer == nil {
            armTimer(at: event.timestamp + minimumPressDuration)
        }
    }

    /// Why the press, `down` of its touches still down, fails before its timer fired; nil while it may go on.
    private func failure(down: Int) -> FailureReason? {
        if touchesInPress > numberOfTouchesRequired {
            return .tooManyTouches(count: touchesInPress, maximum: numberOfTouchesRequired)
        }
        if down < touchesInPress {
            guard touchesInPress == numberOfTouchesRequired else {
                return .tooFewTouches(count: touchesInPress, required: numberOfTouchesRequired)
            }
            // Held from when all its touches were down, as its timer counts.
            return .lifted(from: timer.map { $0 - minimumPressDuration } ?? now, at: now, needed: minimumPressDuration)
        }
        if let moved = trackedTouches.map(\.movement).max(), moved > allowableMovement {
            return .moved(distance: moved, allowed: allowableMovement)
        }
        return nil
    }
}
