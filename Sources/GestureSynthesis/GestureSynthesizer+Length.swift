import Recordings

extension GestureSynthesizer {
    /// Refuses, before any frame is made, a script whose gestures alone outlast the longest
    /// recording a replay reads (``lengthFloors(_:options:)``), so a day of hour-long statements
    /// is refused at once instead of after synthesizing a day of frames.
    static func refuseOverlong(_ script: GestureScript, options: Options, file: String) throws(RecordingError) {
        for (line, seconds) in lengthFloors(script, options: options)
        where seconds * 1e6 > Double(RecordingStream.longestRecording) {
            throw RecordingError(.badData, file: file, line: line, overlong)
        }
    }

    /// At each gesture's statement, a floor of the recording's length once it is made, seconds:
    /// the durations (each less the half frame that rounding to whole frames may take off),
    /// pauses and gaps from the first gesture on. A pinch's lead-in and a lift's frame only add
    /// to the length.
    static func lengthFloors(_ script: GestureScript, options: Options) -> [(line: Int, seconds: Double)] {
        var settings = options
        var end: Double?
        var floors: [(line: Int, seconds: Double)] = []
        for statement in script.statements {
            switch statement.action {
            case .set(let s):
                settings.apply(s)
                continue
            case .pause(let seconds):
                end = end.map { $0 + seconds }
                continue
            default:
                end = end.map { $0 + settings.landingGap } ?? 0
            }
            let seconds = (end ?? 0) + max(0, (statement.action.duration ?? 0) - 0.5 / settings.rate)
            end = seconds
            floors.append((statement.line, seconds))
        }
        return floors
    }

    static let overlong = "the script runs past 24 hours, the longest recording a replay reads"
}

extension GestureScript.Action {
    /// How long the fingers of the statement touch, as written; nil for a statement without a duration.
    var duration: Double? {
        switch self {
        case .pinch(let p): return p.duration
        case .translate(_, _, _, _, let duration), .hold(_, _, _, let duration), .tap(_, _, _, let duration),
            .click(_, _, _, _, let duration, _):
            return duration
        case .rest, .lift, .pause, .set: return nil
        }
    }
}
