import Recordings

extension GestureSynthesizer {
    /// Refuses, before any frame is made, a script whose gestures alone outlast the longest
    /// recording a replay reads: its durations, pauses and gaps from the first gesture on are a
    /// floor of its length (a pinch's lead-in only adds to it), so a day of hour-long statements is
    /// refused at once instead of after synthesizing a day of frames.
    static func refuseOverlong(_ script: GestureScript, options: Options, file: String) throws(RecordingError) {
        var gap = options.gap
        var rate = options.rate
        var end: Double?
        for statement in script.statements {
            switch statement.action {
            case .set(let s):
                gap = s.gap ?? gap
                rate = s.rate ?? rate
                continue
            case .pause(let seconds):
                end = end.map { $0 + seconds }
                continue
            default:
                end = end.map { $0 + max(gap, 1 / rate) } ?? 0
            }
            end = (end ?? 0) + (statement.action.duration ?? 0)
            if let end, end * 1e6 > Double(RecordingStream.longestRecording) {
                throw RecordingError(.badData, file: file, line: statement.line, overlong)
            }
        }
    }

    static let overlong = "the script runs past 24 hours, the longest recording a replay reads"
}

extension GestureScript.Action {
    /// How long the fingers of the statement touch, as written; nil for a statement without a duration.
    var duration: Double? {
        switch self {
        case .pinch(let p): return p.duration
        case .translate(_, _, _, _, let duration), .hold(_, _, let duration), .tap(_, _, let duration),
            .click(_, _, _, let duration):
            return duration
        case .rest, .lift, .pause, .set: return nil
        }
    }
}
