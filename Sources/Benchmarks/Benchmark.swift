import Histograms
import AppEvents
import Foundation
import GestureSynthesis
import Gestures
import LibinputEvents
import Replays
import ModeComparison
import OutputFiles
import Recordings
import MonotonicClock

/// The speed and memory figures the project reports (`touchsynth bench`, docs/performance.md),
/// measured on recordings and on a synthetic stream.
public struct Benchmark: Sendable {
    /// Runs of each measurement.
    public var runs: Int
    /// Events in the synthetic translator and recognizer stream.
    public var events: Int

    public init(runs: Int = 5, events: Int = 1_000_000) {
        self.runs = runs
        self.events = events
    }

    /// `explain` against `replay` of the same recordings: both whole library calls, wall time.
    private func explaining(_ recordings: [(path: String, recording: Recording)]) throws(HarnessError) -> BenchFigure {
        var figure = BenchFigure(
            name: "explain over replay: wall time, all \(recordings.count) recordings", unit: "ratio")
        let clock = ContinuousClock()
        for _ in 0..<runs {
            var replaying = Duration.zero, explaining = Duration.zero
            for (path, recording) in recordings {
                var failure: HarnessError?
                replaying += clock.measure {
                    do throws(HarnessError) { _ = try Replay(.recording(recording)) } catch { failure = error }
                }
                explaining += clock.measure {
                    do throws(HarnessError) {
                        _ = try Replay.explain(recording, named: path, options: ReplayOptions())
                    } catch { failure = error }
                }
                if let failure { throw failure }
            }
            figure.samples.append(explaining / replaying)
        }
        return figure
    }

    /// The figures of replays and translation on `recordings` (each loaded from its path):
    /// parsing, both clocks, translation, latency, and both processes' peak memory.
    public func replayFigures(
        _ recordings: [(path: String, recording: Recording)]
    ) throws(HarnessError) -> [BenchFigure] {
        var figures = [parsing(recordings)]
        var childPeakKiB = 0
        var streams: [[LibinputEvent]] = []
        let duration = Double(recordings.reduce(0) { $0 + $1.recording.duration }) / 1e6
        var virtualWall = BenchFigure(
            name: String(
                format: "virtual clock: replay wall time over duration, all %d recordings (%.1f s)",
                recordings.count, duration), unit: "ratio")
        var cpu = BenchFigure(name: "virtual clock: harness CPU time over libinput side's", unit: "ratio")
        for _ in 0..<runs {
            var wall = 0.0, harnessCPU = 0.0, programCPU = 0.0
            streams = []
            for (_, recording) in recordings {
                let replay = try Replay(.recording(recording))
                wall += replay.report.wallSeconds
                harnessCPU += replay.report.harnessCPUSeconds
                programCPU += replay.report.programCPUSeconds
                childPeakKiB = Swift.max(childPeakKiB, replay.report.programPeakKiB ?? 0)
                streams.append(replay.events)
            }
            virtualWall.samples.append(wall / duration)
            cpu.samples.append(harnessCPU / programCPU)
        }
        figures += [virtualWall, cpu, try explaining(recordings)]

        var realTime = ReplayOptions()
        realTime.timing.clock = .real
        // Real time on the longest recording: it spans the most frames and timer work.
        guard let longest = recordings.max(by: { $0.recording.duration < $1.recording.duration })?.recording else {
            return figures
        }
        var overhead = BenchFigure(name: "real time: replay wall time beyond the recording's duration", unit: "s")
        var worst = BenchFigure(name: "real time: replay worst frame lateness", unit: "µs")
        for _ in 0..<runs {
            let report = try Replay(.recording(longest), options: realTime).report
            childPeakKiB = Swift.max(childPeakKiB, report.programPeakKiB ?? 0)
            overhead.samples.append(report.wallSeconds - Double(longest.duration) / 1e6)
            worst.samples.append(Double(report.maxLatenessMicros))
        }
        figures += [overhead, worst]

        var lateness = DelayHistogram()
        var latency = LatencyLog.Pool()
        for (_, recording) in recordings {
            lateness.merge(try measureLatency(recording, into: &latency).lateness)
        }
        figures.append(
            BenchFigure(
                name: "real time: frame delivery error p50, \(lateness.count) frames of \(recordings.count) recordings",
                unit: "µs",
                samples: [Double(lateness.percentile(0.5))]))
        figures.append(
            BenchFigure(
                name: "real time: frame delivery error p99", unit: "µs", samples: [Double(lateness.percentile(0.99))]))
        figures.append(
            BenchFigure(name: "real time: frame delivery error max", unit: "µs", samples: [Double(lateness.maximum)]))
        figures.append(translation(streams))
        let events = "\(latency.fromAvailability.count) events of \(recordings.count) recordings"
        figures.append(
            BenchFigure(
                name: "real time: latency available → app events p50, \(events)", unit: "µs",
                samples: [latency.availability(0.5)]))
        figures.append(
            BenchFigure(
                name: "real time: latency available → app events p99", unit: "µs",
                samples: [latency.availability(0.99)]))
        figures.append(
            BenchFigure(
                name: "peak memory, touchsynth (bench, all recordings loaded)", unit: "MiB",
                samples: [Double(PeakMemory.ofThisProcess() ?? 0) / 1024]))
        figures.append(
            BenchFigure(name: "peak memory, libinput side", unit: "MiB", samples: [Double(childPeakKiB) / 1024]))
        return figures
    }

