import IndirectInput

/// What pinch and rotation share: both follow a pair of touches (compatibility mode's simulated
/// pair, or fingers) or transform events (indirect input mode), track one value and its velocity,
/// and begin once that value moved past a threshold. Subclasses measure the value.
open class TwoTouchGestureRecognizer: GestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// The tracked value per second.
    @exclusivity(unchecked) public internal(set) var velocity = 0.0

    @exclusivity(unchecked) private var pair = TouchPair()
    @exclusivity(unchecked) private var rate = RateTracker()

    override var inputs: [InputSource] { [.touches, .transform] }

    override func prepareForNewGesture() {
        velocity = 0
        rate = RateTracker()
        resetValue()
    }

    override func reset() {
        super.reset()
        pair = TouchPair()
        resetTracking()
    }

    /// Puts the value back to its state before a gesture.
    func resetValue() {}

    /// Forgets what was measured from the touches of the previous pair.
    func resetTracking() {}

    /// Updates the value from the pair's segment when it formed and now; returns the value and
    /// whether it moved enough to begin, or nil when it cannot be measured (touches on one point).
    func measure(initial: Segment, current: Segment) -> (value: Double, movedEnough: Bool)? { nil }

    /// Updates the value from a transform event; returns it and whether it moved enough to begin.
    func measure(_ transform: TransformEvent) -> (value: Double, movedEnough: Bool) { (0, false) }

    override func touchesChanged(at time: Double) {
        switch pair.update(with: trackedTouches.elements) {
        case .waiting:
            if !trackedTouches.contains(where: \.isDown) { transition(to: .failed, at: time) }
        case .lost:
            transition(to: isInProgress ? .ended : .failed, at: time)
        case .tracking:
            guard let (value, movedEnough) = measure(initial: pair.initial, current: pair.current) else { return }
            velocity = rate.rate(of: value, at: time) ?? velocity
            if isInProgress {
                transition(to: .changed, at: time)
            } else if movedEnough {
                transition(to: .began, at: time)
            }
        }
    }

    override func transformChanged(_ transform: TransformEvent, at time: Double) {
        let (value, movedEnough) = measure(transform)
        velocity = rate.rate(of: value, at: time) ?? velocity
        follow(transform.phase, at: time, movedEnough: movedEnough)
    }
}
