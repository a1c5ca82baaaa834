import ArgumentParser
import Benchmarks
import Foundation
import Replays
import Recordings

/// `touchsynth replay REC`: a recording through real libinput, printed like `debug`.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recording through real libinput (mocked device, no root) and print the events.")

    @Argument(help: Help.recording) var recording: String
    @OptionGroup var input: LogInputOptions
    @OptionGroup var replay: ReplayRunOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Print the harness's measurements to stderr.") var stats = false
    @Flag(
        help: """
            The recording is a `libinput record --with-libinput` file: instead of the events, print where this run's \
            libinput events part from those recorded on the reporter's machine (played as delivered, tapping on as \
            libinput record has it). Exit status 1 when they differ.
            """)
    var withLibinput = false

    func validate() throws {
        try replay.libinput.check(several: false)
        // On the virtual clock every frame is read the instant it is stamped.
        if output.latency != nil && !replay.clock.realTime {
            throw ValidationError("--latency measures real-time delivery: add --real-time")
        }
        if withLibinput
            && (!replay.others.isEmpty || !replay.unplug.isEmpty || !replay.synDropped.isEmpty || output.latency != nil
                || output.mode.modes.count > 0)
        {
            throw ValidationError(
                "--with-libinput compares libinput events alone: without --with, faults, --mode or --latency")
        }
    }

    func run() throws {
        try requireReadable([recording, input.desc] + replay.others + replay.quirks.files)
        if withLibinput { return try compareWithRecordedLibinput() }
        let options = try replay.options()
        // A latency file that cannot be written ends the command before anything is printed.
        let latency = try output.latency.map(openLatencyLog)
        let printer = try output.printer()
        var printing = FirstFailure()
        let report = try Replay.stream(try replay.source(recording, input), options: options) { output in
            switch output {
            case .event(let event, let availableAt):
                printing.attempt { try printer.handle(event) { latency?.record(event, availableAt: availableAt) } }
            case .log(let message):
                showLibinputLog(message, from: recording, verbose: replay.log.verbose)
            }
        }
        try printing.check()
        warn(report.notes, in: recording)
        try printer.finish()
        if let latency {
            try finishLatencyLog(latency, path: output.latency ?? "")
            writeStderr(latency.pool.summary(writeAhead: options.timing.writeAhead))
        }
        if stats { printStats(report) }
        try endIfInterrupted(report)
        if output.check {
            for violation in printer.invariantViolations { writeStderr("invariant: \(violation)") }
            if !printer.invariantViolations.isEmpty { throw ExitCode(1) }
        }
    }
}

/// What shapes a replay, shared by `replay` and `view`: the log's device, the clock and speed,
/// libinput's version and configuration, other devices and faults.
struct ReplayRunOptions: ParsableArguments {
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup(title: "Device configuration") var quirks: QuirksOptions
    @Flag(
        help: """
            The recording is what a kernel delivered (libinput record of a device): play it as it is, without the \
            kernel input core's filtering.
            """
    )
    var asDelivered = false
    @Option(help: "Playback speed, up to 10 (2 = twice as fast; libinput's timers then see compressed time).")
    var speed = 1.0
    @OptionGroup var clock: ClockOptions
    @OptionGroup var libinput: LibinputOptions
    @OptionGroup var empty: EmptyRecordingOptions
    @OptionGroup var log: LogOptions
    @OptionGroup var window: WindowOptions
    @Option(
        name: .customLong("with"),
        help: ArgumentHelp(
            "Another recorded device played at the same time (both first frames at once), e.g. a keyboard, as "
                + "/dev/input/event11 and up (repeatable).",
            valueName: "recording")) var others: [String] = []
    @Option(
        help: ArgumentHelp(
            "Unplug a device at SECONDS into the replay: the recording's, or eventN (11 is the first --with).",
            valueName: "seconds[@eventN]")) var unplug: [FaultSpec] = []
    @Option(
        help: ArgumentHelp(
            "Overflow a device's event buffer at SECONDS, losing MS milliseconds of frames (default 50): its reader "
                + "gets SYN_DROPPED.",
            valueName: "seconds[+ms][@eventN]")) var synDropped: [FaultSpec] = []
    @Option(
        help: ArgumentHelp(
            "A udev property for the recording's device, as a udev rule would set it: ID_INPUT_* or LIBINPUT_*, what "
                + "libinput reads (repeatable).",
            valueName: "key=value")) var udevProperty: [UdevProperty] = []

    func validate() throws {
        // Faster, libinput falls behind the pty's 4 KiB buffer and evdev framing breaks.
        guard speed.isFinite, speed >= 0.01, speed <= 10 else {
            throw ValidationError("--speed must be within 0.01 and 10")
        }
        guard others.count <= 8 else { throw ValidationError("at most 8 --with devices") }
        guard unplug.allSatisfy({ $0.lost == nil }) else {
            throw ValidationError("--unplug takes SECONDS[@eventN], without +MS")
        }
    }

    /// What to replay of `recording`: the file, streamed, or the window of it asked for.
    func source(_ recording: String, _ input: LogInputOptions) throws -> ReplaySource {
        guard window.isSet else { return .file(recording, description: input.desc, device: input.node) }
        return .recording(
            try window.cut(RecordingLoader.load(recording, description: input.desc, node: input.node), path: recording))
    }

    /// The replay's options on `build`, else on the one libinput version asked for (built when it
    /// is not yet).
    func options(build: LibinputBuild? = nil) throws -> ReplayOptions {
        var options = replayOptions(
            clock: clock, libinput: try build ?? libinput.build(), config: config, empty: empty, log: log,
            quirks: quirks)
        options.timing.speed = speed
        options.asDelivered = asDelivered
        options.otherDevices = try others.map { path in
            guard window.isSet else { return .file(path) }
            return .recording(try window.cut(RecordingLoader.load(path), path: path))
        }
        options.udevProperties = Dictionary(udevProperty.map { ($0.key, $0.value) }) { $1 }
        options.faults =
            unplug.map { .removal(devnode: $0.devnode ?? ReplayOptions.device, at: $0.at) }
            + synDropped.map {
                .synDropped(devnode: $0.devnode ?? ReplayOptions.device, at: $0.at, lost: $0.lost ?? 50_000)
            }
        return options
    }
}

extension UdevProperty: ExpressibleByArgument {}

extension FaultSpec: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
