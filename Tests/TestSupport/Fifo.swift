import Foundation

/// A FIFO at a temporary path whose writer, on a thread of its own, writes `text` once to the
/// first reader and closes: a second opening waits for a writer gone, as one of a shell's does.
/// The caller unlinks it.
public func fifo(named name: String, serving text: String) -> String {
    let path = temporaryPath(name)
    precondition(mkfifo(path, 0o600) == 0, "mkfifo \(path)")
    Thread {
        let fd = open(path, O_WRONLY)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }.start()
    return path
}
