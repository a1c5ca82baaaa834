import AppEvents
import Foundation
import Gestures
import LibinputDecisions
import LibinputEventText
import LibinputEvents
import ModeComparison
import Quirks
import Recordings
import TextTables

/// One recording replayed on several libinput versions: the gestures each reported, what each
/// delivery mode's recognizers made of them, and the first event where each version parts from
/// the one before it, with the changes in libinput between them that can give that parting.
public struct VersionComparison: Sendable {
    /// One version's replay.
    public struct Run: Sendable {
        public var version: String
        public var events: [LibinputEvent]
        public var report: ComparisonReport
        /// The device's quirks as this version applied them, whose hints some changes depend on:
        /// a step's changes are told with its newer version's (so the first run's are not read).
        public var quirks: LibinputQuirks

        public init(
            version: String, events: [LibinputEvent], report: ComparisonReport,
            quirks: LibinputQuirks = LibinputQuirks()
        ) {
            self.version = version
            self.events = events
            self.report = report
            self.quirks = quirks
        }

        /// The events compared (``VersionParting/comparable(_:)``).
        var comparable: [String] { VersionParting.comparable(events) }
    }

    public var runs: [Run]
    /// The device replayed, which some changes apply to alone; nil: none is told.
    public var device: DeviceDescription?
    /// Whether tapping was on, which one change needs.
    public var tapping: Bool
    /// Whether three- or four-finger drag was on, which another needs.
    public var threeFingerDrag: Bool

    /// Runs of one recording, replayed on `device` with `configuration` (whose tapping, where
    /// left at libinput's default, is the device's default).
    public init(
        runs: [Run], device: DeviceDescription? = nil, configuration: DeviceConfiguration = DeviceConfiguration()
    ) {
        self.runs = runs
        self.device = device
        self.tapping = device.map(configuration.taps(on:)) ?? configuration.taps(hasLeftButton: true)
        threeFingerDrag = configuration.dragsWithFingers
    }

    /// A line per mode whose recognizers fired on some versions and not others: `compat mode:
    /// text/scroll fired on 1.22.1, not on 1.28.1, 1.31.3`.
    var recognizersDiffering: [String] {
        [(DeliveryMode.compatibility, "compat"), (.indirectInput, "indirect")].compactMap { mode, name in
            let fired = runs.map { Set(Self.fired($0.report, in: mode)) }
            let all = fired.reduce(into: Set<String>()) { $0.formUnion($1) }
            let differing = all.filter { path in !fired.allSatisfy { $0.contains(path) } }.sorted()
            guard !differing.isEmpty else { return nil }
            let said = differing.map { path in
                let on = runs.indices.filter { fired[$0].contains(path) }.map { runs[$0].version }
                let off = runs.indices.filter { !fired[$0].contains(path) }.map { runs[$0].version }
                return "\(path) fired on \(on.joined(separator: ", ")), not on \(off.joined(separator: ", "))"
            }
            return "\(name) mode: " + said.joined(separator: "; ")
        }
    }

    /// The recognizers that fired in `mode` (began or recognized), as `region/name`.
    public static func fired(_ report: ComparisonReport, in mode: DeliveryMode) -> [String] {
        report.rows.filter { (mode == .compatibility ? $0.compat : $0.indirect).activated }.map(\.recognizer)
    }

    /// For each version after the first, where it first parts from the one before it (an
    /// upgrade's step); nil where every event is the same.
    public var partings: [VersionParting?] {
        zip(runs, runs.dropFirst()).map { before, run in
            VersionParting.between(
                (before.version, before.events), (run.version, run.events), device: device,
                quirks: run.quirks, tapping: tapping, threeFingerDrag: threeFingerDrag)
        }
    }

    /// Whether every version gave the same events: the events compared, equal, which is where
    /// ``partings`` has none, told without lining the streams up.
    public var allSame: Bool { zip(runs, runs.dropFirst()).allSatisfy { $0.comparable == $1.comparable } }

    /// What `--fail-on-diff` counts: each version's differences between the modes
    /// (``ComparisonReport/differenceCount``), and one more where the versions' events part.
    public var differenceCount: Int { runs.map(\.report.differenceCount).reduce(0, +) + (allSame ? 0 : 1) }

    /// A table with a row per version (gestures, then each mode's recognizers), a line per
    /// version after the first saying where it parts from the one before, with the changes in
    /// libinput between them that can give it, and a line per version whose modes differ.
    public func renderTable() -> String {
        let header = ["libinput", "gestures", "compat recognizers", "indirect recognizers"]
        let body = runs.map { run in
            [
                run.version, ReportedGesture.sequence(of: run.events).map(\.description).joined(separator: ", "),
                Self.fired(run.report, in: .compatibility).joined(separator: ", "),
                Self.fired(run.report, in: .indirectInput).joined(separator: ", "),
            ]
            .map { $0.isEmpty ? "-" : $0 }
        }
        var lines = TextTable.lines([header] + body, separator: " | ", rule: "-+-")
        for (index, (run, parting)) in zip(runs.dropFirst(), partings).enumerated() {
            guard let p = parting else {
                let events = TextTable.counted(VersionParting.shownEvents(run.events).count, "event")
                lines.append(
                    "\(run.version): the same \(events) as \(runs[index].version) "
                        + "(DEVICE_ADDED and DEVICE_REMOVED aside)"
                )
                continue
            }
            lines += p.lines(deviceKnown: device != nil)
        }
        lines += recognizersDiffering
        for run in runs {
            let differing = run.report.differences
            guard !differing.isEmpty else { continue }
            let accidental = run.report.accidentalActivationCount
            lines.append(
                "\(run.version): the modes differ on \(differing.joined(separator: ", "))"
                    + (accidental > 0 ? " (\(TextTable.counted(accidental, "accidental activation")))" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
