import AppEvents
import Gestures
import LibinputEvents

/// One recognizer in both modes.
public struct ComparisonRow: Encodable, Equatable, Sendable {
    /// The recognizer: its region and name, numbered where a region repeats a name.
    public var path: RecognizerPath
    /// Name of the recognizer's region.
    public var region: String { path.region }
    /// The recognizer's name, "name#2" for the second of a repeated name.
    public var name: String { path.numberedName }
    /// What kind of recognizer it is.
    public var kind: GestureKind
    /// What it did in compatibility mode.
    public var compat: ModeSummary
    /// What it did in indirect input mode.
    public var indirect: ModeSummary
    /// The mode with activations the other mode did not match (``AccidentalActivationRule``): it
    /// activated in this mode alone, or more often in it; nil when the modes match.
    public var onlyIn: DeliveryMode?
    /// Which of that mode's activations they are, from 0 in time order (as its summary's
    /// ``ModeSummary/activationInputs``).
    public var onlyIndices: [Int]
    /// Those of ``onlyIndices`` that are accidental (``AccidentalActivationRule/isAccidental(in:_:)``):
    /// compatibility mode's, set off by its simulated touches.
    public var accidentalIndices: [Int]
    /// True when it activated in both modes but its menus or drags started from different
    /// inputs or at different times (``ModeSummary/starts``); nil otherwise.
    public var startsDiffer: Bool?

    /// The mode of its accidental activations: compatibility mode, or nil when it has none.
    public var accidentalIn: DeliveryMode? { accidentalIndices.isEmpty ? nil : .compatibility }
    /// When its unmatched activations happened, seconds on the events' clock.
    public var onlyTimes: [Double] { times(of: onlyIndices) }
    /// When its accidental activations happened, seconds on the events' clock.
    public var accidentalTimes: [Double] { times(of: accidentalIndices) }

    private func times(of indices: [Int]) -> [Double] {
        guard let mode = onlyIn else { return [] }
        let times = (mode == .compatibility ? compat : indirect).transitions.activationTimes
        return indices.map { times[$0] }
    }

    /// Whether the modes differ on this row: activations one mode did not match, or different starts.
    public var differs: Bool { onlyIn != nil || startsDiffer == true }

    /// "region/name".
    public var recognizer: String { path.description }

    enum CodingKeys: String, CodingKey {
        case region, name, kind, compat, indirect, onlyIn, accidentalIn, startsDiffer
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(region, forKey: .region)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(compat, forKey: .compat)
        try c.encode(indirect, forKey: .indirect)
        try c.encodeIfPresent(onlyIn, forKey: .onlyIn)
        try c.encodeIfPresent(accidentalIn, forKey: .accidentalIn)
        try c.encodeIfPresent(startsDiffer, forKey: .startsDiffer)
    }
}

/// A recognizer that began or was recognized in `mode` where the other mode's did not, in that
/// mode alone or more often in it, by accident (``AccidentalActivationRule``): set off by
/// compatibility mode's simulated touches.
public struct AccidentalActivation: Codable, Equatable, Sendable {
    /// The recognizer, as in its ``ComparisonRow``.
    public var path: RecognizerPath
    /// Name of the recognizer's region.
    public var region: String { path.region }
    /// The recognizer's name, as in its ``ComparisonRow``.
    public var name: String { path.numberedName }
    /// The mode in which it activated by accident: compatibility mode.
    public var mode: DeliveryMode
    /// When each accidental activation happened, seconds on the events' clock.
    public var times: [Double]

    /// Records that `path` activated unmatched in `mode`, at `times`.
    public init(_ path: RecognizerPath, mode: DeliveryMode, times: [Double]) {
        self.path = path
        self.mode = mode
        self.times = times
    }

    /// Records that `region`/`name` (numbered `name#N` for a repeated name) activated unmatched
    /// in `mode`, at `times`.
    public init(region: String, name: String, mode: DeliveryMode, times: [Double]) {
        self.init(RecognizerPath(region: region, numberedName: name), mode: mode, times: times)
    }

    enum CodingKeys: String, CodingKey { case region, name, mode, times }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            region: try c.decode(String.self, forKey: .region), name: try c.decode(String.self, forKey: .name),
            mode: try c.decode(DeliveryMode.self, forKey: .mode),
            times: try c.decodeIfPresent([Double].self, forKey: .times) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(region, forKey: .region)
        try c.encode(name, forKey: .name)
        try c.encode(mode, forKey: .mode)
        try c.encode(times, forKey: .times)
    }
}

/// What the recognizers did with the same input in compatibility and indirect input mode.
public struct ComparisonReport: Encodable, Equatable, Sendable {
    /// One per recognizer, in the surface's delivery order.
    public var rows: [ComparisonRow]
    /// The rows whose recognizer activated by accident, in row order.
    public var accidentalActivations: [AccidentalActivation]
    /// The pointer regions entered and left in each mode; nil when there were none.
    public var pointerRegions: PointerRegionComparison?

