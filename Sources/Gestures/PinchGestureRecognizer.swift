import IndirectInput

/// `UIPinchGestureRecognizer`, continuous. Driven by two touches (compatibility mode's simulated
/// pair, or fingers) or by transform events (indirect input mode).
open class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Touch-driven: current distance between the two touches / their distance when the second
    /// came down. Transform-driven: the event's cumulative scale. ``velocity`` is scale per second.
    public var scale: Double { value }
    /// The pair's length when it formed, once asked.
    @exclusivity(unchecked) private var initialLength: Double?
    /// How far, points, the touches' distance must change before a touch-driven pinch begins.
    /// UIKit does not publish its value; 8 points is TouchSynth's approximation.
    @exclusivity(unchecked) public var hysteresis = 8.0
    /// How far a transform's scale must move from 1 before a transform-driven pinch begins: 0.08,
    /// what ``hysteresis`` is for compatibility mode's simulated touches 100 points apart, so a
    /// pure rotation begins a pinch recognizer in neither mode.
    @exclusivity(unchecked) public var transformScaleHysteresis = 0.08

    /// A recognizer called `name` (default "pinch") with every option at its default.
    public init(name: String = GestureKind.pinch.rawValue) {
        super.init(kind: .pinch, name: name, sampling: .deferred, restingValue: 1)
    }

    override var currentValues: GestureValues { GestureValues(scale: scale) }

    override func resetTracking() { initialLength = nil }

    override func actionBeforeBegin() -> SampleAction {
        let initialLength = self.initialLength ?? pair.initial.length
        self.initialLength = initialLength
        guard initialLength > 0 else { return .skip }
        // Deferred while the length is surely within half the hysteresis of the initial one,
        // compared squared (no square root); measured near or past it.
        let (low, high) = (max(initialLength - hysteresis / 2, 0), initialLength + hysteresis / 2)
        let c = pair.current.direction
        let lengthSquared = c.x * c.x + c.y * c.y
        return low * low <= lengthSquared && lengthSquared <= high * high ? .defer : .measure
    }

    override func measure(_ current: Segment) -> Bool {
        let (length, initialLength) = (current.length, pair.initial.length)
        measuredValue = length / initialLength
        return abs(length - initialLength) > hysteresis
    }

    override func change(from: Segment, to: Segment) -> Double {
        (to.length - from.length) / pair.initial.length
    }

    override func measure(_ transform: TransformEvent) -> (value: Double, movedEnough: Bool) {
        measuredValue = transform.scale
        return (measuredValue, abs(measuredValue - 1) > transformScaleHysteresis)
    }
}
