import AppEvents
import Gestures

/// One recognizer's activity in one mode.
public struct ModeSummary: Codable, Equatable, Sendable {
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
    /// A pinch's scale at its last state change other than `failed`.
    public var finalScale: Double?
    /// A rotation's angle, radians, at its last state change other than `failed`.
    public var finalRotation: Double?
    /// A pan's translation at its last state change other than `failed`.
    public var finalTranslation: Point?
    /// Began or was recognized at least once.
    public var activated = false
    /// Every state change in order, a run of `changed` as one entry: when each happened.
    public var transitions: [GestureTransition] = []
    /// How each context menu opened or drag began; left out of the JSON when empty, so the
    /// other kinds' summaries read as before.
    public var starts: [InteractionStart] = []

    /// A summary of `record`; all zero when the recognizer is missing from that mode's surface.
    public init(record: GestureRecord?) {
        guard let record else { return }
        began = record.count(of: .began)
        ended = record.count(of: .ended)
        recognized = record.count(of: .recognized)
        cancelled = record.count(of: .cancelled)
        failed = record.count(of: .failed)
        maxNumberOfTouches = record.maxNumberOfTouches
        finalScale = record.finalValues?.scale
        finalRotation = record.finalValues?.rotation
        finalTranslation = record.finalValues?.translation
        activated = record.activated
        transitions = record.transitions
        starts = record.starts
    }
}

extension ModeSummary {
    private enum CodingKeys: String, CodingKey {
        case began, ended, recognized, cancelled, failed, maxNumberOfTouches
        case finalScale, finalRotation, finalTranslation, activated, transitions, starts
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        began = try container.decode(Int.self, forKey: .began)
        ended = try container.decode(Int.self, forKey: .ended)
        recognized = try container.decode(Int.self, forKey: .recognized)
        cancelled = try container.decode(Int.self, forKey: .cancelled)
        failed = try container.decode(Int.self, forKey: .failed)
        maxNumberOfTouches = try container.decode(Int.self, forKey: .maxNumberOfTouches)
        finalScale = try container.decodeIfPresent(Double.self, forKey: .finalScale)
        finalRotation = try container.decodeIfPresent(Double.self, forKey: .finalRotation)
        finalTranslation = try container.decodeIfPresent(Point.self, forKey: .finalTranslation)
        activated = try container.decode(Bool.self, forKey: .activated)
        transitions = try container.decode([GestureTransition].self, forKey: .transitions)
        starts = try container.decodeIfPresent([InteractionStart].self, forKey: .starts) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(began, forKey: .began)
        try container.encode(ended, forKey: .ended)
        try container.encode(recognized, forKey: .recognized)
        try container.encode(cancelled, forKey: .cancelled)
        try container.encode(failed, forKey: .failed)
        try container.encode(maxNumberOfTouches, forKey: .maxNumberOfTouches)
        try container.encodeIfPresent(finalScale, forKey: .finalScale)
        try container.encodeIfPresent(finalRotation, forKey: .finalRotation)
        try container.encodeIfPresent(finalTranslation, forKey: .finalTranslation)
        try container.encode(activated, forKey: .activated)
        try container.encode(transitions, forKey: .transitions)
        if !starts.isEmpty { try container.encode(starts, forKey: .starts) }
    }
}
