import AppEvents

/// Why a recognizer failed: the rule of its own that the input broke, with the numbers on both
/// sides, or another recognizer's win. A record keeps one per failure
/// (``ActivationInput/failure``), so that a report or a test can say why a gesture did not
/// happen rather than only that it did not.
public enum FailureReason: Equatable, Sendable {
    /// Another recognizer won arbitration (``GestureRecord/arbitrationLosses`` names it).
    case lostArbitration
    /// A press of `pressed` where it takes `required` (a tap's `buttonMaskRequired`, a drag's primary button).
    case buttons(pressed: ButtonMask, required: ButtonMask)
    /// `count` touches, more than the `maximum` it takes.
    case tooManyTouches(count: Int, maximum: Int)
    /// `count` touches where it needs `required`: the input ended short of them.
    case tooFewTouches(count: Int, required: Int)
    /// A touch moved `distance` points from where it came down, past the `allowed` movement.
    case moved(distance: Double, allowed: Double)
    /// The press lifted after `held` seconds, short of the `needed` duration (a long press, a
    /// context menu's or drag's finger).
    case liftedTooSoon(held: Double, needed: Double)
    /// The touches lifted, their centroid having moved `moved` points, short of the `needed`
    /// distance to begin (a pan's hysteresis, a click-and-drag's threshold).
    case liftedBeforeMoving(moved: Double, needed: Double)
    /// A pointer's primary click, which opens no context menu (a secondary click does, and a
    /// control-click where the interaction takes one).
    case clickOpensNothing
    /// The input moved by `motion` (points), more across the `axis` the recognizer takes than along it.
    case acrossItsAxis(motion: Point, axis: PanAxis)
    /// The input moved by `motion` (points), not within its angle of any way it `allowed` (a swipe's
    /// directions).
    case offDirection(motion: Point, allowed: SwipeDirection)
    /// The input was not made within the `allowed` seconds of its first touch (a swipe's
    /// ``SwipeGestureRecognizer/maximumDuration``).
    case tooSlow(allowed: Double)
    /// `taps` taps of the `required` came, and the next not within `interval` seconds.
    case nextTapLate(taps: Int, required: Int, interval: Double)
    /// The transform, scroll or touch pair it followed ended before it moved enough to begin.
    case endedBeforeMoving
    /// Its own condition to begin said no (multiple selection's `shouldBegin…`).
    case declined
    /// The input it followed was cancelled.
    case cancelled
    /// A `shouldReceive` hook turned away the event that ended the input it followed.
    case turnedAway

    /// The rule a reason is of, without its numbers: what a report counts failures by.
    public enum Rule: String, Sendable, CaseIterable {
        case lostArbitration, buttons, tooManyTouches, tooFewTouches, moved, liftedTooSoon, liftedBeforeMoving
        case clickOpensNothing, acrossItsAxis, offDirection, tooSlow, nextTapLate, endedBeforeMoving, declined
        case cancelled, turnedAway
    }

    /// ``liftedTooSoon(held:needed:)`` for a press from `start` to `end` (seconds on the events'
    /// clock), held to the microsecond the clock counts: a difference of two times has no more.
    public static func lifted(from start: Double, at end: Double, needed: Double) -> FailureReason {
        .liftedTooSoon(held: ((end - start) * 1e6).rounded() / 1e6, needed: needed)
    }

    /// Whether the reason is a rule of the recognizer's own, not another's win or the input's end.
    public var isOwnRule: Bool { ![.lostArbitration, .cancelled, .turnedAway].contains(rule) }

    /// The rule this reason is of.
    public var rule: Rule {
        switch self {
        case .lostArbitration: .lostArbitration
        case .buttons: .buttons
        case .tooManyTouches: .tooManyTouches
        case .tooFewTouches: .tooFewTouches
        case .moved: .moved
        case .liftedTooSoon: .liftedTooSoon
        case .liftedBeforeMoving: .liftedBeforeMoving
        case .clickOpensNothing: .clickOpensNothing
        case .acrossItsAxis: .acrossItsAxis
        case .offDirection: .offDirection
        case .tooSlow: .tooSlow
        case .nextTapLate: .nextTapLate
        case .endedBeforeMoving: .endedBeforeMoving
        case .declined: .declined
        case .cancelled: .cancelled
        case .turnedAway: .turnedAway
        }
    }
}