    /// Matches recognizers by region and name (the second of a repeated name as "name#2"), and
    /// lists the pointer region transitions of each mode.
    public init(
        compat: [GestureRecord], indirect: [GestureRecord],
        pointerRegions: (compat: [PointerRegionTransition], indirect: [PointerRegionTransition]) = ([], [])
    ) {
        if !pointerRegions.compat.isEmpty || !pointerRegions.indirect.isEmpty {
            self.pointerRegions = PointerRegionComparison(
                compat: pointerRegions.compat, indirect: pointerRegions.indirect)
        }
        let compatByPath = Self.recordsByPath(compat)
        let indirectByPath = Self.recordsByPath(indirect)
        // Looked up by path, each path's first record, so that a surface of thousands of
        // recognizers is compared in time proportional to their number.
        let compatRecords = Self.byPath(compatByPath), indirectRecords = Self.byPath(indirectByPath)
        var paths = compatByPath.map { (path: $0.path, kind: $0.record.kind) }
        var seen = Set(paths.map(\.path))
        for entry in indirectByPath where seen.insert(entry.path).inserted {
            paths.append((entry.path, entry.record.kind))
        }
        rows = paths.map { path, kind in
            let compatRecord = compatRecords[path]
            let indirectRecord = indirectRecords[path]
            let compat = ModeSummary(record: compatRecord), indirect = ModeSummary(record: indirectRecord)
            // Over the whole stream the activations all pair but the surplus of one mode.
            let unpaired = AccidentalActivationRule.wholeStream.unpairedIndices(
                compat: compat.transitions.activationTimes, indirect: indirect.transitions.activationTimes)
            let onlyIn: DeliveryMode? =
                !unpaired.compat.isEmpty ? .compatibility : !unpaired.indirect.isEmpty ? .indirectInput : nil
            let only = onlyIn == .compatibility ? unpaired.compat : unpaired.indirect
            let summary = onlyIn == .compatibility ? compat : indirect
            let inputs = summary.activationInputs
            let accidental = only.filter { index in
                onlyIn.map {
                    AccidentalActivationRule.isAccidental(in: $0, inputs.indices.contains(index) ? inputs[index] : nil)
                }
                    ?? false
            }
            let startsDiffer = onlyIn == nil && !Self.sameStarts(compat.starts, indirect.starts)
            return ComparisonRow(
                path: path, kind: kind, compat: compat, indirect: indirect, onlyIn: onlyIn, onlyIndices: only,
                accidentalIndices: accidental, startsDiffer: startsDiffer ? true : nil)
        }
        accidentalActivations = rows.compactMap { row in
            row.accidentalIn.map { AccidentalActivation(row.path, mode: $0, times: row.accidentalTimes) }
        }
    }

    /// What the recognizers of two finished surfaces did, and the pointer regions each went through.
    public init(compat: Surface, indirect: Surface) {
        self.init(
            compat: compat.records, indirect: indirect.records,
            pointerRegions: (compat.pointerRegionTransitions, indirect.pointerRegionTransitions))
    }

    /// How many differences between the modes: recognizers with unmatched activations or
    /// whose menus and drags started differently, and the pointer regions' transitions if they
    /// differ.
    public var differenceCount: Int {
        rows.filter(\.differs).count + (pointerRegions?.differ == true ? 1 : 0)
    }

    /// The same inputs at the same times (to the microsecond, the events' resolution).
    private static func sameStarts(_ a: [InteractionStart], _ b: [InteractionStart]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.input == $1.input && abs($0.time - $1.time) < 1e-6 }
    }

    /// How many activations were accidental, over all recognizers.
    public var accidentalActivationCount: Int { accidentalActivations.map(\.times.count).reduce(0, +) }

    /// How many activations in `mode` the other mode did not match, over all recognizers.
    public func onlyActivationCount(in mode: DeliveryMode) -> Int {
        rows.filter { $0.onlyIn == mode }.map(\.onlyIndices.count).reduce(0, +)
    }

    /// Each record under its row's ``ComparisonRow/path``, so a mode's records can be looked up
    /// by row.
    public static func recordsByRecognizer(_ records: [GestureRecord]) -> [RecognizerPath: GestureRecord] {
        byPath(recordsByPath(records))
    }

    private static func byPath(
        _ records: [(path: RecognizerPath, record: GestureRecord)]
    ) -> [RecognizerPath: GestureRecord] {
        Dictionary(records.map { ($0.path, $0.record) }, uniquingKeysWith: { first, _ in first })
    }

    private static func recordsByPath(_ records: [GestureRecord]) -> [(path: RecognizerPath, record: GestureRecord)] {
        Array(zip(RecognizerPath.paths(of: records), records))
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

extension ComparisonReport {
    /// One line of `compare --json`: the report's fields and the recording (or capture) it is of.
    public struct Line: Encodable {
        public var recording: String
        public var report: ComparisonReport

        public init(recording: String, report: ComparisonReport) {
            self.recording = recording
            self.report = report
        }

        public func encode(to encoder: any Encoder) throws {
            try report.encode(to: encoder)
            var c = encoder.container(keyedBy: NamedKey.self)
            try c.encode(recording, forKey: NamedKey("recording"))
        }
    }
}
