import Foundation

/// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Swift's Glibc module leaves out.
private let temporaryFileFlag: Int32 = 0o20_200_000

/// A new, empty file without a name in `directory`, open to read and write: nothing is left
/// behind however the process ends, and no program it starts inherits the descriptor. Made with
/// `O_TMPFILE`, else (a file system without unnamed files) as `prefix-XXXXXX`, unlinked at once.
/// The descriptor, or -1 with `errno` set.
public func openUnnamedFile(in directory: String, prefix: String) -> Int32 {
    let fd = open(directory, temporaryFileFlag | O_RDWR | O_CLOEXEC, 0o600)
    guard fd < 0 else { return fd }
    var template = Array((directory + "/\(prefix)-XXXXXX").utf8CString)
    let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard named >= 0 else { return -1 }
    _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    _ = fcntl(named, F_SETFD, FD_CLOEXEC)
    return named
}
