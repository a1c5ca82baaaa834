import ArgumentParser
import LibinputEvents

/// `--verbose`: libinput's whole log, as `libinput debug-events --verbose` shows it. Without it,
/// only libinput's errors and timing warnings reach stderr. A replay's lines name the recording.
struct LogOptions: ParsableArguments {
    @Flag(
        help: """
            Pass libinput's whole log through, its debug lines too (as libinput debug-events --verbose); without it, \
            only libinput's errors and timing warnings are shown. A replay's lines name the recording.
            """
    )
    var verbose = false
}

/// Writes `message` to stderr if it is to be shown (all of them when `verbose`), as
/// `libinput: RECORDING: TEXT` for a replay's (`recording` nil for live input).
func showLibinputLog(_ message: LibinputLogMessage, from recording: String?, verbose: Bool) {
    guard verbose || message.isWarning else { return }
    let file = recording.map { "\($0): " } ?? ""
    guard message.isTouchSynths else { return writeStderr("libinput: " + file + message.text) }
    writeStderr("touchsynth: " + (message.isWarning ? "warning: " : "") + file + message.ownWords)
}
