import AppEvents

/// What pinch and rotation share: both follow a pair of touches (compatibility mode's simulated
/// pair, or fingers) or transform events (indirect input mode), track one value and its velocity,
/// and begin once that value moved past a threshold. Subclasses measure the value.
///
/// Once a touch-driven gesture is in progress, a move of the pair is only noted: the value and
/// the velocity are measured when read (by the app, or by the record at a state change). The
/// measure (a square root for pinch, an arc tangent for rotation) was a fifth of what a
/// compatibility-mode pinch update cost the recognizers (tools/cost), and most updates are read
/// by no one.
open class TwoTouchGestureRecognizer: GestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// The tracked value per second, between the last two samples (kept when the last came at
    /// the same time as the one before).
    public var velocity: Double {
        withSurface { $0.catchUpSteadyInput() }
        return currentVelocity
    }

    /// ``velocity`` as the events handled so far leave it: for the recognizer's own use, while
    /// it handles one.
    private var currentVelocity: Double {
        guard samples == .two else { return heldVelocity }
        return change(from: previousSample.segment, to: lastSample.segment) / (lastSample.time - previousSample.time)
    }

    /// The tracked value (pinch's scale, rotation's angle) up to the last sample.
    final var value: Double {
        measurePending()
        return measuredValue
    }

    /// The tracked value as last measured; subclasses' measures set it. ``value`` brings it up
    /// to the last sample first.
    @exclusivity(unchecked) var measuredValue: Double
    /// The value before a gesture.
    private let restingValue: Double

    /// The touches measured; subclasses read its segments where they lie.
    @exclusivity(unchecked) private(set) var pair = TouchPair()
    @exclusivity(unchecked) private var rate = RateTracker()
    /// The velocity while no touch samples define it: transform-driven, or after a sample that
    /// came at the same time as the one before.
    @exclusivity(unchecked) private var heldVelocity = 0.0
    /// The pair's last measurable sample, and the one before; ``samples`` tells which hold one.
    @exclusivity(unchecked) private var lastSample = PairSample()
    @exclusivity(unchecked) private var previousSample = PairSample()
    @exclusivity(unchecked) private var samples = SampleCount.none
    /// Whether ``lastSample`` is not yet in the value.
    @exclusivity(unchecked) private var isUnmeasured = false
    /// The direction of the pair's segment last measured, if any since the pair formed.
    @exclusivity(unchecked) private(set) var measuredDirection: Point?
    /// How samples are taken once in progress; decided here, without a dynamic call to the
    /// subclass, which cost each recognizer about 15 instructions per event (tools/cost).
    private let sampling: InProgressSampling

    /// `restingValue`: the value before a gesture (pinch's scale 1, rotation's 0).
    init(kind: GestureKind, name: String, sampling: InProgressSampling, restingValue: Double) {
        self.sampling = sampling
        self.restingValue = restingValue
        measuredValue = restingValue
        super.init(kind: kind, name: name)
    }

    override var inputs: [InputSource] { [.touches, .transform] }

    override func prepareForNewGesture() {
        heldVelocity = 0
        rate = RateTracker()
        samples = .none
        isUnmeasured = false
        measuredValue = restingValue
    }

    override func reset() {
        // What the finished gesture measured stays readable until new input arrives.
        measurePending()
        heldVelocity = currentVelocity
        if samples == .two { samples = .one }
        super.reset()
        pair = TouchPair()
        measuredDirection = nil
        resetTracking()
    }

    /// Brings the value up to the last sample: call before reading it.
    final func measurePending() {
        guard isUnmeasured else { return }
        isUnmeasured = false
        measureSample(lastSample.segment)
    }

    /// ``measure(_:)``, noting the direction measured.
    @discardableResult private func measureSample(_ segment: Segment) -> Bool {
        let movedEnough = measure(segment)
        measuredDirection = segment.direction
        return movedEnough
    }

    /// Forgets what was measured from the touches of the previous pair.
    func resetTracking() {}

    /// Before a begin, what to do with `current`, a segment of the pair: skip it when it cannot
    /// be measured (touches on one point), measure it now when whether it moved enough could not
    /// be told otherwise, defer it when it surely did not.
    func actionBeforeBegin(_ current: Segment) -> SampleAction { .skip }

    /// Updates the value to `current`, a segment of the pair (from the last segment measured,
    /// whose direction is ``measuredDirection``); returns whether it moved enough to begin. Only
    /// for a segment not skipped.
    func measure(_ current: Segment) -> Bool { false }

    /// How much the value changed between two measurable segments of the pair.
    func change(from: Segment, to: Segment) -> Double { 0 }

    /// The value a transform event carries: pinch's scale, rotation's rotation.
    final func value(of transform: TransformEvent) -> Double {
        SteadyCheck.value(of: transform, isScale: kind == .pinch)
    }

    /// Whether `value`, a transform's, moved far enough from the resting value to begin.
    final func hasMovedEnough(_ value: Double) -> Bool {
        SteadyCheck.hasMoved(value, from: restingValue, beyond: transformLimit)
    }

    override func touchesChanged(at time: Double) {
        switch pair.update(with: trackedTouches.elements) {
        case .waiting:
            if !trackedTouches.contains(where: \.isDown) { transition(to: .failed, at: time) }
        case .lost:
            transition(to: isInProgress ? .ended : .failed, at: time)
        case .tracking:
            let inProgress = isInProgress
            switch inProgress ? actionInProgress(pair.current) : actionBeforeBegin(pair.current) {
            case .skip:
                return
            case .defer:
                note(at: time)
                isUnmeasured = true
                if inProgress { transition(to: .changed, at: time) }
            case .measure:
                measurePending()
                note(at: time)
                let movedEnough = measureSample(pair.current)
                if inProgress {
                    transition(to: .changed, at: time)
                } else if movedEnough {
                    transition(to: .began, at: time)
                }
            }
        }
    }

    /// In progress, what to do with `current`, a segment of the pair, as ``sampling`` says.
    @inline(__always) private func actionInProgress(_ current: Segment) -> SampleAction {
        switch sampling {
        case .deferred:
            return .defer
        case .deferredWithinQuarterTurn:
            let direction = current.direction
            guard direction != .zero else { return .skip }
            return SteadyCheck.isWithinQuarterTurn(direction, of: measuredDirection ?? pair.initial.direction) ? .defer : .measure
        }
    }

    /// Takes the pair's current segment as a sample, for the value and the velocity: the
    /// velocity is between the last two samples, as ``RateTracker``'s, and kept while samples come
    /// at the same time.
    @inline(__always) private func note(at time: Double) {
        if samples == .none {
            samples = .one
        } else if time > lastSample.time {
            previousSample = lastSample
            samples = .two
        } else {
            heldVelocity = currentVelocity
            samples = .one
        }
        lastSample = PairSample(segment: pair.current, time: time)
    }

    override func transformChanged(_ transform: TransformEvent, at time: Double) {
        measuredValue = value(of: transform)
        heldVelocity = rate.rate(of: measuredValue, at: time) ?? heldVelocity
        follow(transform.phase, at: time, movedEnough: hasMovedEnough(measuredValue))
    }

    // MARK: Steady runs

    /// Transforms: one in `changed` only changes again; one not yet begun only measures, while
    /// the value has not moved enough. Moves: a sample deferred at every move, as a pinch's in
    /// progress always is (`deferred` sampling), a rotation's while it stays within a quarter
    /// turn of the last measured, and any before a begin while it surely has not moved enough
    /// (``actionBeforeBegin(_:)``, ``steadyCheckBeforeBegin(first:second:)``). Just begun: the
    /// next event is the first change, a transition of its own.
    override func steadiness(ofUsualEventsOf input: InputSource) -> Steadiness {
        switch (input, state) {
        case (.transform, .changed):
            return .always
        case (.transform, .possible):
            return .checked(.transformValue(isScale: kind == .pinch, rest: restingValue, limit: transformLimit))
        case (.touches, .changed), (.touches, .possible):
            guard let (first, second) = pair.indices(in: trackedTouches.elements) else { return .no }
            if state == .possible { return steadyCheckBeforeBegin(first: first, second: second).map(Steadiness.checked) ?? .no }
            switch sampling {
            case .deferred:
                return .always
            case .deferredWithinQuarterTurn:
                return .checked(.pairQuarterTurn(first: first, second: second, reference: measuredDirection ?? pair.initial.direction))
            }
        default:
            return .no
        }
    }

    /// How far from the resting value a transform's value may be without moving enough: the
    /// subclass's threshold.
    var transformLimit: Double { 0 }

    /// The check a move before a begin must pass to be deferred, as ``actionBeforeBegin(_:)``
    /// defers it, the pair's touches at `first` and `second`; nil when none is deferred.
    func steadyCheckBeforeBegin(first: Int, second: Int) -> SteadyCheck? { nil }
}

/// What a two-touch recognizer does with a sample of its pair.
enum SampleAction {
    case skip, `defer`, measure
}

/// How a two-touch recognizer in progress takes samples of its pair.
enum InProgressSampling {
    /// Every sample is deferred: the value depends on the last segment alone (pinch; a pair
    /// that began had a length to measure from).
    case deferred
    /// Deferred while the segment's direction stays within a quarter turn of the last one
    /// measured, measured past it: the value sums the turns (rotation), and a turn left for
    /// later could pass atan2's seam and be taken the wrong way round. Skipped while the
    /// touches are on one point (no direction).
    case deferredWithinQuarterTurn
}

/// How many of a two-touch recognizer's samples hold one.
enum SampleCount {
    case none, one, two
}

/// The pair's segment at an event.
struct PairSample {
    var segment = Segment(start: .zero, end: .zero)
    var time = 0.0
}
