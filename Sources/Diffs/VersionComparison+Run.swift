import AppEventInvariants
import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Quirks
import Recordings

extension VersionComparison {
    /// An invariant one mode broke on one version's events.
    public struct Violation: Sendable {
        public var version: String
        public var mode: DeliveryMode
        public var violation: InvariantChecker.Violation
    }

    /// `recording` on each of `versions`: libinput's events from `replay` (given the version's
    /// index), through both modes' pipeline with a surface from `makeSurface` each, compared
    /// (`compare --libinput A,B`). With `checksInvariants`, what each mode broke on each version,
    /// and what each left open only with libinput (``ModePipeline/leftOpenNotes``), by version.
    public static func run(
        _ recording: Recording, versions: [String], configuration: AppEventTranslator.Configuration,
        deviceConfiguration: DeviceConfiguration, checksInvariants: Bool, makeSurface: () throws -> Surface,
        replay: (Int) throws -> [LibinputEvent]
    ) throws -> (comparison: VersionComparison, violations: [Violation], leftOpenNotes: [String]) {
        var runs: [Run] = [], violations: [Violation] = [], notes: [String] = []
        for (index, version) in versions.enumerated() {
            let events = try replay(index)
            let pipeline = try ModePipeline.run(
                events, configuration: configuration, options: .init(checksInvariants: checksInvariants),
                makeSurface: makeSurface)
            for lane in pipeline.lanes {
                violations += lane.violations.map { Violation(version: version, mode: lane.mode, violation: $0) }
            }
            notes += pipeline.leftOpenNotes.map { "libinput \(version): \($0)" }
            runs.append(Run(version: version, events: events, report: pipeline.comparison))
        }
        let comparison = VersionComparison(
            runs: runs, device: recording.device, quirks: LibinputQuirks.load(for: recording.device),
            configuration: deviceConfiguration)
        return (comparison, violations, notes)
    }
}
