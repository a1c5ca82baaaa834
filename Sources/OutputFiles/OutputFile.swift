import Foundation

/// Why an output file could not be written, with the system's reason.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for the exit status.
    public enum Kind: Sendable {
        /// It cannot be created: its folder is missing, it is a folder, the file system is read-only.
        case cannotCreate
        /// Permission to create or write it was refused.
        case permission
        /// Writing it, or putting it in place, failed (a full disk).
        case io
        /// It is one of the command's inputs, which writing it would destroy.
        case overwritesInput
        /// It is given to two outputs, the second of which would replace the first.
        case givenTwice
        /// The path is empty.
        case noPath
    }

    /// What went wrong.
    public let kind: Kind
    /// The output file's path, as given.
    public let path: String
    /// The problem in words: `cannot write: No space left on device`.
    public let reason: String

    /// An error about the output at `path`.
    public init(kind: Kind, path: String, reason: String) {
        (self.kind, self.path, self.reason) = (kind, path, reason)
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

/// An output file written whole or not at all. A regular file is written as a temporary file
/// beside it, which takes its place when ``commit()`` is called: until then, and for good when
/// the command fails or is interrupted first, the file that was there is left as it was, and
/// a full disk leaves no cut-off file. Writing in place what was read (`convert x.yml -o x.yml`)
/// is safe so. Written where it is instead: a device or a pipe (`/dev/null`, `>(…)`); a stream
/// that must be readable whenever it stops (``init(_:inputs:replacing:streaming:)``); a file that a folder
/// taking no new file holds, that has other links, that another user owns, or that a dangling
/// link names. `-` is standard output.
public final class OutputFile: @unchecked Sendable {
    /// The path given.
    public let path: String
    /// Where to write the file's bytes.
    public let fileDescriptor: Int32
    /// The temporary file and the file it will replace, for a file written whole.
    private let pending: (temporary: String, target: String)?
    private var ended = false

    /// Opens `path` for writing. It may not be the same file as any of `inputs` (a recording
    /// the command reads) or of the ``CommandInputs`` counted, which writing it would destroy,
    /// but for `replacing`, an input read whole first (`convert x.yml -o x.yml`); nor a file this
    /// user may not write. A `streaming` file (a live recording) is written where it is, readable
    /// at any moment.
    public init(
        _ path: String, inputs: [String] = [], replacing: String? = nil, streaming: Bool = false
    ) throws(OutputFileError) {
        self.path = path
        if path.isEmpty {
            throw OutputFileError(kind: .noPath, path: path, reason: "an empty path names no output file")
        }
        if path == "-" {
            (fileDescriptor, pending) = (fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0), nil)
            return
        }
        var target = stat()
        let exists = stat(path, &target) == 0
        let regular = exists && (target.st_mode & S_IFMT) == S_IFREG
        // A device or a pipe written to destroys nothing read from it.
        let replaced = replacing.map { Self.isFile($0, sameAs: target) } == true
        if regular, !replaced, (inputs + CommandInputs.counted).contains(where: { Self.isFile($0, sameAs: target) }) {
            throw OutputFileError(
                kind: .overwritesInput, path: path, reason: "is also an input, which writing it would destroy")
        }
        if exists && (target.st_mode & S_IFMT) == S_IFDIR { throw Self.failure(path, EISDIR) }
        if regular && access(path, W_OK) != 0 { throw Self.failure(path, errno) }
        var link = stat()
        let dangling = !exists && lstat(path, &link) == 0
        let inPlace =
            streaming || dangling || (exists && (!regular || target.st_nlink > 1 || target.st_uid != geteuid()))
        if !inPlace, let temporary = try Self.temporary(beside: path, exists: exists, mode: target.st_mode) {
            (fileDescriptor, pending) = temporary
            return
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.failure(path, errno) }
        (fileDescriptor, pending) = (fd, nil)
    }

    /// A temporary file beside `path` (a link followed: beside the file it names), with the mode
    /// of the file it will replace or a new file's; nil where the folder takes no new file but
    /// the file is there to write in place.
    private static func temporary(
        beside path: String, exists: Bool, mode: mode_t
    ) throws(OutputFileError) -> (Int32, (temporary: String, target: String))? {
        let resolved = exists ? realPath(path) ?? path : path
        let folder = (resolved as NSString).deletingLastPathComponent
        let name = (resolved as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).touchsynth-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            // procfs and sysfs answer ENOENT for a new file beside one that is there.
            if exists && [EACCES, EPERM, EROFS, ENOENT].contains(errno) { return nil }
            throw failure(path, errno)
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // As `open(path, O_CREAT, 0644)` would make it, or as the file it replaces was.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, exists ? mode & 0o7777 : 0o644 & ~mask)
        return (fd, (template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }, resolved))
    }

    /// Whether what is written can be read back before ``commit()``: a regular file this user may
    /// read, not standard output, a pipe or a device.
    public var canBeReadBack: Bool {
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        // Opened anew, as a reader of it is: the descriptor itself may be for writing alone.
        let reading = open("/proc/self/fd/\(fileDescriptor)", O_RDONLY | O_CLOEXEC)
        if reading >= 0 { close(reading) }
        return reading >= 0
    }

    /// Puts the file in place of what was at its path, once what was written is on the disk.
    /// Writes to the descriptor after this go to the file in place. Should that fail, the
    /// temporary file is kept, and the error names it: what was written is not lost.
    public func commit() throws(OutputFileError) {
        guard !ended else { return }
        ended = true
        guard let pending else { return }
        guard fsync(fileDescriptor) == 0 else {
            let code = errno
            unlink(pending.temporary)
            throw OutputFileError(kind: .io, path: path, reason: "cannot write: " + String(cString: strerror(code)))
        }
        guard rename(pending.temporary, pending.target) == 0 else {
            throw OutputFileError(
                kind: .io, path: path,
                reason: "cannot put it in place (\(String(cString: strerror(errno)))); it is in \(pending.temporary)")
        }
    }

    /// Leaves what was at the path as it was: the temporary file is removed.
    public func discard() {
        guard !ended else { return }
        ended = true
        if let pending { unlink(pending.temporary) }
    }

    deinit {
        discard()
        close(fileDescriptor)
    }

    /// Opens `/dev/null` on each of the standard descriptors the process was started without
    /// (`touchsynth … >&-`): else the next file opened takes its number, and what is printed goes
    /// into that file. Opened for reading only, a closed stdout still refuses what is printed
    /// (`EBADF`), as it would have.
    public static func keepStandardDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// Creates the folder `path` and any missing parents, for output files to go in.
    public static func makeFolder(_ path: String) throws(OutputFileError) {
        if path.isEmpty {
            throw OutputFileError(kind: .noPath, path: path, reason: "an empty path names no folder to write into")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw OutputFileError(kind: .cannotCreate, path: path, reason: "a file, not a folder to write into")
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            // Foundation's own text ("The operation could not be completed") names no reason; the
            // system call's error under it does (a POSIXError, which `as? NSError` does not match).
            let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
            let code = underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
            throw OutputFileError(
                kind: code == EACCES || code == EPERM ? .permission : .cannotCreate, path: path,
                reason: "cannot create: " + (code.map { String(cString: strerror($0)) } ?? error.localizedDescription))
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> OutputFileError {
        OutputFileError(
            kind: code == EACCES || code == EPERM ? .permission : .cannotCreate, path: path,
            reason: "cannot write: " + String(cString: strerror(code)))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` names the file open at descriptor `fd` (`/dev/stdout`, or the file stdout
    /// was redirected to, for fd 1).
    public static func names(_ path: String, descriptor fd: Int32) -> Bool {
        var open = stat()
        return fstat(fd, &open) == 0 && isFile(path, sameAs: open)
    }

    /// Refuses one path given to two outputs (``OutputFileError/Kind/givenTwice``), each named by
    /// its `option`: the second written would replace the first. Paths are compared as
    /// ``sameFile(_:_:)`` compares them; `-` (standard output) is not a file.
    public static func refuseOneFileTwice(_ outputs: [(option: String, path: String?)]) throws(OutputFileError) {
        var seen: [(option: String, path: String)] = []
        for case let (option, path?) in outputs where path != "-" {
            if let earlier = seen.first(where: { sameFile($0.path, path) }) {
                throw OutputFileError(
                    kind: .givenTwice, path: path,
                    reason: "is given to both \(earlier.option) and \(option): one would replace the other")
            }
            seen.append((option, path))
        }
    }

    /// Whether paths `a` and `b` name one output file: the same path tidied (`./x` is `x`), or,
    /// where it is there, the same file.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        if URL(fileURLWithPath: a).standardizedFileURL == URL(fileURLWithPath: b).standardizedFileURL { return true }
        var first = stat()
        return stat(a, &first) == 0 && isFile(b, sameAs: first)
    }

    /// Whether `path` (`-`: what standard input reads) is the file `target` describes.
    private static func isFile(_ path: String, sameAs target: stat) -> Bool {
        var other = stat()
        let found = path == "-" ? fstat(STDIN_FILENO, &other) == 0 : stat(path, &other) == 0
        return found && other.st_dev == target.st_dev && other.st_ino == target.st_ino
    }
}
