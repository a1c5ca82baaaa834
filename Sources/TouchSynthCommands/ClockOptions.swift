import ArgumentParser
import Replays

/// `--real-time`: which clock a replay's libinput lives on.
struct ClockOptions: ParsableArguments {
    @Flag(
        help: """
            Replay in real time: frames on a wall-clock schedule, racing libinput's timers as on a real device. By \
            default libinput runs on a virtual clock that moves from frame to timer as soon as it is idle: the same \
            output every time, timestamps included, in a fraction of the recording's duration.
            """)
    var realTime = false

    var clock: ReplayClock { realTime ? .real : .virtual }
}

/// The options of a replay on `clock`, `libinput` and `config` (the defaults for the rest); one
/// with nothing to show is refused unless `empty` allows it; libinput logs everything under `log`'s `--verbose`;
/// `delivered`: frames a kernel already delivered (``ReplayOptions/asDelivered``).
func replayOptions(
    clock: ClockOptions? = nil, libinput: LibinputBuild = .system, config: DeviceConfigOptions? = nil,
    empty: EmptyRecordingOptions? = nil, log: LogOptions? = nil, quirks: QuirksOptions? = nil, delivered: Bool = false
) -> ReplayOptions {
    var options = ReplayOptions()
    options.asDelivered = delivered
    options.logsDebug = log?.verbose ?? false
    options.refusesEmpty = empty.map { !$0.allowEmpty } ?? false
    options.timing.clock = clock?.clock ?? .virtual
    options.libinput = libinput
    if let config { options.configuration = config.configuration }
    options.quirks = quirks?.files ?? []
    options.dmi = quirks?.dmi
    options.udevProperties = Dictionary((quirks?.udevProperty ?? []).map { ($0.key, $0.value) }) { $1 }
    return options
}
