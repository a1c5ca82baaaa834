import Foundation
import AppEvents
import LibinputEvents

/// Runs the app event streams of the same input, in both modes, through fresh surfaces and
/// compares what the recognizers did.
public struct Comparison {
    /// Makes the surface each stream runs through; called once per mode.
    public var makeSurface: () -> Surface
    /// Seconds after a stream's last event at which its surface is finished, so pending timers
    /// (long press, a tap waiting for a double tap to fail) fire. Default 1.
    public var settleTime = 1.0

    /// A comparison whose surfaces `makeSurface` builds, fresh for each mode.
    public init(makeSurface: @escaping () -> Surface) {
        self.makeSurface = makeSurface
    }

    /// The records of every recognizer of a fresh surface after `events`.
    public func records(for events: [AppEvent]) -> [GestureRecord] {
        run(events).records
    }

    /// A fresh surface after `events`, finished.
    public func run(_ events: [AppEvent]) -> Surface {
        let surface = makeSurface()
        events.forEach(surface.handle)
        surface.finish(at: (events.last?.timestamp ?? 0) + settleTime)
        return surface
    }

    /// Runs both streams through their own surface and reports what each recognizer did and
    /// which pointer regions the pointer went through.
    public func compare(compat: [AppEvent], indirect: [AppEvent]) -> ComparisonReport {
        ComparisonReport(compat: run(compat), indirect: run(indirect))
    }

    /// Translates `events` in both modes and hands each app event to its mode's surface as soon
    /// as it is made, as a running app receives them: no app event is kept. The report is the
    /// one ``compare(compat:indirect:)`` gives for the streams ``appEvents(_:mode:configuration:)``
    /// returns.
    public func compare(_ events: [LibinputEvent], configuration: AppEventTranslator.Configuration = .init()) -> ComparisonReport {
        ComparisonReport(compat: run(events, in: .compatibility, configuration: configuration),
                         indirect: run(events, in: .indirectInput, configuration: configuration))
    }

    /// A fresh surface after `events` translated in `mode`, each app event handed to it as it is
    /// made, the stream flushed and the surface finished.
    private func run(_ events: [LibinputEvent], in mode: DeliveryMode, configuration: AppEventTranslator.Configuration) -> Surface {
        let surface = makeSurface()
        var translator = AppEventTranslator(mode: mode, configuration: configuration)
        for event in events { translator.translate(event, to: surface) }
        translator.flush(at: Self.flushTime(of: events), to: surface)
        surface.finish(at: (surface.lastEventTimestamp ?? 0) + settleTime)
        return surface
    }

    /// The app events of `events` in `mode`, with a wheel sequence still open at the end flushed
    /// a second after the last event.
    public static func appEvents(_ events: [LibinputEvent], mode: DeliveryMode, configuration: AppEventTranslator.Configuration = .init()) -> [AppEvent] {
        var translator = AppEventTranslator(mode: mode, configuration: configuration)
        return events.flatMap { translator.translate($0) } + translator.flush(at: flushTime(of: events))
    }

    /// When a stream of `events` is flushed (a wheel sequence still open ends): a second after
    /// the last event.
    public static func flushTime(of events: [LibinputEvent]) -> UInt64 {
        (events.last?.time ?? 0) + 1_000_000
    }
}

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

/// One recognizer in both modes.
public struct ComparisonRow: Codable, Equatable, Sendable {
    /// Name of the recognizer's region.
    public var region: String
    /// The recognizer's name, "name#2" for the second of a repeated name.
    public var name: String
    /// What kind of recognizer it is.
    public var kind: GestureKind
    /// What it did in compatibility mode.
    public var compat: ModeSummary
    /// What it did in indirect input mode.
    public var indirect: ModeSummary
    /// The mode in which it activated while it did not in the other; nil if both or neither.
    public var accidentalIn: DeliveryMode?
    /// True when it activated in both modes but its menus or drags started from different
    /// inputs or at different times (``ModeSummary/starts``); nil otherwise.
    public var startsDiffer: Bool?

    /// Whether the modes differ on this row: an accidental activation or different starts.
    public var differs: Bool { accidentalIn != nil || startsDiffer == true }

    /// "region/name".
    public var recognizer: String { "\(region)/\(name)" }
}

/// A recognizer that began or was recognized in `mode` but not in the other mode.
public struct AccidentalActivation: Codable, Equatable, Sendable {
    /// Name of the recognizer's region.
    public var region: String
    /// The recognizer's name, as in its ``ComparisonRow``.
    public var name: String
    /// The only mode in which it activated.
    public var mode: DeliveryMode

    /// Records that `region`/`name` activated in `mode` only.
    public init(region: String, name: String, mode: DeliveryMode) {
        self.region = region
        self.name = name
        self.mode = mode
    }
}

