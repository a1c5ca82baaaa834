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
/// with nothing to show is refused unless `empty` allows it.
func replayOptions(clock: ClockOptions, libinput: LibinputBuild = .system, config: DeviceConfigOptions? = nil,
                   empty: EmptyRecordingOptions? = nil) -> ReplayOptions {
    var options = ReplayOptions()
    options.refusesEmpty = empty.map { !$0.allowEmpty } ?? false
    options.timing.clock = clock.clock
    options.libinput = libinput
    if let config { options.configuration = config.configuration }
    return options
}
