import MockedDevices

/// libinput's events for `source` (read from `recording`), replayed with `options` (``Replay``);
/// libinput's warnings, or its whole log when `options` asks for debug lines, go to stderr
/// tagged with `recording`, and a replay stopped by Ctrl-C or SIGTERM ends the program as interrupted.
func replayEvents(_ source: ReplaySource, from recording: String, options: ReplayOptions) throws(HarnessError) -> Replay {
    let replay = try Replay(source, options: options)
    for message in replay.report.libinputLog { showLibinputLog(message, from: recording, verbose: options.logsDebug) }
    endIfInterrupted(replay.report)
    return replay
}
