import Foundation

/// Writes all of `text` to `fd`, retrying short and interrupted writes; false, with `errno` set,
/// when the descriptor refused it (a write that took nothing counts as an I/O error).
public func writeAll(_ fd: Int32, _ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
            if n == 0 { errno = EIO }
            return false
        }
        bytes = bytes.dropFirst(n)
    }
    return true
}
