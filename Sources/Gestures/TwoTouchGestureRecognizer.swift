import AppEvents

/// What pinch and rotation share: both follow a pair of touches (compatibility mode's simulated
/// pair, or fingers) or transform events (indirect input mode), track one value and its velocity,
/// and begin once that value moved past a threshold. Subclasses measure the value.
open class TwoTouchGestureRecognizer: GestureRecognizer {
    /// The tracked value per second, between the last two samples (kept when the last came at
    /// the same time as the one before).
    public private(set) var velocity = 0.0

    /// The tracked value (pinch's scale, rotation's angle) at the last sample or transform.
    var value: Double
    /// The value before a gesture.
    private let restingValue: Double
    /// The touches measured.
    private(set) var pair = TouchPair()
    /// Transform events' values, and the pair's measurable segments: the samples of ``velocity``.
    private var transformRate = RateTracker<Double>()
    private var pairRate = RateTracker<Segment>()
    /// The direction of the pair's segment last measured, if any since the pair formed.
    private(set) var measuredDirection: Point?

    /// `restingValue`: the value before a gesture (pinch's scale 1, rotation's 0).
    init(kind: GestureKind, name: String, restingValue: Double) {
        self.restingValue = restingValue
        value = restingValue
        super.init(kind: kind, name: name, inputs: [.touches, .transform])
    }

    override open func prepareForNewGesture() {
        velocity = 0
        transformRate = RateTracker()
        pairRate = RateTracker()
        value = restingValue
    }

    override open func reset() {
        // What the finished gesture measured (its value, its velocity) stays readable until new
        // input arrives.
        super.reset()
        pair = TouchPair()
        measuredDirection = nil
    }

    // MARK: Measured by subclasses

    /// Whether `current`, a segment of the pair, can be measured (touches on one point cannot
    /// be turned, a pair formed on one point cannot be scaled).
    func canMeasure(_ current: Segment) -> Bool { false }

    /// Updates ``value`` to `current`, a segment of the pair (from the last segment measured,
    /// whose direction is ``measuredDirection``); returns whether it moved enough to begin.
    func measure(_ current: Segment) -> Bool { false }

    /// How much the value changed between two measurable segments of the pair.
    func change(from: Segment, to: Segment) -> Double { 0 }

    /// The value a transform event carries: pinch's scale, rotation's rotation.
    func value(of transform: TransformEvent) -> Double { restingValue }

    /// How far from the resting value a transform's value may be without moving enough.
    var transformLimit: Double { 0 }

    // MARK: Input

    override open func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        switch pair.update(with: trackedTouches) {
        case .waiting:
            if !trackedTouches.contains(where: \.isDown) {
                fail(.tooFewTouches(count: trackedTouches.count, required: 2))
            }
        case .lost:
            if isInProgress { transition(to: .ended) } else { fail(.endedBeforeMoving) }
        case .tracking:
            guard canMeasure(pair.current) else { return }
            velocity =
                pairRate.rate(of: pair.current, at: event.timestamp, change: change, scaled: { $0 * $1 }) ?? velocity
            let movedEnough = measure(pair.current)
            measuredDirection = pair.current.direction
            if isInProgress {
                transition(to: .changed)
            } else if movedEnough {
                transition(to: .began)
            }
        }
    }

    override open func transformChanged(_ transform: TransformEvent, with event: AppEvent) {
        value = value(of: transform)
        velocity = transformRate.rate(of: value, at: event.timestamp) ?? velocity
        follow(transform.phase, at: event.timestamp, movedEnough: abs(value - restingValue) > transformLimit)
    }
}
