import ArgumentParser

/// `--allow-empty`: whether a recording with nothing for an app's pointer or touch events replays.
struct EmptyRecordingOptions: ParsableArguments {
    @Flag(
        help: """
            Replay a recording that holds nothing for an app (no events, or a device that is neither a pointer, a \
            touchpad nor a touchscreen, such as a keyboard) instead of refusing it with status 65.
            """
    )
    var allowEmpty = false
}
