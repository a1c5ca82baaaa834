import ArgumentParser
import Diffs
import LibinputEventText
import MockedDevices
import ModeComparison
import Recordings
import Report
import SurfaceDescriptions

/// `touchsynth compare --libinput A,B REC…`: each recording replayed once per libinput version.
extension Compare {
    func compareVersions(_ builds: [LibinputBuild], description: SurfaceDescription) throws {
        let configuration = description.translatorConfiguration(screen: screen.size)
        var tally = ComparisonTally()
        var files = PassingOver()
        let options = try builds.map { try self.options(build: $0) } // --with devices read once, not per recording
        if json { try emitJSONHeader("compareVersions") }
        for path in recordings {
            let compared = try files.attempt { () throws -> VersionComparison in
                let file = try RecordingOrCapture(path: path)
                try refuseCapture(isCapture: file.isCapture, at: path, alone: true)
                let loaded = try file.recording(description: input.desc, node: input.node)
                warn(loaded.notes, in: path)
                return try VersionComparison.run(
                    loaded, versions: builds.map(\.version), configuration: configuration,
                    deviceConfiguration: config.configuration, options: appOptions,
                    makeSurface: description.makeSurface,
                    replay: { try replayed(loaded, from: path, window: window, options: options[$0]).replay.events },
                    quirks: { index in try .applied(to: loaded, options: options[index]) },
                    found: { findings in
                        tellViolations(findings.checkLines, in: path)
                        tally.violations += findings.violationCount
                    })
            }
            guard let versions = compared else { continue }
            tally.differences += versions.differenceCount
            if json {
                try emit(JSONLines.line(VersionComparison.Line(recording: path, comparison: versions)))
            } else {
                try emit(FileHeader.line(path))
                try emit(versions.renderTable())
            }
        }
        try files.check()
        if tally.failed(failOnDiff: failOnDiff) { throw ExitCode(ExitStatus.differs) }
    }
}
