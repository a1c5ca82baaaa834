import Foundation
import OutputFiles

/// A file without a name that a pipe's recording is copied to as it is read, to be read again as
/// it plays: a pipe can be read only once. Nothing is left behind, whatever ends the process, and
/// no program this one starts holds it open.
final class PipeCopy {
    let fd: Int32

    /// Where the copy is made: `$TMPDIR`, else `/tmp` (on disk, unlike the testbed's `/dev/shm`).
    static var directory: String { FileManager.default.temporaryDirectory.path }

    init() throws(HarnessError) {
        let fd = openUnnamedFile(in: Self.directory, prefix: "touchsynth-pipe")
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
