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

    init(_ frames: [EvdevFrame]) { self.frames = frames[...] }

    func nextFrame() throws(RecordingError) -> EvdevFrame? { frames.popFirst() }
}
