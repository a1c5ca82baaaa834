import LibinputDecisions
import Foundation
import Quirks
import Recordings
import TextTables

/// The corpus results as a table, with the reasons a device does not give a gesture. One libinput
/// version: a row per device, a column per gesture. Several: a row per device and gesture, a
/// column per version, the rows where the versions disagree marked.
public struct CorpusTable: Sendable {
    public var devices: [CorpusDevice]
    /// The libinput versions replayed on, in the order asked.
    public var versions: [String]
    /// `cells[version][device][gesture]`.
    public var cells: [[[CorpusCell]]]

    /// Why the gestures that failed on `device` (on the first version) failed, from what the device is;
    /// or, given `cell`, why that gesture failed (a reason of another gesture's is not its own).
    public func reasons(_ index: Int, for cell: CorpusCell? = nil) -> String {
        let d = devices[index].description
        var reasons: [String] = []
        let failed = (cell.map { [$0] } ?? cells[0][index]).filter { !$0.ok }
        guard !failed.isEmpty else { return "" }
        if d.has(property: Evdev.INPUT_PROP_SEMI_MT) {
            reasons.append(
                "semi-mt: the pad reports a bounding box, not touches; libinput gives it no gesture capability, so "
                    + "two fingers always scroll"
            )
        } else if !d.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT) {
            reasons.append(
                d.isProtocolA
                    ? "MT protocol A (no slots): before libinput \(LibinputChange.mtdevPlugin.release) one touch plus "
                        + "BTN_TOOL_* finger counts, so no gestures (two fingers scroll, more make nothing); from then "
                        + "its mtdev plugin gives the pad slots"
                    : "single-touch: one position plus BTN_TOOL_* finger counts, so no gestures (two fingers scroll, "
                        + "more make nothing)")
        } else if d.slotCount < 3, failed.contains(where: { $0.gesture.fingers >= 3 }) {
            reasons.append("\(d.slotCount) slots: a third finger exists only as BTN_TOOL_TRIPLETAP")
        }
        for cell in failed {
            if case .notSynthesized(let why) = cell.outcome, !reasons.contains(why) { reasons.append(why) }
        }
        if d.absinfo[Evdev.ABS_MT_POSITION_X]?.resolution ?? d.absinfo[Evdev.ABS_X]?.resolution ?? 0 == 0 {
            let quirks = LibinputQuirks.load(for: d)
            reasons.append(
                quirks.resolutionHint != nil
                    ? "no resolution: libinput (and the synthesizer) take its quirks' resolution hint"
                    : quirks.sizeHint.map {
                        "no resolution: libinput (and the synthesizer) take its quirks' size "
                            + "hint, \($0.width) × \($0.height) mm"
                    }
                        ?? "no resolution: libinput (and the synthesizer) take the pad to be \(AssumedPadSize.text)")
        }
        return reasons.joined(separator: "; ")
    }

    /// Whether the versions gave different outcomes for any device's gesture.
    public var versionsDiffer: Bool {
        devices.indices.contains { i in CorpusGesture.all.indices.contains { differs(i, $0) } }
    }

    /// Whether the versions gave different outcomes for a device's gesture.
    private func differs(_ device: Int, _ gesture: Int) -> Bool {
        CorpusCell.Outcome.differ(cells.map { $0[device][gesture].outcome })
    }

    /// The `differs` cell: blank where the versions agree; else `yes`, and for each version whose
    /// events part from the one before's where its outcome differs, the libinput changes between
    /// them that can give it, by commit (`yes: 27f4b0ae (1.31.3)`).
    private func differsText(_ device: Int, _ gesture: Int) -> String {
        guard differs(device, gesture) else { return "" }
        let steps = versions.indices.dropFirst().compactMap { v -> String? in
            guard let changes = cells[v][device][gesture].changes else { return nil }
            return "\(changes.byCommit) (\(versions[v]))"
        }
        return steps.isEmpty ? "yes" : "yes: " + steps.joined(separator: "; ")
    }

    /// Every libinput change a `differs` cell names, in release order.
    private var changesNamed: [LibinputChange] {
        let named = Set(cells.joined().joined().flatMap { $0.changes ?? [] })
        return LibinputChange.allCases.filter(named.contains)
    }

    /// What the changes named do, a line each: its commit, its release and its effect.
    private var changeLines: [String] {
        changesNamed.map { "\($0.commit), libinput \($0.release): \($0.effect)" }
    }

    /// Each distinct reason a replay failed, in the table's order: a failed cell names its number
    /// and the reason follows the table once, however many cells it failed (a device libinput
    /// refused fails every gesture alike).
    private var failures: [String] {
        var reasons: [String] = []
        for cell in cells.joined().joined() {
            if case .replayFailed(let why) = cell.outcome, !reasons.contains(why) { reasons.append(why) }
        }
        return reasons
    }

    /// A cell as the table shows it: a failure by its number in ``failures``.
    private func shown(_ cell: CorpusCell, _ failures: [String]) -> String {
        guard case .replayFailed(let why) = cell.outcome, let n = failures.firstIndex(of: why) else {
            return cell.short
        }
        return "replay failed [\(n + 1)]"
    }

    /// The failures' reasons, a line each after the number the cells name them by.
    private func failureLines(_ failures: [String]) -> [String] {
        failures.enumerated().map { "[\($0 + 1)] \($1)" }
    }

    /// The header and rows of the table, `device` being what names a device in it.
    private func grid(device name: (CorpusDevice) -> String) -> (header: [String], rows: [[String]]) {
        let failures = failures
        if versions.count == 1 {
            let header = ["device", "tracking"] + CorpusGesture.all.map(\.name)
            return (
                header,
                devices.enumerated().map { i, d in [name(d), d.tracking] + cells[0][i].map { shown($0, failures) } }
            )
        }
        let header = ["device", "tracking", "gesture"] + versions.map { "libinput \($0)" } + ["differs"]
        let rows = devices.indices.flatMap { i in
            CorpusGesture.all.indices.map { g in
                [name(devices[i]), devices[i].tracking, CorpusGesture.all[g].name]
                    + cells.map { shown($0[i][g], failures) } + [differsText(i, g)]
            }
        }
        return (header, rows)
    }

    private var summary: String {
        let counts = versions.indices.map { v in "\(cells[v].joined().filter(\.ok).count) of \(cells[v].joined().count)"
        }
        let pads = TextTable.counted(devices.count, "touchpad")
        let changed = devices.indices.flatMap { i in CorpusGesture.all.indices.map { (i, $0) } }.filter(differs).count
        if versions.count == 1 {
            return "\(counts[0]) gestures reported by libinput \(versions[0]) on \(pads)"
        }
        return zip(versions, counts).map { "libinput \($0): \($1) gestures reported" }.joined(separator: "; ")
            + " on \(pads); the versions differ on \(changed)"
    }

    /// The table for a terminal: aligned columns, the reasons, the summary.
    public func text() -> String {
        let (header, rows) = grid(device: \.file)
        var out = TextTable.lines([header] + rows).joined(separator: "\n") + "\n"
        let failed = failureLines(failures)
        if !failed.isEmpty { out += "\nreplays that failed:\n" + failed.joined(separator: "\n") + "\n" }
        if !changeLines.isEmpty {
            out += "\n\(Self.changesTitle):\n" + changeLines.joined(separator: "\n") + "\n"
        }
        let notes = devices.indices.map { (devices[$0].file, reasons($0)) }.filter { !$0.1.isEmpty }
        if !notes.isEmpty { out += "\n" + notes.map { "\($0.0): \($0.1)" }.joined(separator: "\n") + "\n" }
        let modes = modeDifferences(device: \.file)
        if !modes.isEmpty {
            out += "\nwhere the delivery modes differ (\(CorpusModes.measured), libinput \(versions[0])):\n"
            out += modes.map { "\($0.0) \($0.1): \($0.2)" }.joined(separator: "\n") + "\n"
        }
        return out + "\n\(summary)\n"
    }

    /// The table as a Markdown page, naming the `command` that made it.
    public func markdown(command: String) -> String {
        var out = "# Device corpus: which gestures libinput reports on which touchpad\n\n"
        out += "Produced by `\(command)`: every distinct touchpad among the files it names, "
        out += "with each gesture synthesized on it (`touchsynth synthesize`) and replayed through real libinput "
        out +=
            "(\(versions.map { "libinput \($0)" }.joined(separator: ", "))) on a mocked device. Values: final pinch "
            + "scale, accumulated angle, "
        out +=
            "total finger-scroll distance, unaccelerated swipe dx. Why a gesture is not reported is said for the "
            + "first version.\n\nScripts:\n\n"
        for g in CorpusGesture.all { out += "- \(g.name): `\(g.script)`\n" }
        let (header, rows) = grid { "\($0.file) (\($0.description.name))" }
        out += "\n| " + (header + ["why not"]).joined(separator: " | ") + " |\n"
        out += "|" + (header + ["why not"]).map { _ in "---" }.joined(separator: "|") + "|\n"
        let rowsPerDevice = versions.count == 1 ? 1 : CorpusGesture.all.count
        for (r, row) in rows.enumerated() {
            // The reasons once per device, on its first row.
            let why = r % rowsPerDevice == 0 ? reasons(r / rowsPerDevice) : ""
            out += "| " + (row + [why]).joined(separator: " | ") + " |\n"
        }
        let failed = failureLines(failures)
        if !failed.isEmpty {
            out += "\nReplays that failed:\n\n" + failed.map { "- " + $0 }.joined(separator: "\n") + "\n"
        }
        if !changeLines.isEmpty {
            out += "\n\(Self.changesTitle):\n\n" + changeLines.map { "- " + $0 }.joined(separator: "\n") + "\n"
        }
        let modes = modeDifferences { "\($0.file) (\($0.description.name))" }
        if !modes.isEmpty {
            out +=
                "\n## Where the delivery modes differ\n\nOn libinput \(versions[0]), \(CorpusModes.measured), as "
                + "`touchsynth compare` finds them.\n\n"
            out += "| device | gesture | modes differ |\n|---|---|---|\n"
            for (device, gesture, what) in modes { out += "| \(device) | \(gesture) | \(what) |\n" }
        }
        return out + "\n\(summary).\n"
    }

    /// What introduces the changes named.
    private static let changesTitle =
        "The libinput changes that can give where a version's events differ from the previous version's "
        + "(`touchsynth compare --libinput A,B` on the gesture's recording says where)"

    /// Every device and gesture whose delivery modes differ, on the first version.
    private func modeDifferences(device name: (CorpusDevice) -> String) -> [(String, String, String)] {
        devices.indices.flatMap { i in
            cells[0][i].filter { !$0.modesDiffer.isEmpty }.map {
                (name(devices[i]), $0.gesture.name, $0.modesDiffer.joined(separator: "; "))
            }
        }
    }

    /// One record per device, gesture and version, for `corpus --json`.
    public func lines() -> [CorpusLine] {
        versions.indices.flatMap { v in
            devices.indices.flatMap { i in
                cells[v][i].map { cell in
                    CorpusLine(
                        device: devices[i], libinput: versions[v], cell: cell,
                        why: cell.ok ? nil : reasons(i, for: cell))
                }
            }
        }
    }
}

