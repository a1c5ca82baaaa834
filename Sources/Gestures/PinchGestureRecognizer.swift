import IndirectInput

/// `UIPinchGestureRecognizer`, continuous. Driven by two touches (compatibility mode's simulated
/// pair, or fingers) or by transform events (indirect input mode).
open class PinchGestureRecognizer: GestureRecognizer {
    /// Touch-driven: current distance between the two touches / their distance when the second
    /// came down. Transform-driven: the event's cumulative scale.
    public internal(set) var scale = 1.0
    /// Scale per second.
    public internal(set) var velocity = 0.0
    /// How far, points, the touches' distance must change before a touch-driven pinch begins.
    /// UIKit does not publish its value; 8 points is TouchSynth's approximation.
    public var hysteresis = 8.0
    /// How far a transform's scale must move from 1 before a transform-driven pinch begins: 0.08,
    /// what ``hysteresis`` is for compatibility mode's simulated touches 100 points apart, so a
    /// pure rotation begins a pinch recognizer in neither mode.
    public var transformScaleHysteresis = 0.08

    private var pair = TouchPair()
    private var rate = RateTracker()

    /// A recognizer called `name` (default "pinch") with every option at its default.
    public init(name: String = GestureKind.pinch.rawValue) {
        super.init(kind: .pinch, name: name)
    }

    override func handles(_ event: AppEvent) -> Bool {
        event.type == .touches || event.type == .transform
    }

    override var currentValues: GestureValues { GestureValues(scale: scale) }

    override func prepareForNewGesture() {
        scale = 1
        velocity = 0
        rate = RateTracker()
    }

    override func reset() {
        super.reset()
        pair = TouchPair()
    }

    override func touchesChanged(at time: Double) {
        switch pair.update(with: trackedTouches) {
        case .waiting:
            if !trackedTouches.contains(where: \.isDown) { transition(to: .failed, at: time) }
        case .lost:
            transition(to: isInProgress ? .ended : .failed, at: time)
        case .tracking(let initial, let current):
            guard initial.length > 0 else { return }
            scale = current.length / initial.length
            velocity = rate.rate(of: scale, at: time) ?? velocity
            if isInProgress {
                transition(to: .changed, at: time)
            } else if abs(current.length - initial.length) > hysteresis {
                transition(to: .began, at: time)
            }
        }
    }

    override func transformChanged(_ transform: TransformEvent, at time: Double) {
        scale = transform.scale
        velocity = rate.rate(of: scale, at: time) ?? velocity
        follow(transform.phase, at: time, movedEnough: abs(scale - 1) > transformScaleHysteresis)
    }
}
