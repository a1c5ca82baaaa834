import ArgumentParser
import Recordings

/// `--allow-empty`: whether a recording with nothing for an app's pointer or touch events replays.
struct EmptyRecordingOptions: ParsableArguments {
    @Flag(
        help: """
            Replay a recording that holds nothing for an app (no events, or a keyboard's) instead of refusing it with \
            status 65.
            """
    )
    var allowEmpty = false

    /// Refuses `recording`, read from `path`, when it has nothing to show and that is not allowed.
    func check(_ recording: Recording, path: String) throws(RecordingError) {
        guard !allowEmpty, let why = recording.device.nothingToShow(hasEvents: !recording.frames.isEmpty) else {
            return
        }
        throw RecordingError(.badData, file: path, why + ExitStatus.allowEmptyAdvice)
    }
}
