import Foundation

/// A FIFO at a temporary path whose writer, on a thread of its own, writes `text` once to the
/// first reader and closes: a second opening waits for a writer gone, as one of a shell's does.
/// The caller unlinks it.
public func fifo(named name: String, serving text: String) -> String {
    ServedFifo(named: name, serving: text).path
}

/// ``fifo(named:serving:)``, which says how much of its text the reader took.
public final class ServedFifo: @unchecked Sendable {
    public let path: String
    private let finished = DispatchSemaphore(value: 0)
    private var count = 0

    public init(named name: String, serving text: String) {
        path = temporaryPath(name)
        precondition(mkfifo(path, 0o600) == 0, "mkfifo \(path)")
        let path = path
        Thread { [self] in
            // A reader that stops early (a refusal at the first line) makes the writes fail with
            // EPIPE here, rather than raise SIGPIPE in the test process.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            let fd = open(path, O_WRONLY)
            let bytes = Array(text.utf8)
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                written += n
            }
            close(fd)
            count = written
            finished.signal()
        }.start()
    }

    /// The bytes written before the text ended or the reader closed its end, once the writer is
    /// done: it waits for that.
    public var written: Int {
        finished.wait()
        defer { finished.signal() }
        return count
    }
}
