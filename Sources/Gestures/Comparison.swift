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
        let surface = makeSurface()
        events.forEach(surface.handle)
        surface.finish(at: (events.last?.timestamp ?? 0) + settleTime)
        return surface.records
    }

    /// Runs both streams through their own surface and reports what each recognizer did.
    public func compare(compat: [AppEvent], indirect: [AppEvent]) -> ComparisonReport {
        ComparisonReport(compat: records(for: compat), indirect: records(for: indirect))
    }

    /// Translates `events` in both modes and hands each app event to its mode's surface as soon
    /// as it is made, as a running app receives them: no app event is kept. The report is the
    /// one ``compare(compat:indirect:)`` gives for the streams ``appEvents(_:mode:configuration:)``
    /// returns.
    public func compare(_ events: [LibinputEvent], configuration: AppEventTranslator.Configuration = .init()) -> ComparisonReport {
        ComparisonReport(compat: records(of: events, in: .compatibility, configuration: configuration),
                         indirect: records(of: events, in: .indirectInput, configuration: configuration))
    }

    /// Holds the steady runs to their reference on `events`: each mode fed, as ``compare(_:configuration:)``
    /// feeds it, to a fresh surface and to one that takes no steady runs
    /// (``Surface/takesSteadyRuns``); the recognizers whose records differ, none when the runs
    /// changed nothing an app reads.
    public func steadyRunDifferences(_ events: [LibinputEvent], configuration: AppEventTranslator.Configuration = .init()) -> [SteadyRunDifference] {
        DeliveryMode.allCases.flatMap { mode in
            zip(records(of: events, in: mode, configuration: configuration),
                records(of: events, in: mode, configuration: configuration, takingSteadyRuns: false))
                .filter { $0 != $1 }
                .map { SteadyRunDifference(mode: mode, steady: $0, everyEvent: $1) }
        }
    }

    /// The records of a fresh surface, taking steady runs or not, after `events` translated in
    /// `mode`, each app event handed to it as it is made.
    private func records(of events: [LibinputEvent], in mode: DeliveryMode, configuration: AppEventTranslator.Configuration,
                         takingSteadyRuns: Bool = true) -> [GestureRecord] {
        let surface = makeSurface()
        surface.takesSteadyRuns = takingSteadyRuns
        Self.feed(events, to: surface, through: Self.translator(mode, configuration), settleTime: settleTime)
        return surface.records
    }

    /// The app events of `events` in `mode`, with a wheel sequence still open at the end flushed
    /// a second after the last event.
    public static func appEvents(_ events: [LibinputEvent], mode: DeliveryMode, configuration: AppEventTranslator.Configuration = .init()) -> [AppEvent] {
        let translator = translator(mode, configuration)
        return events.flatMap(translator.translate) + translator.flush(at: flushTime(of: events))
    }

    private static func translator(_ mode: DeliveryMode, _ configuration: AppEventTranslator.Configuration) -> AppEventTranslator {
        AppEventTranslator(mode: mode, configuration: configuration)
    }

    /// When a stream of `events` is flushed (a wheel sequence still open ends): a second after
    /// the last event.
    public static func flushTime(of events: [LibinputEvent]) -> UInt64 {
        (events.last?.time ?? 0) + 1_000_000
    }

    /// The translator and the recognizers at work, and nothing else: `tools/cost` counts the
    /// instructions of this function, so it stays a call of its own.
    @inline(never)
    static func feed(_ events: [LibinputEvent], to surface: Surface, through translator: AppEventTranslator, settleTime: Double) {
        translator.translate(contentsOf: events, to: surface)
        translator.flush(at: flushTime(of: events), to: surface)
        surface.finish(at: (surface.lastEventTimestamp ?? 0) + settleTime)
    }
}

/// A recognizer whose record a surface's steady runs changed.
public struct SteadyRunDifference: Equatable, Sendable, CustomStringConvertible {
    /// The mode whose stream it was.
    public var mode: DeliveryMode
    /// Its record on a surface taking steady runs.
    public var steady: GestureRecord
    /// Its record on one visiting it at every event.
    public var everyEvent: GestureRecord

    /// One line: which recognizer, and where its record with steady runs first differs from
    /// the one without.
    public var description: String {
        "\(mode.rawValue): \(steady.region)/\(steady.name): with steady runs against without, "
            + (steady.firstDifference(from: everyEvent) ?? "no difference")
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

    /// Matches recognizers by region and name (the second of a repeated name as "name#2").
    public init(compat: [GestureRecord], indirect: [GestureRecord]) {
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
            return ComparisonRow(
                region: key.region, name: key.name, kind: kind,
                compat: compat, indirect: indirect, accidentalIn: accidental
            )
        }
        accidentalActivations = rows.compactMap { row in
            row.accidentalIn.map { AccidentalActivation(region: row.region, name: row.name, mode: $0) }
        }
    }

    /// How many recognizers activated in `mode` only.
    public func accidentalActivationCount(in mode: DeliveryMode) -> Int {
        accidentalActivations.filter { $0.mode == mode }.count
    }

    /// An aligned plain-text table: one row per recognizer, compat and indirect side by side,
    /// then the accidental activation counts.
    public func renderTable() -> String {
        let header = ["recognizer", "compat", "indirect", "accidental"]
        let body = rows.map { row in
            [row.recognizer, Self.cell(row.compat), Self.cell(row.indirect), row.accidentalIn.map { "\($0.rawValue) only" } ?? ""]
        }
        let widths = header.indices.map { column in
            ([header] + body).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var text = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " | ")
            while text.last == " " { text.removeLast() }
            return text
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
        let summary = "accidental activations: compat \(accidentalActivationCount(in: .compatibility)), indirect \(accidentalActivationCount(in: .indirectInput))"
        return ([line(header), rule] + body.map(line) + [summary]).joined(separator: "\n") + "\n"
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func renderJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// "began 1 ended 1, touches 2, scale 1.50", or "-" when nothing happened.
    private static func cell(_ summary: ModeSummary) -> String {
        let counts = [
            ("began", summary.began), ("ended", summary.ended), ("recognized", summary.recognized),
            ("cancelled", summary.cancelled), ("failed", summary.failed),
        ].filter { $0.1 > 0 }
        guard !counts.isEmpty else { return "-" }
        var parts = [counts.map { "\($0.0) \($0.1)" }.joined(separator: " "), "touches \(summary.maxNumberOfTouches)"]
        if let scale = summary.finalScale { parts.append(String(format: "scale %.2f", scale)) }
        if let rotation = summary.finalRotation { parts.append(String(format: "rotation %.2f rad", rotation)) }
        if let t = summary.finalTranslation { parts.append(String(format: "translation (%.1f, %.1f)", t.x, t.y)) }
        return parts.joined(separator: ", ")
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
