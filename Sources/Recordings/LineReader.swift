import Foundation

/// Lines of a file read in fixed-size chunks, so memory stays bounded whatever the file's size;
/// a line longer than ``maxLineLength`` or not UTF-8 is bad data, named as not being `kind`.
struct LineReader {
    static let maxLineLength = 1 << 20
    /// The most a header, or a whole file of a kind that is never long, may hold.
    static let maxHeaderBytes = 16 << 20
    let file: String
    /// What the file should be, for messages: "a recording".
    private let kind: String
    /// The file, closed at the end, or when no copy of the reader is left (an error mid-header).
    private let opened: OpenFile
    /// The bytes read and not yet taken are `buffer[start..<end]`; the rest is room to read into.
    private var buffer: [UInt8] = []
    private var start = 0
    private var end = 0
    private var atEnd = false
    private(set) var lineNumber = 0
    private var pushedBack: String?
    /// Whether the line last read is a file's last, without the line end a writer ends it with:
    /// cut where the file was (a pulled cable, a full disk), perhaps in the middle of a number.
    private(set) var lastLineWasCut = false
    private var fromFile = true
    /// A file every chunk read is written to as well (a pipe's copy, to read it again), or -1.
    private let copy: Int32
    /// Why writing to ``copy`` failed (an `errno`), if it did: the copy stops there.
    private(set) var copyError: Int32?
    /// The bytes read from the file so far.
    private(set) var bytesRead = 0
    /// Whether lines come as written: a carriage return before a line feed, and a byte order mark
    /// before the first line, kept for a reader that takes them as text (libinput's quirks parser).
    var verbatim = false
    /// Asked while waiting for the next bytes, as often as ``stopCheckInterval``: true ends the
    /// reading there, as if at the file's end (a pipe whose writer goes on, read while a stop
    /// signal is held, which any of the process's threads may have taken).
    var stopsWaiting: (() -> Bool)?
    /// How often, in milliseconds, a wait asks ``stopsWaiting``.
    static let stopCheckInterval: Int32 = 100