/// What the recognizers did with the same input in compatibility and indirect input mode.
public struct ComparisonReport: Codable, Equatable, Sendable {
    /// One per recognizer, in the surface's delivery order.
    public var rows: [ComparisonRow]
    /// The rows whose recognizer activated in one mode only, in row order.
    public var accidentalActivations: [AccidentalActivation]
    /// The pointer regions entered and left in each mode; nil when there were none.
    public var pointerRegions: PointerRegionComparison?

    /// Matches recognizers by region and name (the second of a repeated name as "name#2"), and
    /// lists the pointer region transitions of each mode.
    public init(compat: [GestureRecord], indirect: [GestureRecord],
                pointerRegions: (compat: [PointerRegionTransition], indirect: [PointerRegionTransition]) = ([], [])) {
        if !pointerRegions.compat.isEmpty || !pointerRegions.indirect.isEmpty {
            self.pointerRegions = PointerRegionComparison(compat: pointerRegions.compat, indirect: pointerRegions.indirect)
        }
        let compatByKey = Self.keyed(compat)
        let indirectByKey = Self.keyed(indirect)
        var keys = compatByKey.map { (key: $0.key, kind: $0.record.kind) }
        for entry in indirectByKey where !keys.contains(where: { $0.key == entry.key }) {
            keys.append((entry.key, entry.record.kind))
        }
        rows = keys.map { key, kind in
            let compat = ModeSummary(record: compatByKey.first { $0.key == key }?.record)
            let indirect = ModeSummary(record: indirectByKey.first { $0.key == key }?.record)
            let accidental: DeliveryMode? = compat.activated == indirect.activated ? nil : compat.activated ? .compatibility : .indirectInput
            let startsDiffer = accidental == nil && !Self.sameStarts(compat.starts, indirect.starts)
            return ComparisonRow(
                region: key.region, name: key.name, kind: kind,
                compat: compat, indirect: indirect, accidentalIn: accidental, startsDiffer: startsDiffer ? true : nil
            )
        }
        accidentalActivations = rows.compactMap { row in
            row.accidentalIn.map { AccidentalActivation(region: row.region, name: row.name, mode: $0) }
        }
    }

    /// What the recognizers of two finished surfaces did, and the pointer regions each went through.
    public init(compat: Surface, indirect: Surface) {
        self.init(compat: compat.records, indirect: indirect.records,
                  pointerRegions: (compat.pointerRegionTransitions, indirect.pointerRegionTransitions))
    }

    /// How many differences between the modes: recognizers that activated in one mode only or
    /// whose menus and drags started differently, and the pointer regions' transitions if they
    /// differ.
    public var differenceCount: Int {
        rows.filter(\.differs).count + (pointerRegions?.differ == true ? 1 : 0)
    }

    /// The same inputs at the same times (to the microsecond, the events' resolution).
    private static func sameStarts(_ a: [InteractionStart], _ b: [InteractionStart]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.input == $1.input && abs($0.time - $1.time) < 1e-6 }
    }

    /// How many recognizers activated in `mode` only.
    public func accidentalActivationCount(in mode: DeliveryMode) -> Int {
        accidentalActivations.filter { $0.mode == mode }.count
    }

    /// Each record under its row's ``ComparisonRow/recognizer`` ("region/name", "region/name#2"
    /// for the second of a repeated name), so a mode's records can be looked up by row.
    public static func recordsByRecognizer(_ records: [GestureRecord]) -> [String: GestureRecord] {
        Dictionary(keyed(records).map { ("\($0.key.region)/\($0.key.name)", $0.record) }, uniquingKeysWith: { first, _ in first })
    }

    private struct Key: Equatable {
        var region: String
        var name: String
    }

    private static func keyed(_ records: [GestureRecord]) -> [(key: Key, record: GestureRecord)] {
        var seen: [String: Int] = [:]
        return records.map { record in
            let base = "\(record.region)/\(record.name)"
            seen[base, default: 0] += 1
            let occurrence = seen[base] ?? 1
            let name = occurrence == 1 ? record.name : "\(record.name)#\(occurrence)"
            return (Key(region: record.region, name: name), record)
        }
    }
}

/// The pointer regions the pointer went through in each mode. Pointer interactions are the
/// system's, the same in both modes, so the lists differ only if the pointer's path did.
public struct PointerRegionComparison: Codable, Equatable, Sendable {
    /// In compatibility mode, in order.
    public var compat: [PointerRegionTransition]
    /// In indirect input mode, in order.
    public var indirect: [PointerRegionTransition]
    /// Whether the two lists differ.
    public var differ: Bool

    public init(compat: [PointerRegionTransition], indirect: [PointerRegionTransition]) {
        self.compat = compat
        self.indirect = indirect
        differ = compat != indirect
    }
}
