import AppEvents
import Gestures
import LibinputEvents

/// One recognizer's activity in one mode.
public struct ModeSummary: Encodable, Equatable, Sendable {
    /// Times a continuous recognizer began.
    public var began = 0
    /// Times a continuous recognizer ended.
    public var ended = 0
    /// Times a discrete recognizer was recognized.
    public var recognized = 0
    /// Times it was cancelled.
    public var cancelled = 0
    /// Times it failed.
    public var failed = 0
    /// The most touches it counted at once.
    public var maxNumberOfTouches = 0
    /// Whether it followed one of compatibility mode's simulated touches; in the JSON only when true.
    public var followedSimulatedTouches = false
    /// Whether it follows transform events (``Gestures/GestureRecord/followsTransforms``); not in the JSON.
    public var followsTransforms = false
    /// Its values at its last state change other than `failed` (``GestureRecord/finalValues``);
    /// nil if it never began or was recognized.
    public var finalValues: GestureValues?
    /// Began or was recognized at least once.
    public var activated = false
    /// Every state change in order, a run of `changed` as one entry: when each happened.
    public var transitions: [GestureTransition] = []
    /// How each context menu opened or drag began; left out of the JSON when empty, so the
    /// other kinds' summaries read as before.
    public var starts: [InteractionStart] = []
    /// What it followed at each activation (``Gestures/ActivationInput``), to tell why; not in
    /// the JSON.
    public var activationInputs: [ActivationInput] = []
    /// What it followed at each failure, to tell why it did not activate; in the JSON, each
    /// failure's time and reason (`failures`).
    public var failureInputs: [ActivationInput] = []
    /// Each failure because another recognizer won arbitration; not in the JSON.
    public var arbitrationLosses: [ArbitrationLoss] = []
    /// The touch types it takes (``Gestures/GestureRecord/allowedTouchTypes``); not in the JSON.
    public var allowedTouchTypes = Set(TouchType.allCases)

    /// A summary of `record`; all zero when the recognizer is missing from that mode's surface.
    public init(record: GestureRecord?) {
        guard let record else { return }
        began = record.count(of: .began)
        ended = record.count(of: .ended)
        recognized = record.count(of: .recognized)
        cancelled = record.count(of: .cancelled)
        failed = record.count(of: .failed)
        maxNumberOfTouches = record.maxNumberOfTouches
        followedSimulatedTouches = record.followedSimulatedTouches
        followsTransforms = record.followsTransforms
        finalValues = record.finalValues
        activated = record.activated
        transitions = record.transitions
        starts = record.starts
        activationInputs = record.activationInputs
        failureInputs = record.failureInputs
        arbitrationLosses = record.arbitrationLosses
        allowedTouchTypes = record.allowedTouchTypes
    }

    /// The arbitration lost at each failure (``failureInputs``), in order; nil where it failed
    /// for another reason. A loss is recorded with the failure it makes, one for one.
    public var lossAtEachFailure: [ArbitrationLoss?] {
        var losses = arbitrationLosses.makeIterator()
        return failureInputs.map { $0.failure == .lostArbitration ? losses.next() : nil }
    }

    /// The counts, then each final value under its key (`finalScale`, `finalRotation` in radians,
    /// `finalTranslation`…), `activated`, `transitions`, and `starts` and `failures` when there are any.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NamedKey.self)
        for (name, count) in [
            ("began", began), ("ended", ended), ("recognized", recognized), ("cancelled", cancelled),
            ("failed", failed),
            ("maxNumberOfTouches", maxNumberOfTouches),
        ] {
            try c.encode(count, forKey: NamedKey(name))
        }
        for entry in finalValues ?? GestureValues() { try c.encode(entry.value, forKey: NamedKey(entry.key)) }
        try c.encode(activated, forKey: NamedKey("activated"))
        try c.encode(transitions, forKey: NamedKey("transitions"))
        if !starts.isEmpty { try c.encode(starts, forKey: NamedKey("starts")) }
        if !failureInputs.isEmpty {
            let failures = zip(failureInputs, lossAtEachFailure).map(FailureEntry.init)
            try c.encode(failures, forKey: NamedKey("failures"))
        }
        if followedSimulatedTouches { try c.encode(true, forKey: NamedKey("followedSimulatedTouches")) }
    }
}
