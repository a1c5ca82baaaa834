import AppEvents
import Foundation
import Gestures
import LibinputEventText
import LibinputEvents
import ModeComparison

/// One recording replayed on several libinput versions: the gestures each reported, what each
/// delivery mode's recognizers made of them, and the first event where each version parts from
/// the first one.
public struct VersionComparison: Sendable {
    /// One version's replay.
    public struct Run: Sendable {
        public var version: String
        public var events: [LibinputEvent]
        public var report: ComparisonReport

        public init(version: String, events: [LibinputEvent], report: ComparisonReport) {
            self.version = version
            self.events = events
            self.report = report
        }

        /// The events compared, as `libinput debug-events` shows them: no device events, no time.
        var comparable: [String] { Self.shownEvents(events).map { EventFormat.comparable($0) } }

        static func shownEvents(_ events: [LibinputEvent]) -> [LibinputEvent] {
            events.filter {
                switch $0.kind {
                case .deviceAdded, .deviceRemoved: false
                default: true
                }
            }
        }
    }

    /// Where a version first parts from the first one.
    public struct Parting: Equatable, Codable, Sendable {
        /// The version that parts.
        public var libinput: String
        /// The version it is compared with (the first).
        public var against: String
        /// The event's position among the first version's events (device events not counted).
        public var index: Int
        /// Seconds from the first version's first event (its ``TimeBase``, as every table of a
        /// replay counts) to the event where they part.
        public var time: Double
        /// The first version's event there (nil: it has none, the other version has one more).
        public var expected: String?
        /// The other version's event there (nil: it has none).
        public var actual: String?
    }

    public var runs: [Run]

    public init(runs: [Run]) {
        self.runs = runs
    }

    /// The recognizers that fired in `mode` (began or recognized), as `region/name`.
    public static func fired(_ report: ComparisonReport, in mode: DeliveryMode) -> [String] {
        report.rows.filter { (mode == .compatibility ? $0.compat : $0.indirect).activated }.map(\.recognizer)
    }

    /// For each version after the first, where it first parts from the first; nil where every
    /// event is the same.
    public var partings: [Parting?] {
        guard let first = runs.first else { return [] }
        let shown = Run.shownEvents(first.events)
        let timeBase = TimeBase(of: first.events)
        let expected = first.comparable
        return runs.dropFirst().map { run in
            guard let d = EventAlignment.differences(expected, run.comparable).first else { return nil }
            let time = d.index < shown.count ? shown[d.index].time : shown.last?.time ?? timeBase.origin
            return Parting(
                libinput: run.version, against: first.version, index: d.index, time: timeBase.seconds(time),
                expected: d.expected, actual: d.actual)
        }
    }

    /// Whether every version gave the same events.
    public var allSame: Bool { partings.allSatisfy { $0 == nil } }

    /// A table with a row per version (gestures, then each mode's recognizers), and a line per
    /// version after the first saying where it parts from the first.
    public func renderTable() -> String {
        let header = ["libinput", "gestures", "compat recognizers", "indirect recognizers"]
        let body = runs.map { run in
            [
                run.version, ReportedGesture.sequence(of: run.events).map(\.description).joined(separator: ", "),
                Self.fired(run.report, in: .compatibility).joined(separator: " "),
                Self.fired(run.report, in: .indirectInput).joined(separator: " "),
            ]
            .map { $0.isEmpty ? "-" : $0 }
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(
                separator: " | ")
            while text.last == " " { text.removeLast() }
            return text
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
        var lines = [line(header), rule] + body.map(line)
        for (run, parting) in zip(runs.dropFirst(), partings) {
            guard let p = parting else {
                lines.append(
                    "\(run.version): the same \(Run.shownEvents(run.events).count) events as \(runs[0].version)")
                continue
            }
            lines.append(
                String(
                    format: "%@ parts from %@ at event %d (+%.3f s): %@ %@, %@ %@", run.version, p.against, p.index,
                    p.time,
                    p.against, p.expected ?? "nothing", run.version, p.actual ?? "nothing"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
