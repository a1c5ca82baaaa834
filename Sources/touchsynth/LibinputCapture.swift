import LibinputEvents
import MockedDevices

/// libinput's events for `source`, replayed with `options` (``Replay``); libinput's warnings go
/// to stderr, and a replay stopped by Ctrl-C or SIGTERM ends the program as interrupted.
func replayEvents(_ source: ReplaySource, options: ReplayOptions) throws(HarnessError) -> Replay {
    let replay = try Replay(source, options: options)
    for message in replay.report.warnings { writeStderr("libinput: \(message.text)") }
    endIfInterrupted(replay.report)
    return replay
}

extension Replay {
    /// The events and the report, for a destructuring `let`.
    var parts: (events: [LibinputEvent], report: ReplayReport) { (events, report) }
}
