#if canImport(Glibc)
import Glibc
#endif

/// Write end of the pipe that ``StopSignal`` watches; the signal handler can reach no other state.
nonisolated(unsafe) private var stopPipeWriteFD: Int32 = -1

/// Turns SIGINT, SIGTERM and SIGHUP (a terminal closed) into a readable file descriptor, so a
/// poll loop can end cleanly (finish its output, close files) instead of dying mid-write. One at
/// a time per process.
public final class StopSignal {
    /// Poll this for POLLIN: it becomes readable once SIGINT, SIGTERM or SIGHUP arrived.
    public let fileDescriptor: Int32
    private let writeFD: Int32
    private var previous = StopSignal.signals.map { _ in sigaction() }

    /// The signals that stop a command: Ctrl-C (SIGINT), SIGTERM, and SIGHUP (its terminal closed).
    public static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers; ``end()`` restores the previous ones.
    public init() throws(StopSignalError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw StopSignalError(message: "pipe: \(String(cString: strerror(errno)))") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        fileDescriptor = fds[0]
        writeFD = fds[1]
        stopPipeWriteFD = fds[1]
        // A handler rather than signalfd: the signal may land on any of the runtime's threads.
        Self.take(
            { _ in
                let saved = errno
                var byte: UInt8 = 1
                _ = write(stopPipeWriteFD, &byte, 1)
                errno = saved
            }, saving: &previous)
    }

    /// Waits until SIGINT, SIGTERM or SIGHUP arrives, then ends (``end()``): a server's whole life.
    public func waitThenEnd() {
        var pfd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while poll(&pfd, 1, -1) < 0 && errno == EINTR {}
        end()
    }

    /// Restores the previous handlers and closes the pipe. Once a stop has arrived the process is
    /// ending, its output complete: the signals are then taken by a handler that does nothing, so
    /// that a second one cannot end it by signal as it closes (GNU `timeout`, itself signalled,
    /// sends its child SIGTERM and then its whole process group another). A handler, not SIG_IGN:
    /// a program started after it gets the default action back.
    public func end() {
        var pfd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, 0) == 1 {
            var replaced = previous
            Self.take({ _ in }, saving: &replaced)
        } else {
            Self.restore(previous)
        }
        stopPipeWriteFD = -1
        close(fileDescriptor)
        close(writeFD)
    }
}

extension StopSignal {
    /// Whether `signal` is left as this process ignores it now: SIGHUP or SIGTERM that whoever
    /// started the process ignored (`nohup`) stays ignored, as the starter asked, in this process
    /// (``take(_:saving:)`` leaves it alone) and in the programs it starts. SIGINT is taken all
    /// the same, as `libinput record` takes it: a shell starts a background job with SIGINT
    /// ignored, and scripts end one with `kill -INT`, as Ctrl-C ends it in the foreground.
    public static func staysIgnored(_ signal: Int32) -> Bool { signal != SIGINT && isIgnored(signal) }

    /// Gives SIGINT its default action back if the process was started ignoring it, so that it
    /// ends the process between the handlers too, and one held for a replay is raised again to
    /// effect: a command's first step (``staysIgnored(_:)`` says why).
    public static func takeInterruptIfIgnored() {
        guard isIgnored(SIGINT) else { return }
        var byDefault = sigaction()
        sigaction(SIGINT, &byDefault, nil)
    }

    private static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        sigaction(signal, nil, &current)
        guard let handler = current.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Installs `handler` for each of ``signals`` but those that stay ignored
    /// (``staysIgnored(_:)``), keeping the actions there were in `previous` (in the order of
    /// ``signals``) for ``restore(_:)``.
    public static func take(_ handler: @convention(c) (Int32) -> Void, saving previous: inout [sigaction]) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        for (index, signal) in signals.enumerated() {
            sigaction(signal, nil, &previous[index])
            if !staysIgnored(signal) { sigaction(signal, &action, nil) }
        }
    }

    /// Puts back the actions ``take(_:saving:)`` kept.
    public static func restore(_ previous: [sigaction]) {
        for (index, signal) in signals.enumerated() {
            var action = previous[index]
            sigaction(signal, &action, nil)
        }
    }
}

/// The pipe behind ``StopSignal`` could not be made.
public struct StopSignalError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
