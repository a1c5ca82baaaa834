import AppEvents

/// `UIScrollTypeMask`: which scroll events a pan recognizer follows.
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
    /// Bit 0 discrete, bit 1 continuous: UIKit's bits, each `1 << UIScrollType` (discrete 0,
    /// continuous 1).
    public let rawValue: Int
    /// The mask with these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A mouse wheel.
    public static let discrete = ScrollTypeMask(rawValue: 1 << 0)
    /// Two fingers on a trackpad.
    public static let continuous = ScrollTypeMask(rawValue: 1 << 1)
    /// Both scroll types, what scroll views allow.
    public static let all: ScrollTypeMask = [.continuous, .discrete]

    /// The mask bit for one scroll type.
    public init(_ type: ScrollType) {
        self = type == .continuous ? .continuous : .discrete
    }
}

/// The axis a pan follows alone (``PanGestureRecognizer/axis``).
public enum PanAxis: String, Sendable, CaseIterable {
    case horizontal, vertical

    /// Whether `motion` goes more along this axis than across it (a tie is vertical).
    func holds(_ motion: Point) -> Bool {
        self == .horizontal ? abs(motion.x) > abs(motion.y) : abs(motion.y) >= abs(motion.x)
    }
}

/// `UIPanGestureRecognizer`, continuous. Driven by touches (the centroid's motion) or, when
/// ``allowedScrollTypesMask`` allows, by scroll events (then `numberOfTouches` is 0).
open class PanGestureRecognizer: GestureRecognizer {
    /// Touch-driven: how far the touches moved together since they came down (their motion is
    /// averaged, so a touch joining or lifting does not make it jump). Scroll-driven: the
    /// event's cumulative translation. UIKit's `translation(in:)`.
    public var translation: Point { currentTranslation }
    /// Points per second. UIKit's `velocity(in:)`.
    public var velocity: Point { currentVelocity }
    /// Fewer touches than this never begin a pan and end one. Default 1.
    public var minimumNumberOfTouches = 1
    /// More touches than this make a pan that has not begun fail. Default `Int.max`.
    public var maximumNumberOfTouches = Int.max
    /// Scroll types it follows. Empty by default, as UIKit's standard pan recognizers, so scroll
    /// events are not even offered to it; scroll views set it.
    public var allowedScrollTypesMask: ScrollTypeMask = []
    /// How far, points, touches must move before the pan begins. 10 points, UIKit's usual value.
    /// A scroll event begins the pan at once.
    public var hysteresis = 10.0
    /// When set, the pan fails if the motion that would begin it goes more across this axis than
    /// along it: a table's horizontal swipe-actions pan beside its vertical scrolling. UIKit has
    /// no such property; its scroll views and table cells decide by direction inside. Default nil.
    public var axis: PanAxis?

    private var currentTranslation = Point.zero
    private var currentVelocity = Point.zero
    private var rate = RateTracker<Point>()
    /// The most touches down at once in this gesture, to tell a pan that never had enough.
    private var mostDown = 0

    /// A recognizer called `name` (default "pan") with every option at its default.
    public init(name: String = GestureKind.pan.rawValue) {
        super.init(kind: .pan, name: name, inputs: [.touches, .scroll])
    }

    override open func takes(_ scroll: ScrollEvent) -> Bool {
        allowedScrollTypesMask.contains(ScrollTypeMask(scroll.type))
    }

    override open var currentValues: GestureValues { GestureValues(translation: currentTranslation) }

    override open func prepareForNewGesture() {
        currentTranslation = .zero
        currentVelocity = .zero
        rate = RateTracker()
        mostDown = 0
    }

    override open func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        let time = event.timestamp
        var down = 0, moved = 0
        var sum = Point.zero
        for touch in trackedTouches {
            if touch.isDown { down += 1 }
            guard touch.phase != .began else { continue }
            moved += 1
            sum = sum.adding(touch.location.subtracting(touch.previous))
        }
        let step = moved == 0 ? Point.zero : sum.scaled(by: 1 / Double(moved))
        // A lift, or an event that moved nothing, is no sample: the velocity stays the last
        // motion's, as a pinch's does, so that an app flinging on `.ended` gets one.
        if isInProgress {
            currentTranslation = currentTranslation.adding(step)
            if step != .zero { currentVelocity = rate.rate(of: currentTranslation, at: time) ?? currentVelocity }
            if down < minimumNumberOfTouches {
                transition(to: .ended)
            } else if step != .zero {
                transition(to: .changed)
            }
            return
        }
        mostDown = max(mostDown, down)
        if down == 0 {
            fail(
                mostDown < minimumNumberOfTouches
                    ? .tooFewTouches(count: mostDown, required: minimumNumberOfTouches)
                    : .liftedBeforeMoving(moved: currentTranslation.magnitude, needed: hysteresis))
            return
        }
        if down > maximumNumberOfTouches {
            fail(.tooManyTouches(count: down, maximum: maximumNumberOfTouches))
            return
        }
        guard down >= minimumNumberOfTouches else {
            // Motion with too few touches does not count towards the hysteresis.
            currentTranslation = .zero
            return
        }
        currentTranslation = currentTranslation.adding(step)
        currentVelocity = rate.rate(of: currentTranslation, at: time) ?? currentVelocity
        if currentTranslation.magnitude > hysteresis {
            if axis.map({ $0.holds(currentTranslation) }) ?? true {
                transition(to: .began)
            } else {
                fail(.acrossItsAxis(motion: currentTranslation, axis: axis ?? .vertical))
            }
        }
    }

    override open func scrollChanged(_ scroll: ScrollEvent, with event: AppEvent) {
        if let axis, !isInProgress, scroll.translation != .zero, !axis.holds(scroll.translation) {
            fail(.acrossItsAxis(motion: scroll.translation, axis: axis))
            return
        }
        if scroll.translation != currentTranslation || !isInProgress {
            currentVelocity = rate.rate(of: scroll.translation, at: event.timestamp) ?? currentVelocity
        }
        currentTranslation = scroll.translation
        follow(scroll.phase, at: event.timestamp)
    }
}
