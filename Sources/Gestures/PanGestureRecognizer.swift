import AppEvents

/// `UIScrollTypeMask`: which scroll events a pan recognizer follows.
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
    /// Bit 0 continuous, bit 1 discrete.
    public let rawValue: Int
    /// The mask with these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Two fingers on a trackpad.
    public static let continuous = ScrollTypeMask(rawValue: 1 << 0)
    /// A mouse wheel.
    public static let discrete = ScrollTypeMask(rawValue: 1 << 1)
    /// Both scroll types, what scroll views allow.
    public static let all: ScrollTypeMask = [.continuous, .discrete]

    /// The mask bit for one scroll type.
    public init(_ type: ScrollType) {
        self = type == .continuous ? .continuous : .discrete
    }
}

/// `UIPanGestureRecognizer`, continuous. Driven by touches (the centroid's motion) or, when
/// ``allowedScrollTypesMask`` allows, by scroll events (then `numberOfTouches` is 0).
open class PanGestureRecognizer: GestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Touch-driven: how far the touches moved together since they came down (their motion is
    /// averaged, so a touch joining or lifting does not make it jump). Scroll-driven: the
    /// event's cumulative translation. UIKit's `translation(in:)`.
    public var translation: Point {
        withSurface { $0.catchUpSteadyInput() }
        return currentTranslation
    }
    /// Points per second. UIKit's `velocity(in:)`.
    public var velocity: Point {
        withSurface { $0.catchUpSteadyInput() }
        return currentVelocity
    }
    /// Fewer touches than this never begin a pan and end one. Default 1.
    @exclusivity(unchecked) public var minimumNumberOfTouches = 1
    /// More touches than this make a pan that has not begun fail. Default `Int.max`.
    @exclusivity(unchecked) public var maximumNumberOfTouches = Int.max
    /// Scroll types it follows. Empty by default, as UIKit's standard pan recognizers, so scroll
    /// events are not even offered to it; scroll views set it.
    @exclusivity(unchecked) public var allowedScrollTypesMask: ScrollTypeMask = [] {
        // A steady run's scrolls are handed over to the recognizers that took them then.
        willSet { withSurface { $0.endSteadyInput() } }
    }
    /// How far, points, touches must move before the pan begins. 10 points, UIKit's usual value.
    /// A scroll event begins the pan at once.
    @exclusivity(unchecked) public var hysteresis = 10.0

    /// ``translation`` and ``velocity`` as the last event the recognizer handled left them.
    @exclusivity(unchecked) private var currentTranslation: Point = .zero
    @exclusivity(unchecked) private var currentVelocity: Point = .zero
    @exclusivity(unchecked) private var rate = RateTracker()

    /// A recognizer called `name` (default "pan") with every option at its default.
    public init(name: String = GestureKind.pan.rawValue) {
        super.init(kind: .pan, name: name)
    }

    override var inputs: [InputSource] { [.touches, .scroll] }

    override func takes(_ scroll: ScrollEvent) -> Bool {
        allowedScrollTypesMask.contains(ScrollTypeMask(scroll.type))
    }

    override var currentValues: GestureValues { GestureValues(translation: currentTranslation) }

    override func prepareForNewGesture() {
        currentTranslation = .zero
        currentVelocity = .zero
        rate = RateTracker()
    }

    override func touchesChanged(at time: Double) {
        // Counted and averaged in one pass: this runs for every touches event.
        var down = 0, moved = 0
        var sum = Point.zero
        for touch in trackedTouches.elements {
            if touch.isDown { down += 1 }
            guard touch.phase != .began else { continue }
            moved += 1
            sum = sum.adding(touch.location.subtracting(touch.previous))
        }
        let step = moved == 0 ? Point.zero : sum.scaled(by: 1 / Double(moved))
        if isInProgress {
            currentTranslation = currentTranslation.adding(step)
            currentVelocity = rate.rate(of: currentTranslation, at: time) ?? currentVelocity
            if down < minimumNumberOfTouches {
                transition(to: .ended, at: time)
            } else if step != .zero {
                transition(to: .changed, at: time)
            }
            return
        }
        if down == 0 || down > maximumNumberOfTouches {
            transition(to: .failed, at: time)
            return
        }
        guard down >= minimumNumberOfTouches else {
            // Motion with too few touches does not count towards the hysteresis.
            currentTranslation = .zero
            return
        }
        currentTranslation = currentTranslation.adding(step)
        currentVelocity = rate.rate(of: currentTranslation, at: time) ?? currentVelocity
        if currentTranslation.magnitude > hysteresis { transition(to: .began, at: time) }
    }

    override func scrollChanged(_ scroll: ScrollEvent, at time: Double) {
        currentTranslation = scroll.translation
        currentVelocity = rate.rate(of: currentTranslation, at: time) ?? currentVelocity
        follow(scroll.phase, at: time)
    }

    /// Scrolls in `changed` only change again: the translation is the event's, the velocity from
    /// the last two. Touches never: the translation sums every move's step.
    override func steadiness(ofUsualEventsOf input: InputSource) -> Steadiness {
        input == .scroll && state == .changed ? .always : .no
    }
}
