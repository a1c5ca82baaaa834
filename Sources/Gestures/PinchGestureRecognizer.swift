import IndirectInput

/// `UIPinchGestureRecognizer`, continuous. Driven by two touches (compatibility mode's simulated
/// pair, or fingers) or by transform events (indirect input mode).
open class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Touch-driven: current distance between the two touches / their distance when the second
    /// came down. Transform-driven: the event's cumulative scale. ``velocity`` is scale per second.
    @exclusivity(unchecked) public internal(set) var scale = 1.0
    /// How far, points, the touches' distance must change before a touch-driven pinch begins.
    /// UIKit does not publish its value; 8 points is TouchSynth's approximation.
    @exclusivity(unchecked) public var hysteresis = 8.0
    /// How far a transform's scale must move from 1 before a transform-driven pinch begins: 0.08,
    /// what ``hysteresis`` is for compatibility mode's simulated touches 100 points apart, so a
    /// pure rotation begins a pinch recognizer in neither mode.
    @exclusivity(unchecked) public var transformScaleHysteresis = 0.08

    /// A recognizer called `name` (default "pinch") with every option at its default.
    public init(name: String = GestureKind.pinch.rawValue) {
        super.init(kind: .pinch, name: name)
    }

    override var currentValues: GestureValues { GestureValues(scale: scale) }

    override func resetValue() { scale = 1 }

    override func measure(initial: Segment, current: Segment) -> (value: Double, movedEnough: Bool)? {
        guard initial.length > 0 else { return nil }
        scale = current.length / initial.length
        return (scale, abs(current.length - initial.length) > hysteresis)
    }

    override func measure(_ transform: TransformEvent) -> (value: Double, movedEnough: Bool) {
        scale = transform.scale
        return (scale, abs(scale - 1) > transformScaleHysteresis)
    }
}
