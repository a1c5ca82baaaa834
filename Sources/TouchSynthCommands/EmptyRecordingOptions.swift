import ArgumentParser

/// `--allow-empty`: whether a recording with nothing for an app's pointer or touch events replays.
struct EmptyRecordingOptions: ParsableArguments {
    @Flag(
        help: """
            Replay a recording that holds nothing for an app (no events, or a keyboard's) instead of refusing it with \
            status 65.
            """
    )
    var allowEmpty = false
}
