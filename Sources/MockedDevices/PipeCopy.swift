import Foundation

/// A file without a name that a pipe's recording is copied to as it is read, to be read again as
/// it plays: a pipe can be read only once. Nothing is left behind, whatever ends the process, and
/// no program this one starts holds it open.
final class PipeCopy {
    let fd: Int32

    /// Where the copy is made: `$TMPDIR`, else `/tmp` (on disk, unlike the testbed's `/dev/shm`).
    static var directory: String { FileManager.default.temporaryDirectory.path }

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift's Glibc module leaves out.
    private static let temporaryFile: Int32 = 0o20_200_000

    init() throws(HarnessError) {
        var fd = open(Self.directory, Self.temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
        if fd < 0 {
            // A file system without unnamed files: a named one, unlinked at once.
            var template = Array((Self.directory + "/touchsynth-pipe-XXXXXX").utf8CString)
            fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd >= 0 {
                template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        guard fd >= 0 else {
            throw HarnessError(
                .system,
                "cannot make a file in \(Self.directory) to keep a pipe's recording: "
                    + String(cString: strerror(errno)))
        }
        self.fd = fd
    }

    deinit { close(fd) }
}
