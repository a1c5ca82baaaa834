import Foundation

/// A recording read frame by frame from its file: the device description first, then one frame
/// at a time, so that replaying an hour-long recording holds one frame in memory, not the file.
/// Every format is detected by content; errors name the file and line.
public final class RecordingStream {
    /// The file read.
    public let file: String
    public let format: RecordingLoader.Format
    public let device: DeviceDescription
    private var reader: LineReader
    private var lookahead: (line: Int, text: String)?
    private var assembler = FrameAssembler()
    private var finished = false
    private var lastTime: UInt64?
    private var yamlLines = LibinputRecordFormat.EventLines()
    /// Frames of a YAML file whose layout is not libinput's own, read whole by the YAML parser.
    private var preloaded: [EvdevFrame] = []

    /// Longest span a recording may cover (24 hours): keeps the harness's schedule arithmetic
    /// far from overflow.
    public static let longestRecording: UInt64 = 24 * 3_600_000_000

    /// Opens `path` and reads its header. An evemu file without one takes its device from
    /// `description` (a `.desc` path) or the `.desc` beside it whose name is its longest prefix.
    public convenience init(path: String, description: String? = nil) throws(RecordingError) {
        try self.init(reader: LineReader(path: path, of: "a recording"), description: description)
    }

    /// The recording in `text`, already read from `file` (a pipe, which cannot be read twice);
    /// errors name `file`.
    public convenience init(text: String, file: String, description: String? = nil) throws(RecordingError) {
        try self.init(reader: LineReader(text: text, file: file, of: "a recording"), description: description)
    }

    private init(reader lines: LineReader, description: String?) throws(RecordingError) {
        let path = lines.file
        file = path
        reader = lines
        var header = ""
        var detected: RecordingLoader.Format?
        var firstEventLine: (Int, String)?
        while let line = try reader.next() {
            if detected == nil {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !(trimmed.isEmpty || trimmed.hasPrefix("#")) { detected = RecordingLoader.detectFormat(trimmed) }
            }
            if let format = detected, Self.startsEvents(line, format) {
                firstEventLine = (reader.lineNumber, line)
                break
            }
            header += line + "\n"
            guard header.utf8.count <= LineReader.maxHeaderBytes else {
                throw RecordingError.bad(path, reader.lineNumber, "the header is longer than 16 MiB: not a recording")
            }
        }
        format = detected ?? .evemu
        switch format {
        case .evemu:
            let parsed = try EvemuFormat.parseDescription(header, file: path)
            if let parsed {
                device = parsed
            } else if let descPath = description ?? RecordingLoader.matchingDescription(for: path),
                      let fromDesc = try EvemuFormat.parseDescription(try readText(descPath, of: "a device description"), file: descPath) {
                device = fromDesc
            } else {
                throw RecordingError.bad(path, 1, "missing header: no N:/I:/B: device description and no matching .desc file")
            }
        case .evtest:
            device = try EvtestFormat.parse(header, file: path).device
        case .libinputRecord:
            let parsed = try LibinputRecordFormat.parse(header, file: path)
            device = parsed.device
            // No `  events:` line at libinput's indentation: the whole file was the header.
            if firstEventLine == nil { preloaded = parsed.frames.reversed() }
        }
        lookahead = firstEventLine
    }

    deinit { reader.close() }

    /// Whether `line` is the first line after the header: an evemu `E:` line, an evtest
    /// `Event:` line, or the YAML key that opens the first device's events.
    private static func startsEvents(_ line: String, _ format: RecordingLoader.Format) -> Bool {
        switch format {
        case .evemu: return line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("E:")
        case .evtest: return line.hasPrefix("Event: time ")
        case .libinputRecord: return line == "  events:"
        }
    }

    /// The next frame, or nil at the end. Times are microseconds since the first event; time
    /// going backwards is bad data, and a last frame without SYN_REPORT is closed with one.
    public func nextFrame() throws(RecordingError) -> EvdevFrame? {
        if let frame = preloaded.popLast() { return frame }
        while !finished {
            let line: (Int, String)
            if let pending = lookahead {
                line = pending
                lookahead = nil
            } else if let text = try reader.next() {
                line = (reader.lineNumber, text)
            } else {
                finished = true
                break
            }
            guard let (time, event) = try parseEvent(line.1, line: line.0) else { continue }
            try EvemuFormat.checkKnown(event, device: device, file: file, line: line.0)
            // Kernel timestamps never go back within a recording: one whose times do was edited.
            if let last = lastTime, time < last {
                throw RecordingError.bad(file, line.0, String(format: "timestamp %llu.%06llu is earlier than the previous event's %llu.%06llu",
                                                             time / 1_000_000, time % 1_000_000, last / 1_000_000, last % 1_000_000))
            }
            lastTime = time
            if let frame = assembler.add(time: time, event: event) {
                guard frame.time <= Self.longestRecording else {
                    throw RecordingError.bad(file, line.0, "the recording spans more than 24 hours; replays are limited to 24 hours")
                }
                return frame
            }
        }
        return assembler.flush()
    }

