import AppEventInvariants
import AppEvents
import ArgumentParser
import Diffs
import Foundation
import Gestures
import LibinputEventText
import LibinputEvents
import MockedDevices
import ModeComparison
import Quirks
import Recordings
import Report
import SurfaceDescriptions

/// `touchsynth compare --libinput A,B REC…`: each recording replayed once per libinput version.
extension Compare {
    func compareVersions(_ builds: [LibinputBuild], description: SurfaceDescription) throws {
        let configuration = description.translatorConfiguration(screen: .defaultScreen)
        var differing = 0, violations = 0
        var files = PassingOver()
        if json { try emit(JSONLines.header("compareVersions")) }
        for path in recordings {
            let compared = try files.attempt { () throws -> VersionComparison in
                var runs: [VersionComparison.Run] = []
                let file = try RecordingOrCapture(path: path)
                try refuseCapture(file, at: path)
                let loaded = try file.recording(description: input.desc, node: input.node)
                warn(loaded.notes, in: path)
                for build in builds {
                    let options = replayOptions(
                        clock: clock, libinput: build, config: config, empty: empty, log: log, quirks: quirks)
                    let events = try replayed(loaded, from: path, window: window, options: options).replay.events
                    let pipeline = try ModePipeline.run(
                        events, configuration: configuration, options: .init(checksInvariants: check),
                        makeSurface: description.makeSurface)
                    for lane in pipeline.lanes {
                        lane.violations.forEach {
                            writeStderr("touchsynth: \(path): libinput \(build.version): \(lane.mode.rawValue): \($0)")
                        }
                        violations += lane.violations.count
                    }
                    runs.append(
                        VersionComparison.Run(version: build.version, events: events, report: pipeline.comparison))
                }
                return VersionComparison(
                    runs: runs, device: loaded.device, quirks: LibinputQuirks.load(for: loaded.device),
                    configuration: config.configuration)
            }
            guard let versions = compared else { continue }
            if !versions.allSame { differing += 1 }
            if json {
                try emit(JSONLines.line(VersionComparison.Line(recording: path, comparison: versions)))
            } else {
                try emit("== \(path)")
                try emit(versions.renderTable())
            }
        }
        try files.check()
        if (failOnDiff && differing > 0) || violations > 0 { throw ExitCode(ExitStatus.differs) }
    }
}