extension CorpusTable {
    /// One record per pair of a shard's `results`, without the reasons (a shard sees only part of
    /// a device's gestures: `corpus merge` gives them).
    public static func lines(_ results: [CorpusResult], devices: [CorpusDevice]) -> [CorpusLine] {
        results.compactMap { r in
            guard let device = devices.first(where: { $0.file == r.pair.device }),
                let gesture = CorpusGesture.all.first(where: { $0.name == r.pair.gesture })
            else { return nil }
            return CorpusLine(
                device: device, libinput: r.pair.libinput,
                cell: CorpusCell(gesture: gesture, outcome: r.outcome, modesDiffer: r.modesDiffer, changes: r.changes),
                why: nil)
        }
    }
}

/// `corpus --json`'s line for one device, gesture and libinput version: the outcome under its own
/// key (`value`, `instead`, `notSynthesized` or `replayFailed`), `why` a gesture was not reported,
/// and the libinput `changes` that can give where its events part from the previous version's.
public struct CorpusLine: Encodable, Sendable {
    var device: CorpusDevice
    var libinput: String
    var cell: CorpusCell
    var why: String?

    private enum Key: String, CodingKey {
        case device, name, tracking, libinput, gesture, reported, value, instead, notSynthesized, replayFailed, why,
            modesDiffer, changes
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(device.file, forKey: .device)
        try c.encode(device.description.name, forKey: .name)
        try c.encode(device.tracking, forKey: .tracking)
        try c.encode(libinput, forKey: .libinput)
        try c.encode(cell.gesture.name, forKey: .gesture)
        try c.encode(cell.ok, forKey: .reported)
        switch cell.outcome {
        case .reported(let value): try c.encode(value, forKey: .value)
        case .other(let what): try c.encode(what, forKey: .instead)
        case .notSynthesized(let why): try c.encode(why, forKey: .notSynthesized)
        case .replayFailed(let why): try c.encode(why, forKey: .replayFailed)
        case .pending: break
        }
        try c.encodeIfPresent(why, forKey: .why)
        if !cell.modesDiffer.isEmpty { try c.encode(cell.modesDiffer, forKey: .modesDiffer) }
        try c.encodeIfPresent(cell.changes, forKey: .changes)
    }
}
