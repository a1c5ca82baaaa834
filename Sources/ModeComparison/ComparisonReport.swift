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
    /// Each mode's activations the other mode did not match (``AccidentalActivationRule``), from 0
    /// in time order (as its summary's ``ModeSummary/activationInputs``): none where the modes
    /// match; one mode's alone where it activated alone or more often; both modes' where each
    /// activated where the other did not.
    public var unmatched: Unmatched
    /// Those of compatibility mode's ``unmatched`` that are accidental
    /// (``AccidentalActivationRule/isAccidental(in:_:followsTransforms:)``): set off by its simulated touches.
    public var accidentalIndices: [Int]
    /// True when it activated in both modes but its menus or drags started from different
    /// inputs or at different times (``ModeSummary/starts``); nil otherwise.
    public var startsDiffer: Bool?

    /// The mode of its accidental activations: compatibility mode, or nil when it has none.
    public var accidentalIn: DeliveryMode? { accidentalIndices.isEmpty ? nil : .compatibility }
    /// When `mode`'s unmatched activations happened, seconds on the events' clock.
    public func unmatchedTimes(in mode: DeliveryMode) -> [Double] { times(of: unmatched[mode], in: mode) }
    /// When its accidental activations happened, seconds on the events' clock.
    public var accidentalTimes: [Double] { times(of: accidentalIndices, in: .compatibility) }

    /// What `mode` made of the recognizer.
    public subscript(mode: DeliveryMode) -> ModeSummary { mode == .compatibility ? compat : indirect }

    private func times(of indices: [Int], in mode: DeliveryMode) -> [Double] {
        let times = self[mode].transitions.activationTimes
        return indices.map { times[$0] }
    }

    /// Whether the modes differ on this row: activations one mode did not match, or different starts.
    public var differs: Bool { !unmatched.isEmpty || startsDiffer == true }

    /// Activations of each mode, by index, that the other mode did not match.
    public struct Unmatched: Equatable, Sendable {
        /// Compatibility mode's activations, by index, that indirect input mode did not match.
        public var compat: [Int] = []
        /// Indirect input mode's activations, by index, that compatibility mode did not match.
        public var indirect: [Int] = []

        /// Each mode's unmatched activations, by index.
        public init(compat: [Int] = [], indirect: [Int] = []) {
            self.compat = compat
            self.indirect = indirect
        }

        /// `mode`'s unmatched activations.
        public subscript(mode: DeliveryMode) -> [Int] { mode == .compatibility ? compat : indirect }
        /// The modes with unmatched activations, compatibility mode first.
        public var modes: [DeliveryMode] { DeliveryMode.allCases.filter { !self[$0].isEmpty } }
        /// Whether every activation of each mode was matched.
        public var isEmpty: Bool { compat.isEmpty && indirect.isEmpty }
    }

    /// "region/name".
    public var recognizer: String { path.description }

    enum CodingKeys: String, CodingKey {
        case region, name, kind, compat, indirect, unmatched, accidentalIn, startsDiffer
    }

    /// How many of each mode's activations the other did not match, as JSON writes them.
    private struct UnmatchedCounts: Encodable {
        var compat: Int
        var indirect: Int
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(region, forKey: .region)
        try c.encode(name, forKey: .name)
        try c.encode(kind, forKey: .kind)
        try c.encode(compat, forKey: .compat)
        try c.encode(indirect, forKey: .indirect)
        if !unmatched.isEmpty {
            try c.encode(
                UnmatchedCounts(compat: unmatched.compat.count, indirect: unmatched.indirect.count), forKey: .unmatched)
        }
        try c.encodeIfPresent(accidentalIn, forKey: .accidentalIn)
        try c.encodeIfPresent(startsDiffer, forKey: .startsDiffer)
    }
}

/// A recognizer that began or was recognized in `mode` where the other mode's did not, in that
/// mode alone or more often in it, by accident (``AccidentalActivationRule``): set off by
/// compatibility mode's simulated touches.
public struct AccidentalActivation: Encodable, Equatable, Sendable {
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

    enum CodingKeys: String, CodingKey { case region, name, mode, times }

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
            let unpaired = AccidentalActivationRule.wholeStream.unpairedIndices(
                compat: compat.transitions.activationTimes, indirect: indirect.transitions.activationTimes)
            let inputs = compat.activationInputs
            let accidental = unpaired.compat.filter { index in
                AccidentalActivationRule.isAccidental(
                    in: .compatibility, inputs.indices.contains(index) ? inputs[index] : nil,
                    followsTransforms: compat.followsTransforms)
            }
            let unmatched = ComparisonRow.Unmatched(compat: unpaired.compat, indirect: unpaired.indirect)
            let startsDiffer = unmatched.isEmpty && !Self.sameStarts(compat.starts, indirect.starts)
            return ComparisonRow(
                path: path, kind: kind, compat: compat, indirect: indirect, unmatched: unmatched,
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

    /// The differences between the modes: recognizers with unmatched activations or whose menus
    /// and drags started differently (`region/name`), and `pointer regions` if their transitions
    /// differ.
    public var differences: [String] {
        rows.filter(\.differs).map(\.recognizer) + (pointerRegions?.differ == true ? ["pointer regions"] : [])
    }

    /// How many ``differences`` there are.
    public var differenceCount: Int { differences.count }

    /// The same inputs at the same times (to the microsecond, the events' resolution).
    private static func sameStarts(_ a: [InteractionStart], _ b: [InteractionStart]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.input == $1.input && abs($0.time - $1.time) < 1e-6 }
    }

    /// How many activations were accidental, over all recognizers.
    public var accidentalActivationCount: Int { accidentalActivations.map(\.times.count).reduce(0, +) }

    /// How many activations in `mode` the other mode did not match, over all recognizers.
    public func unmatchedActivationCount(in mode: DeliveryMode) -> Int {
        rows.map { $0.unmatched[mode].count }.reduce(0, +)
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
public struct PointerRegionComparison: Encodable, Equatable, Sendable {
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
