import ArgumentParser
import Foundation
import GestureSynthesis
import AppEvents
import Gestures
import LibinputEvents
import MockedDevices
import ModeComparison
import Recordings
import SurfaceDescriptions

/// `touchsynth bench`: the speed and memory figures the project reports, measured on recordings.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure parsing, replays on both clocks, translation and recognizer throughput, and peak memory.",
        discussion: """
            Virtual clock: every recording replayed, wall time over their summed duration, and the harness's CPU time over \
            libinput's. Real time: wall time over the longest recording's duration, frame lateness, latency. Parse: frames \
            per second over all recordings. Translate: libinput events per second through both modes and the default surface.
            """)

    @Argument(help: "Recordings (default: every recording under Tests/Fixtures).") var recordings: [String] = []
    @Option(help: "Runs of each measurement.") var runs = 5
    @Flag(help: "JSON Lines output.") var json = false
    @Flag(help: "Also replay a synthesized 1-hour recording on the virtual clock: its wall time and peak memory.") var hour = false
    @Option(help: "Events in the synthetic translator/recognizer throughput stream.") var events = 1_000_000
    @Flag(help: "Only the translator/recognizer throughput figures (no replays).") var throughputOnly = false

    /// One measured figure over the runs; its JSON line: `name`, `unit`, `min`, `median`,
    /// `max` and `runs`.
    struct Figure: Encodable {
        var name: String
        var unit: String
        var samples: [Double]

        var sorted: [Double] { samples.sorted() }
        var min: Double { sorted.first ?? 0 }
        var median: Double { sorted.isEmpty ? 0 : sorted[sorted.count / 2] }
        var max: Double { sorted.last ?? 0 }

        private enum Key: String, CodingKey {
            case name, unit, min, median, max, runs
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(name, forKey: .name)
            try c.encode(unit, forKey: .unit)
            try c.encodeNumber(min, forKey: .min)
            try c.encodeNumber(median, forKey: .median)
            try c.encodeNumber(max, forKey: .max)
            try c.encode(samples.count, forKey: .runs)
        }
    }

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard events >= 1000, events <= 1_000_000_000 else { throw ValidationError("--events must be within 1000 and 10^9") }
    }

    func run() throws {
        if throughputOnly { return report(measureThroughput(events: events), header: "synthetic stream, \(runs) runs") }
        let paths = recordings.isEmpty ? Self.bundledRecordings() : recordings
        guard !paths.isEmpty else { fail("no recordings given, and none under Tests/Fixtures in the current directory", code: 66) }
        let loaded = reportingErrors { try paths.map { ($0, try RecordingLoader.load($0)) } }

        var figures: [Figure] = []
        figures.append(measureParsing(paths, frames: loaded.reduce(0) { $0 + $1.1.frames.count }))

        var childPeakKiB = 0
        var streams: [[LibinputEvent]] = []
        let duration = Double(loaded.reduce(0) { $0 + $1.1.duration }) / 1e6
        var virtualWall = Figure(name: String(format: "virtual clock: replay wall time over duration, all %d recordings (%.1f s)", loaded.count, duration),
                                 unit: "ratio", samples: [])
        var cpu = Figure(name: "virtual clock: harness CPU time over libinput side's", unit: "ratio", samples: [])
        for _ in 0..<runs {
            var wall = 0.0, harnessCPU = 0.0, programCPU = 0.0
            streams = reportingErrors {
                try loaded.map { path, recording in
                    let (events, report) = try replayEvents(.recording(recording), options: ReplayOptions()).parts
                    wall += report.wallSeconds
                    harnessCPU += report.harnessCPUSeconds
                    programCPU += report.programCPUSeconds
                    childPeakKiB = max(childPeakKiB, report.programPeakKiB ?? 0)
                    return events
                }
            }
            virtualWall.samples.append(wall / duration)
            cpu.samples.append(harnessCPU / programCPU)
        }
        figures += [virtualWall, cpu]

        var realTime = ReplayOptions()
        realTime.timing.clock = .real
        // Real time on the longest recording: it spans the most frames and timer work.
        let (longestPath, longest) = loaded.max { $0.1.duration < $1.1.duration }!
        var overhead = Figure(name: "real time: replay wall time over recording duration", unit: "s", samples: [])
        var worst = Figure(name: "real time: replay worst frame lateness", unit: "µs", samples: [])
        for _ in 0..<runs {
            let report = reportingErrors { () throws(HarnessError) in try replayEvents(.recording(longest), options: realTime).report }
            childPeakKiB = max(childPeakKiB, report.programPeakKiB ?? 0)
            overhead.samples.append(report.wallSeconds - Double(longest.duration) / 1e6)
            worst.samples.append(Double(report.maxLatenessMicros))
        }
        figures += [overhead, worst]

        var lateness = DelayHistogram()
        reportingErrors {
            for (_, recording) in loaded {
                lateness.merge(try replayEvents(.recording(recording), options: realTime).report.lateness)
            }
        }
        figures.append(Figure(name: "real time: frame delivery error p50, \(lateness.count) frames of \(loaded.count) recordings", unit: "µs",
                              samples: [Double(lateness.percentile(0.5))]))
        figures.append(Figure(name: "real time: frame delivery error p99", unit: "µs", samples: [Double(lateness.percentile(0.99))]))
        figures.append(Figure(name: "real time: frame delivery error max", unit: "µs", samples: [Double(lateness.maximum)]))
        figures.append(measureTranslation(streams))
        figures += reportingErrors { try measureLatency(loaded) }
        if hour { figures += reportingErrors { try measureHourReplay() } }

        figures.append(Figure(name: "peak memory, touchsynth (bench, all recordings loaded)", unit: "MiB",
                              samples: [Double(PeakMemory.ofThisProcess() ?? 0) / 1024]))
        figures.append(Figure(name: "peak memory, libinput child", unit: "MiB", samples: [Double(childPeakKiB) / 1024]))

        figures += measureThroughput(events: events)
        report(figures, header: "\(paths.count) recordings, \(runs) runs each; replay figures on the longest, \(URL(fileURLWithPath: longestPath).lastPathComponent)")
    }

    private func report(_ figures: [Figure], header: String) {
        if allocationCount() == nil {
            writeStderr("touchsynth bench: allocations are counted only with LD_PRELOAD=libtouchsynth-alloc-count.so (tools/bench does this)")
        }
        if json {
            for f in figures { emit(JSONLines.line(f)) }
            return
        }
        emit(header)
        let width = figures.map(\.name.count).max() ?? 0
        emit("figure".padding(toLength: width, withPad: " ", startingAt: 0) + "          min       median          max  unit")
        for f in figures {
            emit(f.name.padding(toLength: width, withPad: " ", startingAt: 0) + String(format: " %12.3f %12.3f %12.3f  ", f.min, f.median, f.max) + f.unit)
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
            for events in streams { _ = comparison.compare(events) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            figure.samples.append(Double(total) / seconds / 1e6)
        }
        return figure
    }

    /// Replays every recording in real time, as `replay --mode both --json --latency` does
    /// (output discarded), and pools the per-event latencies.
    private func measureLatency(_ loaded: [(String, Recording)]) throws -> [Figure] {
        var pool = LatencyLog.Pool()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-latency-\(getpid()).tsv").path
        defer { unlink(file) }
        var options = ReplayOptions()
        options.timing.clock = .real
        for (_, recording) in loaded {
            let output = ModeOutput(modes: DeliveryMode.allCases, json: true) { _ in }
            output.latency = LatencyLog(path: file)
            let report = try Replay.stream(.recording(recording), options: options) { reported in
                if case .event(let event, let availableAt) = reported { output.handle(event, availableAt: availableAt) }
            }
            endIfInterrupted(report)
            output.latency?.flush()
            output.latency = nil
            try pool.add(file: file)
        }
        let events = "\(pool.fromAvailability.count) events of \(loaded.count) recordings"
        return [
            Figure(name: "real time: latency available → app events p50, \(events)", unit: "µs", samples: [pool.availability(0.5)]),
            Figure(name: "real time: latency available → app events p99", unit: "µs", samples: [pool.availability(0.99)]),
        ]
    }

    /// Synthesizes an hour of pinches, rotations, scrolls and swipes on a real description,
    /// writes it frame by frame, and replays it on the virtual clock through `touchsynth replay
    /// --mode both --json` (output discarded): its wall time, and the peak memory of the replaying
    /// process and of its libinput child.
    private func measureHourReplay() throws -> [Figure] {
        let desc = "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
        let device = try RecordingLoader.load(desc).device
        let cycle = "pinch scale=1.6; rotate angle=60deg; scroll fingers=2 dy=20mm; swipe fingers=3 distance=30mm; pause 500ms"
        // Each cycle takes about 3.9 s with the default 300 ms gaps.
        let script = try GestureScript.parse(Array(repeating: cycle, count: 925).joined(separator: "\n"), file: "hour")
        let recording = try GestureSynthesizer.synthesize(script, on: device, file: "hour")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-hour-\(getpid()).yml").path
        defer { unlink(file) }
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CommandError(.system, "cannot create \(file)") }
        var chunk = LibinputRecordFormat.header(device: device, node: "/dev/input/event10")
        for frame in recording.frames {
            chunk += LibinputRecordFormat.frameText(frame)
            if chunk.utf8.count > 1 << 20 { guard writeAll(fd, chunk) else { break }; chunk = "" }
        }
        _ = writeAll(fd, chunk)
        close(fd)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: currentExecutable())
        process.arguments = ["replay", "--mode", "both", "--json", "--stats", file]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let match = stderr.firstMatch(of: /wall time ([0-9.]+) s.*peak RSS ([0-9.]+) MiB \(program ([0-9.]+) MiB\)/),
              let wall = Double(match.output.1), let own = Double(match.output.2), let child = Double(match.output.3) else {
            throw CommandError(.system, "the 1-hour replay failed: \(stderr)")
        }
        let hours = Double(recording.duration) / 3.6e9
        return [Figure(name: String(format: "virtual clock: %.2f h replay, wall time", hours), unit: "s", samples: [wall]),
                Figure(name: String(format: "virtual clock: %.2f h replay, peak memory, touchsynth", hours), unit: "MiB", samples: [own]),
                Figure(name: String(format: "virtual clock: %.2f h replay, peak memory, libinput child", hours), unit: "MiB", samples: [child])]
    }

    /// The bundled real and synthesized recordings (Tests/Fixtures/evemu-devices and
    /// synthesized, from the repository root).
    static func bundledRecordings() -> [String] {
        ["Tests/Fixtures/evemu-devices", "Tests/Fixtures/synthesized"].flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
                .filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") || $0.hasSuffix(".yml") }
                .sorted().map { "\(dir)/\($0)" }
        }
    }
}
