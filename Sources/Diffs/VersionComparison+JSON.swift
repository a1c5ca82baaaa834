import LibinputDecisions
import LibinputEventText
extension VersionComparison {
    /// One line of `compare --libinput A,B --json`: per version its gestures and each mode's
    /// recognizers, and where each later version parts from the one before it (`null`: the same
    /// events).
    public struct Line: Encodable {
        public var recording: String
        public var comparison: VersionComparison

        public init(recording: String, comparison: VersionComparison) {
            self.recording = recording
            self.comparison = comparison
        }

        private struct Version: Encodable {
            var libinput: String
            var events: Int
            var gestures: [String]
            var compat: [String]
            var indirect: [String]
            var modesDiffer: [String]
            var accidentalActivations: Int
        }

        private enum Key: String, CodingKey {
            case recording, versions, partings
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(recording, forKey: .recording)
            try c.encode(
                comparison.runs.map { run in
                    Version(
                        libinput: run.version, events: VersionParting.shownEvents(run.events).count,
                        gestures: ReportedGesture.sequence(of: run.events).map(\.description),
                        compat: VersionComparison.fired(run.report, in: .compatibility),
                        indirect: VersionComparison.fired(run.report, in: .indirectInput),
                        modesDiffer: run.report.differences,
                        accidentalActivations: run.report.accidentalActivationCount)
                }, forKey: .versions)
            try c.encode(comparison.partings, forKey: .partings)
        }
    }
}
