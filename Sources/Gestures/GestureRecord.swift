import AppEvents

/// What a recognizer reports as its state changes, told apart the way a report needs them:
/// a discrete recognizer's success is `recognized`, a continuous one's end is `ended`, although
/// UIKit uses the same `State` value for both.
public enum RecordedState: String, Codable, Sendable, CaseIterable {
    case began, changed, ended, recognized, cancelled, failed

    /// A continuous recognizer beginning or a discrete one recognized: the recognizer acted.
    public var isActivation: Bool { self == .began || self == .recognized }
}

/// One state change, at the time of the event (or expired timer) that caused it; or a run of
/// consecutive `changed`, which a continuous gesture enters on every event, kept as one entry so
/// that a record stays small however long the gesture lasts.
public struct GestureTransition: Codable, Equatable, Sendable {
    /// The state entered.
    public var state: RecordedState
    /// Seconds, on the events' clock; for a run, the first change's.
    public var time: Double
    /// How many times in a row the state was entered: 1 except for a run of `changed`.
    public var count: Int

    /// `count` changes to `state`, the first at `time`.
    public init(state: RecordedState, time: Double, count: Int = 1) {
        self.state = state
        self.time = time
        self.count = count
    }
}

/// A failure because another recognizer won arbitration (Surface+Arbitration.swift): who won.
public struct ArbitrationLoss: Equatable, Sendable {
    /// The winner's region and name, as its record names them, and which of the recognizers of
    /// that name in the region it is (``RecognizerPath/occurrence``).
    public var region: String, name: String
    public var occurrence = 1
    /// Seconds, on the events' clock.
    public var time: Double
    /// True when the loser requires the winner to fail (`require(toFail:)`); false when both
    /// took the same input and nobody let them recognize together.
    public var required: Bool

    /// A loss to `region`/`name` at `time`, which the loser `required` to fail or not.
    public init(region: String, name: String, time: Double, required: Bool) {
        self.region = region
        self.name = name
        self.time = time
        self.required = required
    }

    /// The winner, as reports name it.
    public var winner: RecognizerPath { RecognizerPath(region: region, name: name, occurrence: occurrence) }
}

/// Everything a recognizer did over a stream, for reports.
public struct GestureRecord: Equatable, Sendable {
    /// Name of the region the recognizer belongs to ("" when it belongs to none).
    public var region: String
    /// The recognizer's name within its region.
    public var name: String
    /// What kind of recognizer it is.
    public var kind: GestureKind
    /// Every state change in order, a run of `changed` as one entry.
    public var transitions: [GestureTransition] = []
    /// The most touches the recognizer counted at once (0 for transform- and scroll-driven input).
    public var maxNumberOfTouches = 0
    /// Whether it followed one of compatibility mode's simulated touches.
    public var followedSimulatedTouches = false
    /// Whether it follows transform events, as a pinch or rotation recognizer does: compatibility
    /// mode's simulated touches are then the pinch it is made for, not an accident.
    public var followsTransforms = false
    /// Values at the last state change other than `failed`; nil if it never began or recognized.
    public var finalValues: GestureValues?
    /// Copied from the last event the recognizer handled.
    public var buttonMask: ButtonMask = []
    /// Copied from the last event the recognizer handled.
    public var modifierFlags: ModifierFlags = []
    /// How each context menu opened or drag began, in order; empty for other kinds.
    public var starts: [InteractionStart] = []
    /// Each failure because another recognizer won arbitration, in order.
    public var arbitrationLosses: [ArbitrationLoss] = []
    /// What it followed at each activation, in order (one per ``activationTimes`` entry).
    public var activationInputs: [ActivationInput] = []
    /// What it followed at each failure, in order (one per `failed` transition).
    public var failureInputs: [ActivationInput] = []
    /// The touch types it takes (``GestureRecognizer/allowedTouchTypes``): a click is a `direct`
    /// touch in one mode and an `indirectPointer` one in the other.
    public var allowedTouchTypes = Set(TouchType.allCases)

    /// An empty record, before the recognizer did anything.
    public init(region: String, name: String, kind: GestureKind) {
        self.region = region
        self.name = name
        self.kind = kind
    }

    /// How many times the recognizer entered `state`.
    public func count(of state: RecordedState) -> Int {
        transitions.reduce(0) { $0 + ($1.state == state ? $1.count : 0) }
    }

    /// True if it began or was recognized at least once.
    public var activated: Bool {
        transitions.contains { $0.state.isActivation }
    }

    /// When it began or was recognized, seconds on the events' clock, in order.
    public var activationTimes: [Double] { transitions.activationTimes }
}

extension [GestureTransition] {
    /// When the recognizer began or was recognized, seconds on the events' clock, in order.
    public var activationTimes: [Double] { filter { $0.state.isActivation }.map(\.time) }
}
