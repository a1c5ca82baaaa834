import Benchmarks
import Foundation

/// Writes an output file (a report, a converted recording, a table); one that cannot be written
/// ends the command with the system's reason: 73 when it cannot be created (77 when permission
/// is refused), 74 when writing it fails. `-` is standard output.
func writeFile(_ text: String, to path: String) throws {
    if path == "-" { return try emitRaw(text) }
    let fd = try openForWriting(path)
    defer { close(fd) }
    try writeText(text, to: fd, path: path)
}

/// Writes `text` to `fd`, the file at `path`; a failed write ends the command (74).
func writeText(_ text: String, to fd: Int32, path: String) throws {
    if !writeAll(fd, text) { try failWriting(path, errno: errno) }
}

/// Ends the command for a write to `path` (a file, or "stdout") that failed with `code`: 74, an
/// I/O error, since the file could be opened; quietly with 0 when its reader went away (`| head`,
/// a FIFO), as other tools do.
func failWriting(_ path: String, errno code: Int32) throws -> Never {
    if code == EPIPE { throw CommandExit(0) }
    try fail("\(path): cannot write: \(String(cString: strerror(code)))", code: ExitStatus.ioError)
}

/// Creates the directory `path` and any missing parents; one that cannot be made ends the
/// program with the system's reason (77 when permission is refused, 73 otherwise).
func makeDirectory(_ path: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        // Foundation's own text ("The operation could not be completed") names no reason; the
        // system call's error under it does (a POSIXError, which `as? NSError` does not match).
        let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let code = underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
        let reason = code.map { String(cString: strerror($0)) } ?? error.localizedDescription
        try fail(
            "\(path): cannot create: \(reason)", code: code == EACCES ? ExitStatus.permission : ExitStatus.cannotCreate)
    }
}

/// Creates or empties `path` for writing; one that cannot be opened ends the command (77 when
/// permission is refused, 73 otherwise). `-` is standard output, as for most Unix tools.
func openForWriting(_ path: String) throws -> Int32 {
    if path == "-" { return fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0) }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
        try fail(
            "\(path): cannot write: \(String(cString: strerror(errno)))",
            code: errno == EACCES ? ExitStatus.permission : ExitStatus.cannotCreate)
    }
    return fd
}

/// The latency log of `--latency PATH`; a file that cannot be opened ends the command, as any
/// output file (``try openForWriting(_:)``).
func openLatencyLog(_ path: String) throws -> LatencyLog {
    guard let log = LatencyLog(fileDescriptor: try openForWriting(path)) else { try failWriting(path, errno: errno) }
    return log
}
