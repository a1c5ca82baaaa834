/// How a format writes a recording: the device's lines, then each frame's, so that a long
/// recording can be written a frame at a time (``RecordingFormat/write(_:to:)``).
public protocol RecordingWriter {
    /// Everything before the first frame.
    static func header(_ recording: Recording) -> String
    /// One frame's lines.
    static func frameText(_ frame: EvdevFrame) -> String
}

extension RecordingWriter {
    /// The recording whole in this format.
    public static func write(_ recording: Recording) -> String {
        var text = header(recording)
        write(recording.frames, to: &text)
        return text
    }

    /// The frames' lines, one frame at a time.
    static func write(_ frames: [EvdevFrame], to out: inout some TextOutputStream) {
        for frame in frames { out.write(frameText(frame)) }
    }
}
