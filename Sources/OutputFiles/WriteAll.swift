import Foundation

/// Writes all of `text` to `fd`, retrying short and interrupted writes; false, with `errno` set,
/// when the descriptor refused it (a write that took nothing counts as an I/O error).
public func writeAll(_ fd: Int32, _ text: String) -> Bool {
    Array(text.utf8).withUnsafeBytes { writeAll(fd, $0) }
}

/// All of `data`, as a text is written.
public func writeAll(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { writeAll(fd, $0) }
}

/// All of `bytes`, as a text is written.
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var done = 0
    while done < bytes.count {
        let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
            if n == 0 { errno = EIO }
            return false
        }
        done += n
    }
    return true
}
