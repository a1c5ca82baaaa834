import ArgumentParser
import Benchmarks
import Foundation
import LibinputEventText
import Report
import MockedDevices
import Recordings
import ViewPublishing

/// `touchsynth bench`: the speed and memory figures the project reports, measured on recordings.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure parsing, replays on both clocks, translation and recognizer throughput, and peak memory.",
        discussion: """
            Virtual clock: every recording replayed, wall time over their summed duration, and the harness's CPU time \
            over libinput's. Real time: wall time over the longest recording's duration, frame lateness, latency. \
            Parse: frames per second over all recordings, and over the longest repeated to a minute in each format. \
            Translate: libinput events per second through both modes and the canvas screen.
            """)

    @Argument(help: "Recordings (default: the evemu-devices and synthesized fixtures).") var recordings: [String] = []
    @Option(parsing: .unconditional, help: "Runs of each measurement.") var runs = 5
    @Flag(help: Help.json) var json = false
    @Flag(help: "Also replay a synthesized 1-hour recording on the virtual clock: wall time, CPU per frame, memory.")
    var hour = false
    @Flag(help: "Only the synthesized hour (no other replays, no throughput).") var hourOnly = false
    @Option(parsing: .unconditional, help: "Events in the synthetic translator/recognizer throughput stream (1000000).")
    var events: Int?
    @Flag(help: "Only the translator/recognizer throughput figures (no replays).") var throughputOnly = false
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only the view's live stream: a recording's events (session.yml) through the view's model, published at "
                + "--events-per-second for SECONDS to one WebSocket client.",
            valueName: "seconds")) var viewStream: Double?
    @Option(parsing: .unconditional, help: "Events per second for --view-stream (1000).") var eventsPerSecond: Double?
    @Option(parsing: .unconditional, help: .hidden) var rate: Double?

    func validate() throws {
        guard (1...1000).contains(runs) else { throw ValidationError("--runs must be within 1 and 1000") }
        let only = [
            ("--hour-only", hourOnly), ("--throughput-only", throughputOnly), ("--view-stream", viewStream != nil),
        ]
        .filter(\.1).map(\.0)
        if only.count > 1 {
            throw ValidationError("--hour-only, --throughput-only and --view-stream each measure one thing: give one")
        }
        let recorded = viewStream == nil ? !recordings.isEmpty : recordings.count > 1
        let besides = recorded ? (viewStream == nil ? "recordings" : "more than one recording") : hour ? "--hour" : nil
        if let named = only.first, let besides, named != "--hour-only" || recorded {
            throw ValidationError("\(named) measures one thing alone: it takes no \(besides)")
        }
        if let events, !(1000...1_000_000_000).contains(events) {
            throw ValidationError("--events must be within 1000 and 10^9")
        }
        if events != nil && (hourOnly || viewStream != nil) {
            throw ValidationError("--events sizes the throughput stream, which \(only[0]) does not run")
        }
        if (eventsPerSecond ?? rate) != nil && viewStream == nil {
            throw ValidationError("\(rate != nil ? "--rate" : "--events-per-second") goes with --view-stream")
        }
        if let viewStream, !Benchmark.viewStreamSeconds.contains(viewStream) {
            throw ValidationError("--view-stream takes more than 0 and at most \(RecordingStream.secondsLimit) seconds")
        }
        if rate != nil, eventsPerSecond != nil {
            throw ValidationError("--rate is the old spelling of --events-per-second: give one of them")
        }
        guard Benchmark.viewStreamRates.contains(streamRate) else {
            throw ValidationError("--events-per-second takes 0.01 to 100000")
        }
        // Said here, once, before the measurement's own output.
        if rate != nil { deprecated("--rate (bench)", use: "--events-per-second") }
    }

    func run() throws {
        let benchmark = Benchmark(runs: runs, events: events ?? 1_000_000)
        if throughputOnly { return try report(benchmark.throughput(), header: benchmark.throughputHeader) }
        if let viewStream {
            let makeServer = try ViewServers.maker()
            let path = try recordings.first ?? Benchmark.bundled("Tests/Fixtures/synthesized/session.yml")
            let recording = try Benchmark.recording(at: path)
            return try report(
                try {
                    try benchmark.viewStream(recording: recording, seconds: viewStream, rate: streamRate) {
                        title throws(ViewServerError) in try makeServer(title, "127.0.0.1", 0)
                    }
                }(), header: "view stream, \(path)")
        }
        if hourOnly { return try report(try benchmark.hourReplay(), header: "synthesized hour, 1 run") }
        let (figures, header) = try benchmark.suite(recordings, hour: hour)
        try report(figures, header: header)
    }

    private func report(_ figures: [BenchFigure], header: String) throws {
        if allocationCount() == nil {
            writeStderr(
                "touchsynth: warning: allocations are counted only with LD_PRELOAD=libtouchsynth-alloc-count.so "
                    + "(tools/bench does this)"
            )
        }
        try emit(json ? try JSONLines.document("bench", figures) : BenchFigure.table(figures, header: header))
    }

    /// The view stream's events per second: 1000 unless given.
    private var streamRate: Double { eventsPerSecond ?? rate ?? 1000 }
}