    /// Every remaining frame (for recordings that fit in memory).
    public func readAll() throws(RecordingError) -> [EvdevFrame] {
        var frames: [EvdevFrame] = []
        while let frame = try nextFrame() { frames.append(frame) }
        return frames
    }

    /// The event on a line, or nil for a line that carries none.
    private func parseEvent(_ text: String, line: Int) throws(RecordingError) -> (UInt64, EvdevEvent)? {
        switch format {
        case .evemu: return try EvemuFormat.eventLine(text, file: file, line: line)
        case .evtest: return try EvtestFormat.eventLine(text, file: file, line: line)
        case .libinputRecord: return try yamlLines.parse(text, file: file, line: line)
        }
    }
}

/// Groups timed events into frames ending at SYN_REPORT, with times relative to the first event.
struct FrameAssembler {
    private var start: UInt64?
    private var current: [EvdevEvent] = []
    private var frameTime: UInt64 = 0

    /// Adds an event; returns the frame it completes.
    mutating func add(time: UInt64, event: EvdevEvent) -> EvdevFrame? {
        let origin = start ?? time
        start = origin
        if current.isEmpty { frameTime = time >= origin ? time - origin : 0 }
        current.append(event)
        guard event.isSynReport else { return nil }
        defer { current.removeAll(keepingCapacity: true) }
        return EvdevFrame(time: frameTime, events: current)
    }

    /// The events after the last SYN_REPORT, closed with one so that a reader sees every event.
    mutating func flush() -> EvdevFrame? {
        guard !current.isEmpty else { return nil }
        current.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        defer { current.removeAll() }
        return EvdevFrame(time: frameTime, events: current)
    }
}

/// Lines of a file read in fixed-size chunks, so memory stays bounded whatever the file's size;
/// a line longer than ``maxLineLength`` or not UTF-8 is bad data, named as not being `kind`.
struct LineReader {
    static let maxLineLength = 1 << 20
    /// The most a header, or a whole file of a kind that is never long, may hold.
    static let maxHeaderBytes = 16 << 20
    let file: String
    /// What the file should be, for messages: "a recording".
    private let kind: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private(set) var lineNumber = 0

    init(path: String, of kind: String) throws(RecordingError) {
        file = path
        self.kind = kind
        try checkIsFile(path)
        fd = path == standardInputPath ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw errno == EACCES || errno == EPERM
                ? RecordingError(.permission, file: path, "permission denied")
                : RecordingError(.permission, file: path, "cannot be read: \(String(cString: strerror(errno)))")
        }
    }

    /// The lines of `text`, already read from `file`.
    init(text: String, file: String, of kind: String) {
        self.file = file
        self.kind = kind
        fd = -1
        buffer = Array(text.utf8)
        atEnd = true
    }

    /// Closes the file (once); the reader reads nothing after.
    mutating func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
        atEnd = true
        buffer = []
        start = 0
    }

    mutating func next() throws(RecordingError) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let text = try line(buffer[start..<newline])
                start = newline + 1
                return text
            }
            if buffer.count - start > Self.maxLineLength {
                throw RecordingError.bad(file, lineNumber + 1, "a line longer than 1 MiB: not \(kind)")
            }
            if atEnd {
                guard start < buffer.count else {
                    close()
                    return nil
                }
                let text = try line(buffer[start...])
                start = buffer.count
                return text
            }
            buffer.removeFirst(start)
            start = 0
            let chunk = 256 * 1024
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunk))
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, chunk) }
            guard n >= 0 else {
                close()
                throw RecordingError(.permission, file: file, "cannot be read: \(String(cString: strerror(errno)))")
            }
            buffer.removeLast(chunk - n)
            if n == 0 { atEnd = true }
        }
    }

    private mutating func line(_ bytes: ArraySlice<UInt8>) throws(RecordingError) -> String {
        lineNumber += 1
        let trimmed = bytes.last == 13 ? bytes.dropLast() : bytes
        guard let text = String(validating: trimmed, as: UTF8.self) else {
            throw RecordingError.bad(file, lineNumber, "not UTF-8 text")
        }
        return text
    }
}
