import AppEvents
import Gestures

/// One recognizer in both modes.
public struct ComparisonRow: Encodable, Equatable, Sendable {
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
public struct ComparisonReport: Encodable, Equatable, Sendable {
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
