import ArgumentParser
import MockedDevices
import Recordings

/// `--real-time`: which clock a replay's libinput lives on.
struct ClockOptions: ParsableArguments {
    @Flag(help: """
        Replay in real time: frames on a wall-clock schedule, racing libinput's timers as on a real device. \
        By default libinput runs on a virtual clock that moves from frame to timer as soon as it is idle: \
        the same output every time, timestamps included, in a fraction of the recording's duration.
        """)
    var realTime = false

    var clock: ReplayClock { realTime ? .real : .virtual }
}

/// `--allow-empty`: whether a recording with nothing for an app's pointer or touch events replays.
struct EmptyRecordingOptions: ParsableArguments {
    @Flag(help: "Replay a recording that holds nothing for an app (no events, or a keyboard's) instead of refusing it with status 65.")
    var allowEmpty = false

    /// Refuses `recording`, read from `path`, when it has nothing to show and that is not allowed.
    func check(_ recording: Recording, path: String) throws(RecordingError) {
        guard !allowEmpty, let why = recording.device.nothingToShow(hasEvents: !recording.frames.isEmpty) else { return }
        throw RecordingError(.badData, file: path, why + ExitStatus.allowEmptyAdvice)
    }
}

/// The options of a replay on `clock`, `libinput` and `config` (the defaults for the rest); one
/// with nothing to show is refused unless `empty` allows it; libinput logs everything under `log`'s `--verbose`.
func replayOptions(clock: ClockOptions, libinput: LibinputBuild = .system, config: DeviceConfigOptions? = nil,
                   empty: EmptyRecordingOptions? = nil, log: LogOptions? = nil) -> ReplayOptions {
    var options = ReplayOptions()
    options.logsDebug = log?.verbose ?? false
    options.refusesEmpty = empty.map { !$0.allowEmpty } ?? false
    options.timing.clock = clock.clock
    options.libinput = libinput
    if let config { options.configuration = config.configuration }
    return options
}

/// `--start` and `--end`: the part of a recording to replay, in seconds into it.
struct WindowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Replay from SECONDS into the recording on; the touches and keys down then are put down at its start.", valueName: "seconds"))
    var start: Double?
    @Option(help: ArgumentHelp("Replay up to SECONDS into the recording.", valueName: "seconds")) var end: Double?

    func validate() throws {
        for (name, value) in [("--start", start), ("--end", end)] {
            if let value, !(value.isFinite && value >= 0 && value <= 86_400) { throw ValidationError("\(name) must be within 0 and 86400 seconds") }
        }
        if let start, let end, end <= start { throw ValidationError("--end must come after --start") }
    }

    var isSet: Bool { start != nil || end != nil }

    /// `recording`, read from `path`, cut to the window; a start past its end is a usage error.
    func cut(_ recording: Recording, path: String) throws(RecordingError) -> Recording {
        guard isSet else { return recording }
        if let start, UInt64(start * 1e6) > recording.duration {
            throw RecordingError(.usage, file: path, String(format: "--start %g s is after the recording's end (%.3f s)", start, Double(recording.duration) / 1e6))
        }
        return recording.window(from: start.map { UInt64($0 * 1e6) }, to: end.map { UInt64($0 * 1e6) })
    }
}
