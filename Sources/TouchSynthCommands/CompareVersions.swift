import AppEventInvariants
import AppEvents
import ArgumentParser
import Foundation
import Gestures
import LibinputEvents
import MockedDevices
import ModeComparison
import Recordings
import Report
import SurfaceDescriptions

/// `touchsynth compare --libinput A,B REC…`: each recording replayed once per libinput version.
extension Compare {
    func compareVersions(_ builds: [LibinputBuild], description: SurfaceDescription) throws {
        let comparison = Comparison { reportingErrors { try description.makeSurface() } }
        let configuration = description.translatorConfiguration(screen: .defaultScreen)
        var differing = 0, violations = 0
        var failure: Int32?
        if json { emit(JSONLines.header("compareVersions")) }
        for path in recordings {
            var runs: [VersionComparison.Run] = []
            do {
                let file = try RecordingOrCapture(path: path)
                if file.isCapture {
                    fail("\(path): a capture holds one libinput's events; comparing versions takes recordings", code: ExitStatus.usage)
                }
                let recording = try window.cut(file.recording(description: input.desc, node: input.node), path: path)
                warn(recording.notes, in: path)
                try empty.check(recording, path: path)
                for build in builds {
                    let events = try replayEvents(.recording(recording), from: path, options: replayOptions(clock: clock, libinput: build, config: config, log: log)).events
                    runs.append(VersionComparison.Run(version: build.version, events: events, report: comparison.compare(events, configuration: configuration)))
                }
            } catch {
                let (message, code) = ExitStatus.failure(for: error)
                writeStderr("touchsynth: \(message)")
                failure = failure ?? code
                continue
            }
            if check {
                for run in runs {
                    for mode in DeliveryMode.allCases {
                        let found = InvariantChecker.violations(in: Comparison.appEvents(run.events, mode: mode, configuration: configuration), mode: mode)
                        found.forEach { writeStderr("touchsynth: \(path): libinput \(run.version): \(mode.rawValue): \($0)") }
                        violations += found.count
                    }
                }
            }
            let versions = VersionComparison(runs: runs)
            if !versions.allSame { differing += 1 }
            if json {
                emit(JSONLines.line(VersionComparison.Line(recording: path, comparison: versions)))
            } else {
                emit("== \(path)")
                emit(versions.renderTable())
            }
        }
        if let failure { throw ExitCode(failure) }
        if (failOnDiff && differing > 0) || violations > 0 { throw ExitCode(ExitStatus.differs) }
    }
}