    init(path: String, of kind: String, copyingTo copy: Int32 = -1) throws(RecordingError) {
        file = path
        self.kind = kind
        self.copy = copy
        try checkIsFile(path)
        let fd = path == standardInputPath ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw errno == EACCES || errno == EPERM
                ? RecordingError(.permission, file: path, "permission denied") : Self.readError(errno, file: path)
        }
        opened = OpenFile(fd)
    }

    /// The lines of the file open as `fd`, read from its start through a descriptor of their own
    /// (a pipe's copy, which ``init(path:of:copyingTo:)`` wrote); errors name `file`.
    init(reopening fd: Int32, file: String, of kind: String) throws(RecordingError) {
        self.file = file
        self.kind = kind
        copy = -1
        // A new open of the same file, unlike dup(2), has an offset of its own.
        let own = open("/proc/self/fd/\(fd)", O_RDONLY | O_CLOEXEC)
        guard own >= 0 else { throw Self.readError(errno, file: file) }
        opened = OpenFile(own)
    }

    /// The lines of `text`, already read from `file`.
    init(text: String, file: String, of kind: String) {
        self.file = file
        self.kind = kind
        copy = -1
        opened = OpenFile(-1)
        fromFile = false
        buffer = Array(text.utf8)
        end = buffer.count
        atEnd = true
    }

    /// A reader of `fd` (already open, positioned at `offset`), whose next line is `line` + 1.
    private init(fd: Int32, file: String, of kind: String, offset: Int, line: Int) {
        self.file = file
        self.kind = kind
        copy = -1
        opened = OpenFile(fd)
        bytesRead = offset
        lineNumber = line
    }

    /// Where the next line starts in the file, in bytes (with no line pushed back).
    var offset: Int { bytesRead - (end - start) }

    /// The file kept open to be read again from any place (``ReadAgain``), when it is a regular
    /// file; nil for a pipe, which can be read once, and for text.
    func readAgain() throws(RecordingError) -> ReadAgain? {
        var status = stat()
        guard fromFile, opened.fd >= 0, fstat(opened.fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        // Where the reading began in the file: standard input may have been read into already.
        let position = lseek(opened.fd, 0, SEEK_CUR)
        guard position >= 0 else { return nil }
        let fd = open("/proc/self/fd/\(opened.fd)", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.readError(errno, file: file) }
        return ReadAgain(opened: OpenFile(fd), base: Int(position) - bytesRead, file: file, kind: kind)
    }

    /// A regular file held open, from which readers start anywhere, each with an offset of its own.
    struct ReadAgain {
        fileprivate let opened: OpenFile
        /// Where in the file the first reader began: its offsets count from there.
        fileprivate let base: Int
        let file: String
        let kind: String

        /// A reader from `offset` (counted as the first reader counted), the start of line `line` + 1.
        func reader(from offset: Int, afterLine line: Int) throws(RecordingError) -> LineReader {
            let fd = open("/proc/self/fd/\(opened.fd)", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw LineReader.readError(errno, file: file) }
            let at = off_t(base + offset)
            guard lseek(fd, at, SEEK_SET) == at else {
                let error = errno
                _ = Glibc.close(fd)
                throw LineReader.readError(error, file: file)
            }
            return LineReader(fd: fd, file: file, of: kind, offset: offset, line: line)
        }
    }

    /// Closes the file (once); the reader reads nothing after.
    mutating func close() {
        pushedBack = nil
        opened.close()
        atEnd = true
        buffer = []
        start = 0
        end = 0
    }

    /// Makes `text`, the line just read, the next line again.
    mutating func pushBack(_ text: String) {
        pushedBack = text
        lineNumber -= 1
    }

    mutating func next() throws(RecordingError) -> String? {
        if let text = pushedBack {
            pushedBack = nil
            lineNumber += 1
            return text
        }
        while true {
            if let newline = nextNewline() {
                // Found within the chunks read, a long line is still held to the bound.
                guard newline - start <= Self.maxLineLength else { throw longLine }
                let text = try line(buffer[start..<newline])
                start = newline + 1
                return text
            }
            if end - start > Self.maxLineLength { throw longLine }
            if atEnd {
                guard start < end else {
                    close()
                    return nil
                }
                let text = try line(buffer[start..<end])
                start = end
                lastLineWasCut = fromFile
                return text
            }
            try readChunk()
        }
    }

    /// The first byte of what is not yet taken that is not blank (white space, a byte order
    /// mark's), reading on as far as `limit` bytes; nil when there is none so far. Nothing is taken.
    mutating func firstNonBlank(within limit: Int) throws(RecordingError) -> UInt8? {
        let blank: Set<UInt8> = [32, 9, 10, 13, 0xEF, 0xBB, 0xBF]
        var checked = 0
        while true {
            if let found = buffer[(start + checked)..<end].first(where: { !blank.contains($0) }) { return found }
            checked = end - start
            guard !atEnd, checked < limit else { return nil }
            try readChunk()
        }
    }

    /// A failed read of `file`: a directory (standard input redirected from one) is no file to
    /// read, as its path would not be; anything else a refusal.
    private static func readError(_ error: Int32, file: String) -> RecordingError {
        error == EISDIR
            ? RecordingError(.missingFile, file: file, "is a directory, not a file")
            : RecordingError(.permission, file: file, "cannot be read: \(String(cString: strerror(error)))")
    }

    /// The next line, refused as longer than ``maxLineLength``; text (no NUL byte) holding carriage
    /// returns is a file whose lines end in them alone, however short its lines.
    private var longLine: RecordingError {
        let held = buffer[start..<end]
        guard verbatim || !held.contains(13) || held.contains(0) else {
            return RecordingError.bad(file, lineNumber + 1, RecordingStream.loneCarriageReturns)
        }
        return RecordingError.bad(file, lineNumber + 1, "a line longer than 1 MiB: not \(kind)")
    }

    /// Reads the next chunk after the bytes not yet taken.
    private mutating func readChunk() throws(RecordingError) {
        // The unread rest moves to the front and the next chunk is read after it, in place:
        // the buffer grows only for a line longer than a chunk.
        let chunk = 256 * 1024
        let rest = end - start
        if buffer.count < rest + chunk {
            var grown = [UInt8](repeating: 0, count: rest + chunk)
            grown.withUnsafeMutableBufferPointer { to in
                buffer.withUnsafeBufferPointer { from in
                    if rest > 0 { to.baseAddress!.update(from: from.baseAddress! + start, count: rest) }
                }
            }
            buffer = grown
        } else if rest > 0 && start > 0 {
            buffer.withUnsafeMutableBufferPointer { bytes in
                _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, rest)
            }
        }
        start = 0
        end = rest
        var n: Int
        // A signal handled meanwhile (a replay forwards Ctrl-C to its libinput side) only
        // interrupts the wait: the replay it stopped ends the command, not this read, unless
        // the reader's owner says it ends the reading.
        repeat {
            if let stops = stopsWaiting, !waitForBytes(until: stops) {
                n = 0
                break
            }
            n = buffer.withUnsafeMutableBufferPointer { read(opened.fd, $0.baseAddress! + rest, chunk) }
        } while n < 0 && errno == EINTR
        guard n >= 0 else {
            let error = errno
            close()
            throw Self.readError(error, file: file)
        }
        end += n
        bytesRead += n
        if n == 0 { atEnd = true }
        if copy >= 0, copyError == nil, n > 0 { writeCopy(rest..<end) }
    }

    /// Waits until the file has bytes to read (or its end, or an error, which the read then
    /// tells): false when `stops` says the reading ends first.
    private func waitForBytes(until stops: () -> Bool) -> Bool {
        var ready = pollfd(fd: opened.fd, events: Int16(POLLIN), revents: 0)
        while !stops() {
            let polled = poll(&ready, 1, Self.stopCheckInterval)
            if polled > 0 || (polled < 0 && errno != EINTR) { return true }
        }
        return false
    }

    /// Writes `range` of the buffer to ``copy``, keeping the first error.
    private mutating func writeCopy(_ range: Range<Int>) {
        var from = range.lowerBound
        while from < range.upperBound {
            let n = buffer.withUnsafeBufferPointer { write(copy, $0.baseAddress! + from, range.upperBound - from) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                copyError = n < 0 ? errno : ENOSPC
                return
            }
            from += n
        }
    }

    /// The index of the next newline from ``start``, if the buffer holds one.
    private func nextNewline() -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            guard start < end, let hit = memchr(bytes.baseAddress! + start, 10, end - start) else { return nil }
            return bytes.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    private mutating func line(_ bytes: ArraySlice<UInt8>) throws(RecordingError) -> String {
        lineNumber += 1
        // Every carriage return before the line feed: `\r\r\n` is a CRLF file converted to CRLF again.
        var trimmed = bytes
        while trimmed.last == 13 && !verbatim { trimmed = trimmed.dropLast() }
        // A byte order mark, which some Windows editors write, is no part of the first line.
        if lineNumber == 1 && !verbatim && trimmed.starts(with: [0xEF, 0xBB, 0xBF]) { trimmed = trimmed.dropFirst(3) }
        guard let text = String(validating: trimmed, as: UTF8.self) else {
            throw RecordingError.bad(file, lineNumber, "not UTF-8 text")
        }
        return text
    }
}

/// A file descriptor, closed once: by its reader, or when the last copy of its reader is gone.
private final class OpenFile: @unchecked Sendable {
    private(set) var fd: Int32

    init(_ fd: Int32) { self.fd = fd }

    func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}
