import Recordings

extension Replay {
    /// `recording` (read from `name`) as every command that replays one takes it: cut to
    /// `start`…`end` seconds into it, refused when it has nothing to show if
    /// ``ReplayOptions/refusesEmpty``, and replayed with `options`. Returns the part replayed.
    public static func open(
        _ recording: Recording, named name: String, from start: Double? = nil, to end: Double? = nil,
        options: ReplayOptions
    ) throws(HarnessError) -> (recording: Recording, replay: Replay) {
        let part = try harnessError { () throws(RecordingError) in try recording.cut(from: start, to: end, file: name) }
        let replay = try Replay(.recording(part), named: name, options: options)
        return (part, replay)
    }

    /// The file at `path` (any format ``RecordingLoader`` reads; a log's device from
    /// `description`, the device of several from `device`), opened as ``open(_:named:from:to:options:)``.
    public static func open(
        file path: String, description: String? = nil, device: String? = nil, from start: Double? = nil,
        to end: Double? = nil, options: ReplayOptions
    ) throws(HarnessError) -> (recording: Recording, replay: Replay) {
        let recording = try harnessError { () throws(RecordingError) in
            try RecordingLoader.load(path, description: description, node: device)
        }
        return try open(recording, named: path, from: start, to: end, options: options)
    }
}
