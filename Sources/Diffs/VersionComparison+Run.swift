import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Quirks
import Recordings

extension VersionComparison {
    /// What one version's replay showed beside its events, with invariants checked: each mode's
    /// invariant violations and what each left open only with libinput (``ModePipeline/checkLines``,
    /// each line after `libinput VERSION: `).
    public struct Findings: Sendable {
        public var version: String
        public var checkLines: [String]
        public var violationCount: Int
    }

    /// `recording` on each of `versions`: libinput's events from `replay` (given the version's
    /// index), through both modes' pipeline run with `options` and a surface from `makeSurface`
    /// each, compared (`compare --libinput A,B`), the changes of each step told with the device's
    /// quirks as its newer version applies them (`quirks`, given the version's index, asked of every
    /// version but the first, which no step ends at). Each version's ``Findings`` go to `found` as
    /// soon as its replay is through, so a later version that fails loses none of an earlier one's.
    public static func run(
        _ recording: Recording, versions: [String], configuration: AppEventTranslator.Configuration,
        deviceConfiguration: DeviceConfiguration, options: ModePipeline.Options,
        makeSurface: () throws -> Surface, replay: (Int) throws -> [LibinputEvent],
        quirks: (Int) throws -> LibinputQuirks, found: (Findings) throws -> Void
    ) throws -> VersionComparison {
        var runs: [Run] = []
        for (index, version) in versions.enumerated() {
            let events = try replay(index)
            let pipeline = try ModePipeline.run(
                events, configuration: configuration, options: options,
                makeSurface: makeSurface)
            try found(
                Findings(
                    version: version, checkLines: pipeline.checkLines.map { "libinput \(version): " + $0 },
                    violationCount: pipeline.violationCount))
            let applied = index == 0 ? LibinputQuirks() : try quirks(index)
            runs.append(Run(version: version, events: events, report: pipeline.comparison, quirks: applied))
        }
        return VersionComparison(
            runs: runs, device: recording.device, configuration: deviceConfiguration)
    }
}
