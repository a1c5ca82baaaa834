import Foundation
import LibinputEvents
import OutputFiles

/// Why a recording could not be read, with where: one line for a person, and the kind of problem
/// for the program to act on.
public struct RecordingError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The data is malformed.
        case badData
        /// The file does not exist.
        case missingFile
        /// The file exists but cannot be read.
        case permission
        /// The file is fine but the command must say more: which of a log's devices to read.
        case usage
    }

    public var kind: Kind
    public var file: String
    /// 1-based line, when the problem has one.
    public var line: Int?
    public var message: String
    /// The format the file was read as, for bad data: a file taken for the wrong one then says so.
    public var readAs: RecordingLoader.Format?

    /// An error about `file` (and `line`, when the problem has one). The message is made one
    /// short line whatever the input it quotes: see ``oneLine(_:)``.
    public init(_ kind: Kind, file: String, line: Int? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = Self.oneLine(message)
    }

    /// The longest message kept whole, in characters: room for a long path, libinput's words
    /// and the numbers behind them, but not for a quoted value of a megabyte.
    static let maxMessageLength = 480

    /// `message` as one line a terminal shows as it is: control characters (a newline, a
    /// terminal's escape) written as escapes, and the middle of a message longer than
    /// ``maxMessageLength`` (a quoted value of a megabyte) cut to "…", keeping its start and the
    /// problem it states at its end.
    public static func oneLine(_ message: String) -> String {
        let text = escaped(message)
        guard text.count > maxMessageLength else { return text }
        return text.prefix(maxMessageLength / 3) + "…" + text.suffix(maxMessageLength / 2)
    }

    /// `text` with its control characters and Unicode line and paragraph separators written as
    /// escapes: a file's name may hold them too, and a value a usage error quotes.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where OneLineText.breaks(scalar):
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    public var description: String {
        let file = Self.escaped(file)
        if let line { return "\(file):\(line): \(problem)" }
        return file.isEmpty ? problem : "\(file): \(problem)"
    }

    /// The message, and the format the file was read as if it was (``readAs``).
    public var problem: String {
        guard let readAs else { return message }
        let name =
            switch readAs {
            case .evemu: "evemu"
            case .libinputRecord: "libinput record YAML"
            case .evtest: "evtest output"
            case .getevent: "getevent output"
            case .chromeOS: "a ChromeOS evdev log"
            }
        return message + " (read as \(name))"
    }

    /// The error, for bad data in `file`, saying which format that file was read as (the first
    /// format that read it, when one format's reader hands its text to another's); an error of
    /// another file (a description given for it) as it is.
    func reading(_ format: RecordingLoader.Format, of file: String) -> RecordingError {
        guard kind == .badData, readAs == nil, self.file == file else { return self }
        var error = self
        error.readAs = format
        return error
    }

    static func bad(_ file: String, _ line: Int?, _ message: String) -> RecordingError {
        RecordingError(.badData, file: file, line: line, message)
    }
}

/// A missing path or a directory is ``RecordingError/Kind/missingFile``, one in a directory
/// this process may not search ``RecordingError/Kind/permission``. `-` is standard input.
func checkIsFile(_ path: String) throws(RecordingError) {
    if path == standardInputPath { return }
    if path.isEmpty { throw RecordingError(.usage, file: "", "an empty path names no file") }
    guard try fileStatus(path).st_mode & S_IFMT != S_IFDIR else {
        throw RecordingError(.missingFile, file: path, "is a directory, not a file")
    }
}

/// What `stat` says of `path`; a path that is not there is ``RecordingError/Kind/missingFile``,
/// one in a directory this process may not search ``RecordingError/Kind/permission``.
public func fileStatus(_ path: String) throws(RecordingError) -> stat {
    var info = stat()
    guard stat(path, &info) == 0 else {
        let code = errno
        if code == EACCES { throw RecordingError(.permission, file: path, "permission denied") }
        let reason = missingReason(path, errno: code)
        // A name suggested beside a link that is there would be the link's own.
        let hint = reason == noSuchFile ? relativeTo(path) + NearestName.hint(for: path) : ""
        throw RecordingError(.missingFile, file: path, reason + hint)
    }
    return info
}

private let noSuchFile = "no such file"

/// Why `path`, which `stat` could not follow with `errno`, is not there to read: a loop of
/// symbolic links, a link to nothing (naming where it points), or no such file.
public func missingReason(_ path: String, errno code: Int32) -> String {
    if code == ELOOP { return "a loop of symbolic links" }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        return "a broken symbolic link to \(target)"
    }
    return noSuchFile
}

/// ` (from /home/me/app)`: the directory a relative path was read from, which a library's caller
/// (a test run from its package's root) may not have meant; empty for an absolute path.
private func relativeTo(_ path: String) -> String {
    guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return "" }
    defer { free(directory) }
    return " (from \(String(cString: directory)))"
}

/// The path that names standard input, as for most Unix tools.
public let standardInputPath = "-"

/// Whether `path` is read or written once, as a stream: standard input, or a file that is
/// neither a regular one nor a directory (a pipe such as `<(…)`, a FIFO, a device).
public func isPipe(_ path: String) -> Bool {
    var status = stat()
    return path == standardInputPath
        || (stat(path, &status) == 0 && ![S_IFREG, S_IFDIR].contains(status.st_mode & S_IFMT))
}

