import Foundation

/// An unlinked temporary file a pipe's recording is copied to as it is read, to be read again
/// as it plays: a pipe can be read only once. Nothing is left behind, whatever ends the process:
/// the file has no name, and goes with the last descriptor open on it.
final class PipeCopy {
    let fd: Int32

    /// Where the copy is made: `$TMPDIR`, else `/tmp` (on disk, unlike the testbed's `/dev/shm`).
    static var directory: String { FileManager.default.temporaryDirectory.path }

    init() throws(HarnessError) {
        var template = Array((Self.directory + "/touchsynth-pipe-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw HarnessError(
                .system,
                "cannot make a file in \(Self.directory) to keep a pipe's recording: "
                    + String(cString: strerror(errno)))
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        self.fd = fd
    }

    deinit { close(fd) }
}
