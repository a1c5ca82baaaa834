import AppEvents

/// `UIPinchGestureRecognizer`, continuous. Driven by two touches (compatibility mode's simulated
/// pair, or fingers) or by transform events (indirect input mode).
open class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Touch-driven: current distance between the two touches / their distance when the second
    /// came down. Transform-driven: the event's cumulative scale. ``velocity`` is scale per second.
    public var scale: Double {
        withSurface { $0.catchUpSteadyInput() }
        return value
    }
    /// The pair's length when it formed, once asked.
    @exclusivity(unchecked) private var initialLength: Double?
    /// How far, points, the touches' distance must change before a touch-driven pinch begins.
    /// UIKit does not publish its value; 8 points is TouchSynth's approximation.
    @exclusivity(unchecked) public var hysteresis = 8.0 {
        // A steady run's events are handed over under the old value, its check made with it.
        willSet { withSurface { $0.endSteadyInput() } }
    }
    /// How far a transform's scale must move from 1 before a transform-driven pinch begins: 0.08,
    /// what ``hysteresis`` is for compatibility mode's simulated touches 100 points apart, so a
    /// pure rotation begins a pinch recognizer in neither mode.
    @exclusivity(unchecked) public var transformScaleHysteresis = 0.08 {
        willSet { withSurface { $0.endSteadyInput() } }
    }

    /// A recognizer called `name` (default "pinch") with every option at its default.
    public init(name: String = GestureKind.pinch.rawValue) {
        super.init(kind: .pinch, name: name, sampling: .deferred, restingValue: 1)
    }

    override var currentValues: GestureValues { GestureValues(scale: value) }

    override func resetTracking() { initialLength = nil }

    override func actionBeforeBegin(_ current: Segment) -> SampleAction {
        guard let (lowSquared, highSquared) = deferredLengths() else { return .skip }
        return SteadyCheck.isLength(current.direction, within: lowSquared, highSquared) ? .defer : .measure
    }

    /// The squared lengths between which a sample before a begin is deferred: while the length is
    /// surely within half the hysteresis of the initial one, compared squared (no square root);
    /// nil while the pair has no initial length.
    private func deferredLengths() -> (lowSquared: Double, highSquared: Double)? {
        let initialLength = self.initialLength ?? pair.initial.length
        self.initialLength = initialLength
        guard initialLength > 0 else { return nil }
        let (low, high) = (max(initialLength - hysteresis / 2, 0), initialLength + hysteresis / 2)
        return (low * low, high * high)
    }

    override func steadyCheckBeforeBegin(first: Int, second: Int) -> SteadyCheck? {
        deferredLengths().map { .pairLength(first: first, second: second, lowSquared: $0.lowSquared, highSquared: $0.highSquared) }
    }

    override func measure(_ current: Segment) -> Bool {
        let (length, initialLength) = (current.length, pair.initial.length)
        measuredValue = length / initialLength
        return abs(length - initialLength) > hysteresis
    }

    override func change(from: Segment, to: Segment) -> Double {
        (to.length - from.length) / pair.initial.length
    }

    override var transformLimit: Double { transformScaleHysteresis }
}