/// Refuses standard input named twice among `paths`, or one FIFO named twice, by one path or two
/// (`-` and `/dev/stdin`): it can be read once, and the second reading would find nothing, or wait
/// for a writer gone (``RecordingError/Kind/usage``).
func checkEachPipeOnce(_ paths: [String]) throws(RecordingError) {
    if paths.filter({ $0 == standardInputPath }).count > 1 {
        throw RecordingError(.usage, file: standardInputPath, "standard input can be given once")
    }
    var seen: [String: String] = [:]
    for path in paths {
        var status = stat()
        let found = path == standardInputPath ? fstat(STDIN_FILENO, &status) == 0 : stat(path, &status) == 0
        guard found, status.st_mode & S_IFMT == S_IFIFO else { continue }
        let identity = "\(status.st_dev):\(status.st_ino)"
        if let first = seen[identity] {
            throw RecordingError(
                .usage, file: path,
                first == path ? "a pipe can be given once" : "is the same pipe as \(first), which can be read once")
        }
        seen[identity] = path
    }
}

/// ``checkReadable(_:)`` for each of `paths` and `replaceable` given, standard input and each
/// FIFO at most once among them: a command checks its inputs so before a libinput build that may
/// take a minute, or a replay, not after it. Each but the `replaceable` (read whole first, which
/// an output may replace: timings updated in place) is counted among the ``CommandInputs`` no
/// output may be.
public func checkReadable(_ paths: [String?], replaceable: [String] = []) throws(RecordingError) {
    CommandInputs.count(paths.compactMap { $0 })
    try checkEachPipeOnce(paths.compactMap { $0 } + replaceable)
    for case let path? in paths + replaceable { try checkReadable(path) }
}

/// ``checkReadable(_:replaceable:)`` for a command that reads several `files` as `grep` does,
/// passing over one that cannot be read: each of them is counted and checked for a pipe given
/// twice, and refused here only where none can be read (a command that would read nothing
/// says so before a libinput build); otherwise each is told as the command comes to it.
/// Returns the files that can be read.
@discardableResult
public func checkReadable(_ paths: [String?], passingOver files: [String]) throws(RecordingError) -> [String] {
    try checkReadable(paths)
    CommandInputs.count(files)
    try checkEachPipeOnce(paths.compactMap { $0 } + files)
    // Each is asked, so that a name no file can have is refused wherever it stands.
    var readable: [String] = []
    for path in files where try isReadable(path) { readable.append(path) }
    if readable.isEmpty { for path in files { try checkReadable(path) } }
    return readable
}

/// Whether `path` can be read now: false for one missing, a directory or one this process may not
/// read, which a command reading several passes over; a name no file can have (empty) is refused.
private func isReadable(_ path: String) throws(RecordingError) -> Bool {
    do throws(RecordingError) {
        try checkReadable(path)
    } catch let error where error.kind == .missingFile || error.kind == .permission {
        return false
    }
    return true
}

/// Refuses a path that is missing or a directory (``RecordingError/Kind/missingFile``), or that
/// this process may not read (``RecordingError/Kind/permission``).
public func checkReadable(_ path: String) throws(RecordingError) {
    try checkIsFile(path)
    guard path == standardInputPath || access(path, R_OK) == 0 else {
        throw RecordingError(.permission, file: path, "permission denied")
    }
}

/// Reads a whole text file, mapping the OS's reasons onto ``RecordingError`` kinds. Any readable
/// path works, a pipe too (`<(…)`, `-` for standard input), which can be read only once: within
/// ``PipeTexts/keeping(_:)`` a short one is read once and its text kept. `kind` names what
/// the file should be (`"a gesture script"`) in the messages refusing a line longer than 1 MiB,
/// or a file longer than 16 MiB unless the kind `mayBeLong` (a capture of an hour's events), so
/// that memory stays bounded whatever a file holds. `verbatim`: Windows line ends and a byte
/// order mark kept, for a file another program reads as it is (``LineReader/verbatim``).
public func readText(
    _ path: String, of kind: String, mayBeLong: Bool = false, verbatim: Bool = false
) throws(RecordingError) -> String {
    guard !mayBeLong, isPipe(path), let kept = PipeTexts.current else {
        return try readWhole(path, of: kind, mayBeLong: mayBeLong, verbatim: verbatim)
    }
    return try kept.text(of: path) { () throws(RecordingError) in
        try readWhole(path, of: kind, mayBeLong: false, verbatim: verbatim)
    }
}

/// The texts of short pipes a command has read, which a second reading finds here: a pipe can be
/// read once, and a description given once is read for each of a command's recordings. Kept
/// only for the command that read them (``keeping(_:)``), so that none outlives it.
public final class PipeTexts: @unchecked Sendable {
    @TaskLocal fileprivate static var current: PipeTexts?
    private let lock = NSLock()
    private var texts: [String: String] = [:]

    private init() {}

    /// Runs `body` keeping the texts of the pipes it reads.
    public static func keeping<T>(_ body: () throws -> T) rethrows -> T {
        try $current.withValue(PipeTexts(), operation: body)
    }

    /// `body`, run elsewhere (on another thread), keeping its pipes' texts where it was made.
    public static func carried(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let texts = current
        return { $current.withValue(texts, operation: body) }
    }

    /// The text of the pipe at `path`: kept, or read by `read` and kept, while no other thread
    /// reads it meanwhile.
    fileprivate func text(
        of path: String, read: () throws(RecordingError) -> String
    ) throws(RecordingError) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let text = texts[path] { return text }
        let text = try read()
        texts[path] = text
        return text
    }
}

private func readWhole(
    _ path: String, of kind: String, mayBeLong: Bool, verbatim: Bool
) throws(RecordingError) -> String {
    var reader = try LineReader(path: path, of: kind)
    reader.verbatim = verbatim
    defer { reader.close() }
    var text = ""
    var bytes = 0
    while let line = try reader.next() {
        bytes += line.utf8.count + 1
        if !mayBeLong, bytes > LineReader.maxHeaderBytes {
            throw RecordingError.bad(path, reader.lineNumber, "longer than 16 MiB: not \(kind)")
        }
        text += line
        text += "\n"
    }
    return text
}
