import ArgumentParser
import Benchmarks
import Foundation
import Replays
import Recordings
import SurfaceDescriptions

/// `touchsynth replay REC`: a recording through real libinput, printed like `debug`.
struct ReplayCommand: ParsableCommand, ReplayingCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recording through real libinput (mocked device, no root) and print the events.")

    @Argument(help: Help.recording) var recording: String
    @OptionGroup var input: LogInputOptions
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup(title: "Device configuration") var quirks: QuirksOptions
    @OptionGroup var clockOptions: ClockOptions
    var clock: ClockOptions? { clockOptions }
    @OptionGroup var libinput: LibinputOption
    @OptionGroup var empty: EmptyRecordingOptions
    @OptionGroup var log: LogOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var playback: PlaybackOptions
    @OptionGroup var with: OtherDevicesOptions
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
        try libinput.check(several: false)
        // The recorded events are the whole recording's, at its speed, alone on the seat; what
        // the reporter's machine may have had differently (quirks, settings, udev) can be asked.
        let changing =
            given([
                "--with": !with.others.isEmpty, "--unplug": !playback.unplug.isEmpty,
                "--syn-dropped": !playback.synDropped.isEmpty, "--start": window.start != nil,
                "--end": window.end != nil, "--speed": playback.speed != 1,
            ]) + output.appEventOptions
        if withLibinput, !changing.isEmpty {
            throw ValidationError(
                "--with-libinput compares the recorded libinput events with this run's, whole and alone: "
                    + "\(changing.joined(separator: ", ")) cannot go with it")
        }
        try output.requireMode()
        // On the virtual clock every frame is read the instant it is stamped.
        if output.latency != nil && !clockOptions.realTime {
            throw ValidationError("--latency measures real-time delivery: add --real-time")
        }
    }

    func run() throws {
        try checkReadable(
            [recording, input.desc, SurfaceDescription.file(named: output.surface)] + with.others + quirks.files)
        if withLibinput { return try compareWithRecordedLibinput() }
        var options = try self.options()
        // A latency file that cannot be written ends the command before anything is printed.
        let latency = try output.latencyLog()
        let printer = try output.printer()
        var printing = FirstFailure()
        let stop = ReplayStop()
        options.stop = stop // output that cannot be written (a reader gone) needs no more replay
        var startNoted = false
        let report = try Replay.stream(
            try source(recording, input), named: recording, options: options, noted: { warn($1, in: $0) }
        ) { output in
            switch output {
            case .event(let event, let availableAt):
                window.noteStart(json: self.output.json, once: &startNoted)
                if !printing.attempt({ try printer.handle(event) { latency?.record(event, availableAt: availableAt) } })
                {
                    stop.request()
                }
            case .log(let message):
                showLibinputLog(message, from: recording, verbose: log.verbose)
            }
        }
        // What reading the files guessed was said as they were read: only what the replay noted is left.
        warn(report.replayNotes + (report.nothingReportedNote.map { [$0] } ?? []), in: recording)
        try output.finish(printer, latency: latency, writeAhead: options.timing.writeAhead)
        try printing.check()
        if stats { printStats(report) }
        try endIfInterrupted(by: report.interruption)
        try output.checkInvariants(of: printer, recording: recording)
    }
}

/// A command that replays recordings: `replay`, `compare`, `report`, `view` and `explain`. Each declares the option
/// groups that shape the replay itself, side by side: ArgumentParser's debug build rebuilds and
/// checks a nested group once for each check of its parent, so a group of these groups made the
/// commands' parse about 2.5 times a flat one's in every in-process test.
protocol ReplayingCommand {
    var config: DeviceConfigOptions { get }
    var quirks: QuirksOptions { get }
    /// The clock option, where the command has it (explain places decisions on the virtual one).
    var clock: ClockOptions? { get }
    /// One version (`replay`, `report`, `view`) or several (`compare`, `explain`).
    associatedtype Libinput: LibinputChoice
    var libinput: Libinput { get }
    var empty: EmptyRecordingOptions { get }
    var log: LogOptions { get }
    var window: WindowOptions { get }
    var playback: PlaybackOptions { get }
    var with: OtherDevicesOptions { get }
}

extension ReplayingCommand {
    /// What to replay of `recording`: the file, streamed, or the window of it asked for, read
    /// (what reading guessed said at once, before any libinput line it may explain) and cut.
    func source(_ recording: String, _ input: LogInputOptions) throws -> ReplaySource {
        guard window.isSet else { return .file(recording, description: input.desc, device: input.node) }
        return .recording(try window.cut(input.load(recording), path: recording))
    }

    /// The replay's options on `build`, else on the one libinput version asked for (built when it
    /// is not yet).
    func options(build: LibinputBuild? = nil) throws -> ReplayOptions {
        var options = replayOptions(
            clock: clock, libinput: try build ?? libinput.build(), config: config, empty: empty, log: log,
            quirks: quirks)
        options.timing.speed = playback.speed
        options.asDelivered = playback.asDelivered
        options.otherDevices = try with.sources(window: window)
        try options.fault(unplug: playback.unplug, synDropped: playback.synDropped, start: window.start)
        return options
    }
}

/// How a replay is played, beyond the groups every replaying command shares: as delivered, its
/// speed and faults.
struct PlaybackOptions: ParsableArguments {
    @Flag(
        help: """
            The recording is what a kernel delivered (libinput record of a device): play it as it is, without the \
            kernel input core's filtering.
            """
    )
    var asDelivered = false
    @Option(
        parsing: .unconditional,
        help: "Playback speed, up to 10 (2 = twice as fast; libinput's timers then see compressed time).")
    var speed = 1.0
    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Unplug a device SECONDS into the recording: the recording's, or eventN (11 is the first --with).",
            valueName: "seconds[@eventN]"), transform: { try FaultSpec(parsing: $0) }) var unplug: [FaultSpec] = []
    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Overflow a device's event buffer SECONDS into the recording, losing MS milliseconds of frames "
                + "(default 50): its reader gets SYN_DROPPED.",
            valueName: "seconds[+ms][@eventN]"), transform: { try FaultSpec(parsing: $0) })
    var synDropped: [FaultSpec] = []

    func validate() throws {
        guard ReplayTiming.speeds.contains(speed) else {
            throw ValidationError("--speed must be \(ReplayTiming.speedsInWords)")
        }
        guard unplug.allSatisfy({ $0.lost == nil }) else {
            throw ValidationError("--unplug takes SECONDS[@eventN], without +MS")
        }
    }
}
