import Foundation

/// Why an output file could not be written, with the system's reason.
public struct OutputFileError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// It cannot be created: its folder is missing, it is a folder, the file system is read-only.
        case cannotCreate
        /// Permission to create it was refused.
        case permission
        /// Writing it, or putting it in place, failed (a full disk).
        case io
        /// It is one of the command's inputs, which writing it would destroy.
        case overwritesInput
        /// The path is empty.
        case noPath
    }

    public let kind: Kind
    public let path: String
    public let reason: String

    public init(kind: Kind, path: String, reason: String) {
        (self.kind, self.path, self.reason) = (kind, path, reason)
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

/// An output file written whole or not at all. A regular file is written as a temporary file
/// beside it, which takes its place when ``commit()`` is called: until then, and for good when
/// the command fails or is interrupted first, the file that was there is left as it was, and
/// a full disk leaves no cut-off file. Writing in place what was read (`convert x.yml -o x.yml`)
/// is safe so. A device or a pipe (`/dev/null`, `>(…)`) is written directly; `-` is standard
/// output.
public final class OutputFile: @unchecked Sendable {
    public let path: String
    /// Where to write the file's bytes.
    public let fileDescriptor: Int32
    /// The temporary file and the file it will replace, for a regular file.
    private let pending: (temporary: String, target: String)?
    private var ended = false

    /// Opens `path` for writing. It may not be the same file as any of `inputs` (a recording
    /// the command reads), which writing it would destroy.
    public init(_ path: String, inputs: [String] = []) throws(OutputFileError) {
        self.path = path
        if path.isEmpty {
            throw OutputFileError(kind: .noPath, path: path, reason: "an empty path names no output file")
        }
        if path == "-" {
            (fileDescriptor, pending) = (fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0), nil)
            return
        }
        func failure(_ code: Int32) -> OutputFileError {
            OutputFileError(
                kind: code == EACCES || code == EPERM ? .permission : .cannotCreate, path: path,
                reason: "cannot write: " + String(cString: strerror(code)))
        }
        var target = stat()
        let exists = stat(path, &target) == 0
        if exists, inputs.contains(where: { Self.isFile($0, sameAs: target) }) {
            throw OutputFileError(
                kind: .overwritesInput, path: path, reason: "is also an input, which writing it would destroy")
        }
        if exists && (target.st_mode & S_IFMT) == S_IFDIR { throw failure(EISDIR) }
        if exists && (target.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(errno) }
            (fileDescriptor, pending) = (fd, nil)
            return
        }
        // A link is followed: the file it names is replaced, the link kept.
        let resolved = exists ? Self.realPath(path) ?? path : path
        let folder = (resolved as NSString).deletingLastPathComponent
        let name = (resolved as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).touchsynth-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // As `open(path, O_CREAT, 0644)` would make it, or as the file it replaces was.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, exists ? target.st_mode & 0o7777 : 0o644 & ~mask)
        fileDescriptor = fd
        pending = (String(cString: template), resolved)
    }

    /// Puts the file in place of what was at its path. Writes to the descriptor after this go
    /// to the file in place.
    public func commit() throws(OutputFileError) {
        guard !ended else { return }
        ended = true
        guard let pending else { return }
        guard rename(pending.temporary, pending.target) == 0 else {
            let code = errno
            unlink(pending.temporary)
            throw OutputFileError(kind: .io, path: path, reason: "cannot write: " + String(cString: strerror(code)))
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

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isFile(_ path: String, sameAs target: stat) -> Bool {
        var other = stat()
        return path != "-" && stat(path, &other) == 0 && other.st_dev == target.st_dev && other.st_ino == target.st_ino
    }
}
