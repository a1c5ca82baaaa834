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

        public init(version: String, events: [LibinputEvent], report: ComparisonReport) {
            self.version = version
            self.events = events
            self.report = report
        }

        /// The events compared, as `libinput debug-events` shows them but to six decimals: no
        /// device events, no time. Its two decimals would hide a change in scale as small as the
        /// speed curve's, or show it only where a value's rounding happens to tip.
        var comparable: [String] {
            Self.shownEvents(events).map { EventFormat.comparable($0, decimals: VersionComparison.decimals) }
        }

        static func shownEvents(_ events: [LibinputEvent]) -> [LibinputEvent] {
            events.filter {
                switch $0.kind {
                case .deviceAdded, .deviceRemoved: false
                default: true
                }
            }
        }
    }

    /// Where a version first parts from the one before it.
    public struct Parting: Equatable, Encodable, Sendable {
        /// The version that parts.
        public var libinput: String
        /// The version it is compared with (the one before it in the list).
        public var against: String
        /// The event's position among `against`'s events (device events not counted).
        public var index: Int
        /// Seconds from `against`'s first event (its ``TimeBase``, as every table of a replay
        /// counts) to the event where they part.
        public var time: Double
        /// `against`'s event there (nil: it has none, the other version has one more).
        public var expected: String?
        /// The other version's event there (nil: it has none).
        public var actual: String?
        /// The changes released between the two versions that can give this parting.
        public var changes: [LibinputChange]
        /// The other changes the later differences between the two show, each at the first
        /// difference it can give: an upgrade's other reasons.
        public var further: [Further] = []

        /// A change a later difference shows, and where.
        public struct Further: Equatable, Encodable, Sendable {
            public var change: LibinputChange
            /// As the parting's own: the event's position among `against`'s, its time, and the
            /// two versions' events there.
            public var index: Int
            public var time: Double
            public var expected: String?
            public var actual: String?
        }
    }

    /// The decimals events are compared and shown to.
    public static let decimals = 6

    public var runs: [Run]
    /// The device replayed, which some changes apply to alone; nil: none is told.
    public var device: DeviceDescription?
    /// Whether tapping was on, which one change needs.
    public var tapping: Bool
    /// The device's quirks, whose hints some changes depend on.
    public var quirks: LibinputQuirks

    /// Runs of one recording, replayed on `device` with `configuration` (whose tapping, where
    /// left at libinput's default, is the device's default).
    public init(
        runs: [Run], device: DeviceDescription? = nil, quirks: LibinputQuirks = LibinputQuirks(),
        configuration: DeviceConfiguration = DeviceConfiguration()
    ) {
        self.runs = runs
        self.device = device
        self.quirks = quirks
        self.tapping = configuration.taps(hasLeftButton: device?.has(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT) ?? true)
    }

    /// The recognizers that fired in `mode` (began or recognized), as `region/name`.
    public static func fired(_ report: ComparisonReport, in mode: DeliveryMode) -> [String] {
        report.rows.filter { (mode == .compatibility ? $0.compat : $0.indirect).activated }.map(\.recognizer)
    }

    /// For each version after the first, where it first parts from the one before it (an
    /// upgrade's step); nil where every event is the same.
    public var partings: [Parting?] {
        let comparable = runs.map(\.comparable)
        return runs.indices.dropFirst().map { index in
            let (before, run) = (runs[index - 1], runs[index])
            let shown = Run.shownEvents(before.events), theirs = Run.shownEvents(run.events)
            let timeBase = TimeBase(of: before.events)
            // Each run's times from its own first event: one frame's events share a moment in both.
            func moments(_ events: [LibinputEvent], _ base: TimeBase) -> [Int64] {
                events.map { Int64(bitPattern: $0.time &- base.origin) }
            }
            let at = (moments(shown, timeBase), moments(theirs, TimeBase(of: run.events)))
            let differences = EventAlignment.differences(comparable[index - 1], comparable[index], moments: at)
            guard let first = differences.first else { return nil }
            /// A difference's time, and the changes between the two versions that can give it.
            func reasons(_ d: EventAlignment.Difference) -> (time: Double, changes: [LibinputChange]) {
                let time = d.index < shown.count ? shown[d.index].time : shown.last?.time ?? timeBase.origin
                let expected = d.expected == nil ? nil : shown[d.index]
                let actual = d.actual == nil ? nil : theirs[d.actualIndex]
                // Past the end of `shown` where long streams were compared position by position.
                let previous = d.index > 0 ? shown[min(d.index, shown.count) - 1] : nil
                let changes =
                    device.map {
                        LibinputChange.candidates(
                            between: before.version, and: run.version, expected: expected, actual: actual,
                            after: previous, device: $0, quirks: quirks, tapping: tapping)
                    } ?? []
                return (timeBase.seconds(time), changes)
            }
            let opening = reasons(first)
            var told = Set(opening.changes)
            var further: [Parting.Further] = []
            // Without a device no change is told: the later differences have nothing to add.
            for d in differences.dropFirst() where device != nil {
                let later = reasons(d)
                for change in later.changes where told.insert(change).inserted {
                    further.append(
                        Parting.Further(
                            change: change, index: d.index, time: later.time, expected: d.expected, actual: d.actual))
                }
            }
            return Parting(
                libinput: run.version, against: before.version, index: first.index, time: opening.time,
                expected: first.expected, actual: first.actual, changes: opening.changes, further: further)
        }
    }

    /// Whether every version gave the same events: the events compared, equal, which is where
    /// ``partings`` has none, told without lining the streams up.
    public var allSame: Bool { zip(runs, runs.dropFirst()).allSatisfy { $0.comparable == $1.comparable } }

    /// A table with a row per version (gestures, then each mode's recognizers), and a line per
    /// version after the first saying where it parts from the one before, with the changes in
    /// libinput between them that can give it.
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
        var lines = TextTable.lines([header] + body, separator: " | ", rule: "-+-")
        for (index, (run, parting)) in zip(runs.dropFirst(), partings).enumerated() {
            guard let p = parting else {
                lines.append(
                    "\(run.version): the same \(Run.shownEvents(run.events).count) events as \(runs[index].version)")
                continue
            }
            lines.append(
                String(
                    format: "%@ parts from %@ at event %d (+%.3f s): %@ %@, %@ %@", run.version, p.against, p.index,
                    p.time,
                    p.against, p.expected ?? "nothing", run.version, p.actual ?? "nothing"))
            guard device != nil else { continue }
            lines += p.changes.map { "  libinput \($0.release), \($0.commit): \($0.effect)" }
            if p.changes.isEmpty {
                lines.append(
                    "  no change between them that TouchSynth knows gives this: "
                        + "touchsynth explain --libinput \(p.against),\(p.libinput) says what each decided")
            }
            lines += p.further.map { f in
                String(format: "  and at event %d (+%.3f s): ", f.index, f.time)
                    + "libinput \(f.change.release), \(f.change.commit): \(f.change.effect)"
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