    private func parsing(_ recordings: [(path: String, recording: Recording)]) -> BenchFigure {
        let frames = recordings.reduce(0) { $0 + $1.recording.frames.count }
        var figure = BenchFigure(name: "parse recordings (all formats)", unit: "Mframes/s")
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            for (path, _) in recordings { _ = try? RecordingLoader.load(path) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            figure.samples.append(Double(frames) / seconds / 1e6)
        }
        return figure
    }

    private func translation(_ streams: [[LibinputEvent]]) -> BenchFigure {
        let total = streams.reduce(0) { $0 + $1.count }
        var figure = BenchFigure(name: "translate both modes + canvas surface (\(total) events)", unit: "Mevents/s")
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            for events in streams { _ = ModePipeline.run(events) { Surface.builtIn(.canvas) }.comparison }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            figure.samples.append(Double(total) / seconds / 1e6)
        }
        return figure
    }

    /// Replays `recording` in real time, translating each event in both modes as it arrives, as
    /// `replay --mode both --latency` does: each event's latency from its availability pooled.
    private func measureLatency(
        _ recording: Recording, into pool: inout LatencyLog.Pool
    ) throws(HarnessError) -> ReplayReport {
        var options = ReplayOptions()
        options.timing.clock = .real
        var translators = DeliveryMode.allCases.map { AppEventTranslator(mode: $0) }
        return try Replay.stream(.recording(recording), options: options) { output in
            guard case .event(let event, let availableAt) = output else { return }
            for i in translators.indices { _ = translators[i].translate(event) }
            let now = MonotonicClock.now()
            pool.add(
                nanosFromAvailability: now - Int64(availableAt), microsFromTimestamp: now / 1000 - Int64(event.time))
        }
    }

    /// Synthesizes an hour of pinches, rotations, scrolls and swipes on a real description,
    /// writes it frame by frame, and replays it on the virtual clock, each event translated in
    /// both modes: its wall time, and the peak memory of this process and of the libinput side.
    /// Run it first: this process's peak is read after it.
    public func hourReplay(description path: String) throws -> [BenchFigure] {
        let device = try RecordingLoader.load(path).device
        let cycle =
            "pinch scale=1.6; rotate angle=60deg; scroll fingers=2 dy=20mm; swipe fingers=3 distance=30mm; pause 500ms"
        // Each cycle takes about 3.9 s with the default 300 ms gaps.
        let script = try GestureScript.parse(Array(repeating: cycle, count: 925).joined(separator: "\n"), file: "hour")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-hour-\(getpid()).yml")
        defer { try? FileManager.default.removeItem(at: file) }
        let duration: UInt64
        do {
            let recording = try GestureSynthesizer.synthesize(script, on: device, file: "hour")
            duration = recording.duration
            let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            defer { close(fd) }
            var stream = FileTextStream(fd: fd)
            RecordingFormat.yaml.write(recording, to: &stream)
            stream.flush()
            if let code = stream.failure { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        }
        var translators = DeliveryMode.allCases.map { AppEventTranslator(mode: $0) }
        let report = try Replay.stream(.file(file.path)) { output in
            guard case .event(let event, _) = output else { return }
            for i in translators.indices { _ = translators[i].translate(event) }
        }
        let hours = Double(duration) / 3.6e9
        let frames = Double(max(report.framesDelivered, 1))
        return [
            BenchFigure(
                name: String(format: "virtual clock: %.2f h replay, wall time", hours), unit: "s",
                samples: [report.wallSeconds]),
            BenchFigure(
                name: "virtual clock: hour, CPU per frame, libinput side (\(report.framesDelivered) frames)",
                unit: "µs",
                samples: [report.programCPUSeconds / frames * 1e6]),
            BenchFigure(
                name: "virtual clock: hour, CPU per frame, harness and both translators, user", unit: "µs",
                samples: [(report.harnessCPUSeconds - report.harnessSystemCPUSeconds) / frames * 1e6]),
            BenchFigure(
                name: "virtual clock: hour, CPU per frame, harness and both translators, system", unit: "µs",
                samples: [report.harnessSystemCPUSeconds / frames * 1e6]),
            BenchFigure(
                name: String(format: "virtual clock: %.2f h replay, peak memory, touchsynth", hours), unit: "MiB",
                samples: [Double(PeakMemory.ofThisProcess() ?? 0) / 1024]),
            BenchFigure(
                name: String(format: "virtual clock: %.2f h replay, peak memory, libinput side", hours), unit: "MiB",
                samples: [Double(report.programPeakKiB ?? 0) / 1024]),
        ]
    }

    /// The bundled real and synthesized recordings (`Tests/Fixtures/evemu-devices` and
    /// `synthesized`), there when the benchmark runs from the repository's root.
    public static func bundledRecordings() throws(RecordingError) -> [String] {
        let directories = try ["Tests/Fixtures/evemu-devices", "Tests/Fixtures/synthesized"].map(bundled)
        return directories.flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
                .filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") || $0.hasSuffix(".yml") }
                .sorted().map { "\(dir)/\($0)" }
        }
    }
}
