import Foundation
import OutputFiles

/// Writes an output file (a report, a converted recording, a table) whole or not at all
/// (``OutputFile``); one that cannot be written ends the command with the system's reason: 73
/// when it cannot be created (77 when permission is refused), 74 when writing it fails, 64 when
/// it is one of the command's inputs but `replacing`. `-` is standard output.
func writeFile(_ text: String, to path: String, replacing: String? = nil) throws {
    if path == "-" { return try emitRaw(text) }
    let file = try openOutput(path, replacing: replacing)
    try writeText(text, to: file.fileDescriptor, path: path)
    try file.commit()
}

/// `path` opened to be written whole or not at all, refused when it is an input but `replacing`.
func openOutput(_ path: String, replacing: String? = nil) throws -> OutputFile { try .init(path, replacing: replacing) }

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
