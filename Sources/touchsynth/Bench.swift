import ArgumentParser
import DeviceRecording
import Foundation
import Gestures
import LibinputEvents

/// `touchsynth bench`: the speed and memory figures the project reports, measured on recordings.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure parsing, replay timing, translation and recognizer throughput, and peak memory.",
        discussion: "Replay: wall time over the recording's duration and the worst frame lateness, per run. Parse: frames per second over all recordings. Translate: libinput events per second through both modes and the default surface.")

    @Argument(help: "Recordings (default: every recording under Tests/Fixtures).") var recordings: [String] = []
    @Option(help: "Runs of each measurement.") var runs = 5
    @Flag(help: "JSON Lines output.") var json = false

    struct Figure {
        var name: String
        var unit: String
        var samples: [Double]

        var sorted: [Double] { samples.sorted() }
        var min: Double { sorted.first ?? 0 }
        var median: Double { sorted.isEmpty ? 0 : sorted[sorted.count / 2] }
        var max: Double { sorted.last ?? 0 }
    }

    func run() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        let paths = recordings.isEmpty ? Self.bundledRecordings() : recordings
        guard !paths.isEmpty else { throw ValidationError("no recordings given and none under Tests/Fixtures") }
        let loaded = reportingErrors { try paths.map { ($0, try RecordingLoader.load($0)) } }

        var figures: [Figure] = []
        figures.append(measureParsing(paths, frames: loaded.reduce(0) { $0 + $1.1.frames.count }))

        // Replay timing on the longest recording: it spans the most frames and timer work.
        let (longestPath, longest) = loaded.max { $0.1.duration < $1.1.duration }!
        var overhead = Figure(name: "replay wall time over recording duration", unit: "s", samples: [])
        var lateness = Figure(name: "replay worst frame lateness", unit: "µs", samples: [])
        for _ in 0..<runs {
            let report = reportingErrors { try captureLibinputEvents(of: longest, name: longestPath).report }
            overhead.samples.append(report.wallSeconds - Double(longest.duration) / 1e6)
            lateness.samples.append(Double(report.maxLatenessMicros))
        }
        figures += [overhead, lateness]

        let streams = reportingErrors { try loaded.map { try captureLibinputEvents(of: $0.1, name: $0.0).events } }
        figures.append(measureTranslation(streams))

        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        figures.append(Figure(name: "peak memory, touchsynth", unit: "MiB", samples: [Double(usage.ru_maxrss) / 1024]))
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        figures.append(Figure(name: "peak memory, libinput child", unit: "MiB", samples: [Double(usage.ru_maxrss) / 1024]))

        if json {
            for f in figures {
                emit(JSON.object([("name", .string(f.name)), ("unit", .string(f.unit)), ("min", .number(f.min)),
                                  ("median", .number(f.median)), ("max", .number(f.max)), ("runs", .int(Int64(f.samples.count)))]).render())
            }
            return
        }
        emit("\(paths.count) recordings, \(runs) runs each; replay figures on the longest, \(URL(fileURLWithPath: longestPath).lastPathComponent)")
        emit("figure".padding(toLength: 58, withPad: " ", startingAt: 0) + "      min   median      max  unit")
        for f in figures {
            emit(f.name.padding(toLength: 58, withPad: " ", startingAt: 0) + String(format: "%9.3f%9.3f%9.3f  ", f.min, f.median, f.max) + f.unit)
        }
    }

    private func measureParsing(_ paths: [String], frames: Int) -> Figure {
        var figure = Figure(name: "parse recordings (all formats)", unit: "Mframes/s", samples: [])
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            for path in paths { _ = try? RecordingLoader.load(path) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            figure.samples.append(Double(frames) / seconds / 1e6)
        }
        return figure
    }

    private func measureTranslation(_ streams: [[LibinputEvent]]) -> Figure {
        let total = streams.reduce(0) { $0 + $1.count }
        var figure = Figure(name: "translate both modes + default surface (\(total) events)", unit: "Mevents/s", samples: [])
        let comparison = Comparison { Surface.standard(screen: (1440, 900)) }
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            for events in streams {
                let (compat, indirect) = translateBothModes(events)
                _ = comparison.compare(compat: compat, indirect: indirect)
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            figure.samples.append(Double(total) / seconds / 1e6)
        }
        return figure
    }

    /// Every recording with events under Tests/Fixtures of the current directory.
    static func bundledRecordings() -> [String] {
        let root = "Tests/Fixtures"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") || $0.hasSuffix(".yml") }
            .sorted().map { "\(root)/\($0)" }
    }
}
