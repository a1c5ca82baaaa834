import Recordings

/// Where a replay's frames come from, one at a time.
public protocol FrameSource: AnyObject {
    /// The next frame, or nil at the end.
    func nextFrame() throws(RecordingError) -> EvdevFrame?
}

extension RecordingStream: FrameSource {}

/// Frames already in memory.
final class FrameList: FrameSource {
    private var frames: ArraySlice<EvdevFrame>
    /// Microseconds from the first frame to the last.
    let duration: UInt64

    init(_ frames: [EvdevFrame]) {
        self.frames = frames[...]
        duration = frames.last?.time ?? 0
    }

    func nextFrame() throws(RecordingError) -> EvdevFrame? { frames.popFirst() }

    /// Whether any frame left holds more than its SYN_REPORT (``Swift/Sequence/holdEvents``).
    var holdsEvents: Bool { frames.holdEvents }
}
