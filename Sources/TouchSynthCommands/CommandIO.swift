import ArgumentParser
import Foundation
import OutputFiles

/// Where a command's output goes: the process's stdout and stderr when it runs as `touchsynth`,
/// buffers when a test runs it in its own process (``TouchSynth/run(_:)``), as swift-nio's
/// `EmbeddedChannel` runs a pipeline without sockets.
final class CommandIO: @unchecked Sendable {
    /// The output of the command running now, in this task or thread.
    @TaskLocal static var current = CommandIO(captures: false)

    private let captures: Bool
    private let lock = NSLock()
    /// Held through each write to stdout, so that what was held goes out before what follows it.
    private let writing = NSLock()
    private var out: [UInt8] = []
    private var err: [UInt8] = []
    private var outlivesReader = false, readerGone = false
    private var warnings: Set<String> = []
    /// Run before each line to stderr: a status line on the terminal makes room for it.
    private var beforeErr: (() -> Void)?
    /// What ``holdingOutput(_:)`` wrote, not yet on stdout; whether it is writing now.
    private var held = "", holding = false

    init(captures: Bool) {
        self.captures = captures
    }

    /// Said by a command that writes `files` (those given) after printing: when stdout's reader
    /// goes (`| head`), only the printing ends, and the files asked for are still written.
    func outliveReader(writing files: [String?]) {
        if files.contains(where: { $0 != nil }) { lock.withLock { outlivesReader = true } }
    }

    /// Writes `text` to stdout; false (with `errno` set) when the descriptor refused it, but for a
    /// reader gone from a command that outlives it.
    func writeOut(_ text: String) -> Bool {
        writing.lock()
        defer { writing.unlock() }
        let earlier: String
        do {
            lock.lock()
            defer { lock.unlock() }
            guard !holding else {
                held += text
                return true
            }
            (earlier, held) = (held, "")
        }
        return (earlier.isEmpty || write(earlier)) && (text.isEmpty || write(text))
    }

    private func write(_ text: String) -> Bool {
        guard captures else {
            if lock.withLock({ readerGone }) || writeAll(STDOUT_FILENO, text) { return true }
            let code = errno
            let dropped = code == EPIPE && lock.withLock { outlivesReader }
            if dropped { lock.withLock { readerGone = true } }
            errno = code
            return dropped
        }
        lock.withLock { out += text.utf8 }
        return true
    }

    /// Runs `body`, holding what it writes to stdout (a JSON header) until the command writes more
    /// or ends well (``releaseHeldOutput()``): a command refused before its first line leaves
    /// stdout empty, as a script would have it.
    func holdingOutput<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { holding = true }
        defer { lock.withLock { holding = false } }
        return try body()
    }

    /// Writes what ``holdingOutput(_:)`` held, if nothing has yet: the command succeeded.
    func releaseHeldOutput() -> Bool { writeOut("") }

    /// Runs `body` before each later write to stderr.
    func beforeEachErr(_ body: @escaping () -> Void) { lock.withLock { beforeErr = body } }

    /// Writes `text` to stderr; nothing more can be done if that fails.
    func writeErr(_ text: String) {
        lock.withLock { beforeErr }?()
        guard captures else { return _ = writeAll(STDERR_FILENO, text) }
        lock.withLock { err += text.utf8 }
    }

    /// Whether `warning` is said for the first time in this command's run.
    func firstWarning(_ warning: String) -> Bool {
        lock.withLock { warnings.insert(warning).inserted }
    }

    /// Whether `path` is where stdout goes: `-`, or the file stdout is (`/dev/stdout`, a redirection).
    func isStandardOutput(_ path: String) -> Bool {
        path == "-" || (!captures && OutputFile.names(path, descriptor: STDOUT_FILENO))
    }

    /// Refuses a side output (`--latency`, `--markdown` …), given by option name, that is stdout:
    /// it would be mixed into the command's own output there.
    func refuseStandardOutput(_ outputs: [(option: String, path: String?)]) throws {
        for (option, path) in outputs {
            guard let path, isStandardOutput(path) else { continue }
            throw ValidationError("\(option) takes a file other than standard output, which has the command's output")
        }
    }

    /// Whether `fd`, stdout or stderr, is a terminal: never when the output is captured.
    func isTerminal(_ fd: Int32) -> Bool {
        !captures && isatty(fd) == 1
    }

    /// What was captured: stdout and stderr, as text.
    var captured: (stdout: String, stderr: String) {
        lock.withLock { (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)) }
    }
}

/// A command's end other than success: a status, and a line for the user unless the status
/// says it all (a difference found, a reader gone).
struct CommandExit: Error {
    var code: Int32
    var message: String?

    init(_ code: Int32, _ message: String? = nil) {
        self.code = code
        self.message = message
    }
}

/// The files of a command that reads several, as `grep` reads them: one that cannot be read or
/// replayed is told and passed over, and the first one's status ends the run.
struct PassingOver {
    private var status: Int32?

    /// What `body` made, or nil when it failed, having said why; a command's own end goes on.
    mutating func attempt<T>(_ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch let error as CommandExit {
            throw error
        } catch {
            let code = ExitStatus.tell(error)
            status = status ?? code
            return nil
        }
    }

    var failed: Bool { status != nil }
    /// Ends the command with the first failure's status, if a file failed.
    func check() throws { if let status { throw CommandExit(status) } }
}

/// The first error of a callback that cannot throw (a replay's or libinput's event handler),
/// thrown once its caller has returned.
struct FirstFailure {
    private(set) var error: (any Error)?

    /// Runs `body` unless an earlier call failed; false once one has, for a loop that can stop.
    @discardableResult
    mutating func attempt(_ body: () throws -> Void) -> Bool {
        guard error == nil else { return false }
        do { try body() } catch { self.error = error }
        return error == nil
    }

    /// Throws the error kept, if any.
    func check() throws { if let error { throw error } }
}
