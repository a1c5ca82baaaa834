import AppEvents

/// `UIPinchGestureRecognizer`, continuous. Driven by two touches (compatibility mode's simulated
/// pair, or fingers) or by transform events (indirect input mode).
open class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    /// Touch-driven: current distance between the two touches / their distance when the second
    /// came down. Transform-driven: the event's cumulative scale. ``velocity`` is scale per second.
    public var scale: Double { value }
    /// How far, points, the touches' distance must change before a touch-driven pinch begins.
    /// UIKit does not publish its value; 8 points is TouchSynth's approximation.
    public var hysteresis = 8.0
    /// How far a transform's scale must move from 1 before a transform-driven pinch begins: 0.08,
    /// what ``hysteresis`` is for compatibility mode's simulated touches 100 points apart, so a
    /// pure rotation begins a pinch recognizer in neither mode.
    public var transformScaleHysteresis = 0.08

    /// A recognizer called `name` (default "pinch") with every option at its default.
    public init(name: String = GestureKind.pinch.rawValue) {
        super.init(kind: .pinch, name: name, restingValue: 1)
    }

    override open var currentValues: GestureValues { GestureValues(scale: value) }

    override func canMeasure(_ current: Segment) -> Bool { pair.initial.length > 0 }

    override func measure(_ current: Segment) -> Bool {
        let (length, initialLength) = (current.length, pair.initial.length)
        value = length / initialLength
        return abs(length - initialLength) > hysteresis
    }

    override func change(from: Segment, to: Segment) -> Double {
        (to.length - from.length) / pair.initial.length
    }

    override func value(of transform: TransformEvent) -> Double { transform.scale }

    override var transformLimit: Double { transformScaleHysteresis }
}
