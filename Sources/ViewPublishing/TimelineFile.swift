import Foundation
import OutputFiles

/// A timeline's JSON in a temporary file that has no name, so that a view serves a long replay's
/// frames (hundreds of megabytes an hour) from the file rather than from its own memory (where
/// `$TMPDIR` is a tmpfs, the file is still in RAM, though not the process's), and leaves no file
/// behind however it ends. Written whole before it is served: ``append(_:)`` before the server
/// is shown it, ``read(at:count:)`` after.
public final class TimelineFile: @unchecked Sendable {
    private let descriptor: Int32
    /// Bytes written so far.
    public private(set) var count = 0

    /// An empty file in the temporary directory (`$TMPDIR`, else `/tmp`).
    public init() throws(ViewServerError) {
        descriptor = openUnnamedFile(in: FileManager.default.temporaryDirectory.path, prefix: "touchsynth-timeline")
        guard descriptor >= 0 else { throw Self.failure("cannot make a file for the timeline", errno) }
    }

    /// A file holding `data`.
    public convenience init(holding data: Data) throws(ViewServerError) {
        try self.init()
        try append(data)
    }

    deinit { close(descriptor) }

    /// Writes `data` at the end.
    public func append(_ data: Data) throws(ViewServerError) {
        guard writeAll(descriptor, data) else {
            throw Self.failure("cannot write the timeline to its temporary file", errno)
        }
        count += data.count
    }

    /// Up to `count` bytes from `offset` (fewer at the end, none past it), read without moving
    /// the end where ``append(_:)`` writes: each request reads its own way through.
    public func read(at offset: Int, count: Int) throws(ViewServerError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, min(count, self.count - offset)))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done))
            }
            if n < 0 && errno == EINTR { continue }
            // Nothing where the file was written is a file cut short under it.
            guard n > 0 else {
                throw Self.failure("cannot read the timeline from its temporary file", n < 0 ? errno : EIO)
            }
            done += n
        }
        return bytes
    }

    private static func failure(_ what: String, _ code: Int32) -> ViewServerError {
        ViewServerError(
            .system, "\(what) in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(code)))")
    }
}
