import AppEvents

/// `UILongPressGestureRecognizer`, continuous: began once the required touches stayed down for
/// ``minimumPressDuration`` within ``allowableMovement``; changed as they move afterwards (any
/// distance); ended when one lifts.
///
/// There are no timers: the duration is measured on event timestamps. A ``Surface`` fires the
/// deadline (at its exact time) before delivering a later event and in ``Surface/finish(at:)``;
/// standalone, call ``GestureRecognizer/advance(to:)``.
open class LongPressGestureRecognizer: GestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Seconds. Default 0.5, as UIKit.
    @exclusivity(unchecked) public var minimumPressDuration = 0.5
    /// Points a touch may move before the press began without failing it. Default 10, as UIKit.
    @exclusivity(unchecked) public var allowableMovement = 10.0
    /// Default 1.
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1

    @exclusivity(unchecked) private var pressStart: Double?
    @exclusivity(unchecked) private var touchesInPress = 0

    /// A recognizer called `name` (default "longPress") with every option at its default.
    public init(name: String = GestureKind.longPress.rawValue) {
        super.init(kind: .longPress, name: name)
    }

    override var inputs: [InputSource] { [.touches] }

    override class var setsTimers: Bool { true }

    override var nextDeadline: Double? {
        guard state == .possible, let pressStart else { return nil }
        return pressStart + minimumPressDuration
    }

    override func deadlineReached(at time: Double) {
        pressStart = nil
        transition(to: .began, at: time)
    }

    override func reset() {
        super.reset()
        pressStart = nil
        touchesInPress = 0
    }

    override func touchesChanged(at time: Double) {
        let down = trackedTouches.elements.reduce(0) { $0 + ($1.isDown ? 1 : 0) }
        if isInProgress {
            if down < numberOfTouchesRequired {
                transition(to: .ended, at: time)
            } else if trackedTouches.contains(where: { $0.location != $0.previous }) {
                transition(to: .changed, at: time)
            }
            return
        }
        touchesInPress = max(touchesInPress, trackedTouches.count)
        let lifted = down < touchesInPress
        if touchesInPress > numberOfTouchesRequired || lifted || trackedTouches.contains(where: { $0.movement > allowableMovement }) {
            transition(to: .failed, at: time)
            return
        }
        if down == numberOfTouchesRequired && pressStart == nil {
            pressStart = time
            timerArmed()
        }
    }
}
