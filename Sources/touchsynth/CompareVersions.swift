import AppEventInvariants
import AppEvents
import ArgumentParser
import Foundation
import Gestures
import LibinputEvents
import MockedDevices
import ModeComparison
import Report
import SurfaceDescriptions

/// `touchsynth compare --libinput A,B REC…`: each recording replayed once per libinput version.
extension Compare {
    func compareVersions(_ builds: [LibinputBuild], description: SurfaceDescription) throws {
        let comparison = Comparison { reportingErrors { try description.makeSurface() } }
        let configuration = translatorConfiguration(for: description, screen: .defaultScreen)
        var differing = 0, violations = 0
        var failure: Int32?
        for path in recordings {
            var runs: [VersionComparison.Run] = []
            do {
                let input = try RecordingOrCapture(path: path)
                if input.isCapture {
                    fail("\(path): a capture holds one libinput's events; comparing versions takes recordings", code: ExitStatus.usage)
                }
                let recording = try input.recording()
                warn(recording.notes, in: path)
                for build in builds {
                    let events = try replayEvents(.recording(recording), options: replayOptions(clock: clock, libinput: build, config: config)).events
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
                emit(JSONLines.line(VersionsLine(recording: path, comparison: versions)))
            } else {
                emit("== \(path)")
                emit(versions.renderTable())
            }
        }
        if let failure { throw ExitCode(failure) }
        if (failOnDiff && differing > 0) || violations > 0 { throw ExitCode(ExitStatus.differs) }
    }
}

/// One line of `compare --libinput A,B --json`: per version its gestures and each mode's
/// recognizers, and where each later version parts from the first (`null`: the same events).
private struct VersionsLine: Encodable {
    var recording: String
    var comparison: VersionComparison

    private struct Version: Encodable {
        var libinput: String
        var events: Int
        var gestures: [String]
        var compat: [String]
        var indirect: [String]
    }

    private enum Key: String, CodingKey {
        case recording, versions, partings
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(recording, forKey: .recording)
        try c.encode(comparison.runs.map { run in
            Version(libinput: run.version, events: run.events.count, gestures: VersionComparison.gestureSequence(run.events),
                    compat: VersionComparison.fired(run.report, in: .compatibility),
                    indirect: VersionComparison.fired(run.report, in: .indirectInput))
        }, forKey: .versions)
        try c.encode(comparison.partings, forKey: .partings)
    }
}
