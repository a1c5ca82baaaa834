import LibinputDecisions
import Replays
import Recordings

/// libinput's events for `source` (read from `recording`), replayed with `options` (``Replay``);
/// libinput's warnings, or its whole log when `options` asks for debug lines, go to stderr
/// tagged with `recording`, and a replay stopped by Ctrl-C or SIGTERM ends the command as interrupted.
func replayEvents(_ source: ReplaySource, from recording: String, options: ReplayOptions) throws -> Replay {
    let replay = try Replay(source, named: recording, options: options)
    // A file is read by the replay: what reading it guessed or repaired is the report's to say.
    let read = if case .file = source { true } else { false }
    try told(replay, from: recording, options: options, read: read)
    return replay
}

/// `loaded` (read from `path`) cut to `window`, replayed with `options` and explained or not, as
/// ``Replay/open(_:named:from:to:options:explaining:upTo:)`` does; told as ``replayEvents(_:from:options:)`` does.
func replayed(
    _ loaded: Recording, from path: String, window: WindowOptions,
    options: ReplayOptions, explaining: Bool = false, upTo frames: Int = .max
) throws -> (recording: Recording, replay: Replay, decisions: [DecisionNote]) {
    let run = try Replay.open(
        loaded, named: path, from: window.start, to: window.end, options: options, explaining: explaining,
        upTo: frames)
    try told(run.replay, from: path, options: options)
    return run
}

/// What `replay` of `recording` warned and logged, to stderr; a replay stopped by Ctrl-C or
/// SIGTERM ends the command as interrupted.
func told(_ replay: Replay, from recording: String, options: ReplayOptions, read: Bool = false) throws {
    warn(replay.report, of: recording, read: read)
    for message in replay.report.libinputLog { showLibinputLog(message, from: recording, verbose: options.logsDebug) }
    try endIfInterrupted(by: replay.report.interruption)
}

/// What reading the replay's files guessed or repaired (`recording`'s when the replay `read` it,
/// and each other device's file's), and what the replay of `recording` itself noted.
func warn(_ report: ReplayReport, of recording: String, read: Bool) {
    warn((read ? report.notes : []) + report.replayNotes, in: recording)
    for (file, notes) in report.otherDevicesNotes { warn(notes, in: file) }
}
