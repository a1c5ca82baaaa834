import Foundation
import LibinputEventText
import LibinputEvents

/// A file named on the command line that holds a recording or a `--json` capture, told apart by
/// content (a capture's JSON Lines begin with `{`) before either is loaded.
public struct RecordingOrCapture {
    public let path: String
    /// Whether the file holds a capture rather than a recording.
    public let isCapture: Bool
    /// A pipe's reader, looked into and not yet read; nil for a regular file, read where it lies.
    private let pipe: PipeReading?

    /// Looks into `path`: a pipe (`<(…)`, `-` for standard input) has nothing left for a second
    /// reading, so its first bytes stay in its reader, which the loader of its kind goes on with;
    /// a regular file's first bytes are read, and the loader of its kind opens it again.
    public init(path: String) throws(RecordingError) {
        self.path = path
        if isPipe(path) {
            var lines = try LineReader(path: path, of: "a recording or a libinput capture")
            isCapture = Self.isCapture(try lines.peek(64))
            pipe = PipeReading(lines)
        } else {
            try checkReadable(path)
            pipe = nil
            isCapture = Self.isCapture(Self.start(of: path))
        }
    }

    /// The recording the file holds; `description` and `node` as ``RecordingLoader/load(_:description:node:)`` takes
    /// them. A pipe's is read as it comes, once.
    public func recording(description: String? = nil, node: String? = nil) throws(RecordingError) -> Recording {
        guard let pipe else { return try RecordingLoader.load(path, description: description, node: node) }
        return try RecordingLoader.load(lines: try pipe.take(), description: description, node: node)
    }

    /// The events of the capture the file holds, which holds one run.
    public func capture() throws(RecordingError) -> [LibinputEvent] {
        try Self.events(fromJSONLines: captureText(), file: path)
    }

    /// The runs of the capture the file holds, each named for reports: one, named by the path,
    /// or one per recording `compare --events-out` wrote, `PATH (run N of M)`
    /// (``LibinputEvent/runs(fromJSONLines:)``). One without any event, a header alone, has
    /// nothing to show, as a recording without frames has not.
    public func captureRuns() throws(RecordingError) -> [(name: String, events: [LibinputEvent])] {
        let text = try captureText()
        let runs = try Self.reading(path) { () throws(LibinputEvent.CaptureError) in
            try LibinputEvent.runs(fromJSONLines: text)
        }
        guard !runs.isEmpty else { throw RecordingError(.badData, file: path, "a capture without any libinput event") }
        return runs.enumerated().map { n, run in
            (runs.count == 1 ? path : "\(path) (run \(n + 1) of \(runs.count))", run.events)
        }
    }

    /// The first bytes of a regular file.
    private static func start(of path: String) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
        defer { try? handle.close() }
        return ((try? handle.read(upToCount: 64)) ?? nil) ?? Data()
    }

    /// Whether a file starting with `start` is JSON Lines: `{` first, after white space and a
    /// byte order mark.
    private static func isCapture(_ start: some Sequence<UInt8>) -> Bool {
        String(decoding: Array(start), as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "{"
    }

    /// The events of the `--json` capture at `path`: a missing, unreadable or malformed file is an
    /// error naming it (and the line), and so is one without any event, as in ``captureRuns()``.
    public static func events(inFile path: String) throws(RecordingError) -> [LibinputEvent] {
        let events = try events(fromJSONLines: try captureText(at: path), file: path)
        guard !events.isEmpty else {
            throw RecordingError(.badData, file: path, "a capture without any libinput event")
        }
        return events
    }

    /// The capture's text: a pipe's rest, or the file's.
    private func captureText() throws(RecordingError) -> String {
        guard let pipe else { return try Self.captureText(at: path) }
        var lines = try pipe.take()
        return try readRest(of: &lines, of: "a libinput capture", mayBeLong: true)
    }

    private static func captureText(at path: String) throws(RecordingError) -> String {
        try readText(path, of: "a libinput capture", mayBeLong: true)
    }

    /// The events of a `--json` capture's text, read from `file`; a malformed line is bad data naming file and line.
    public static func events(fromJSONLines text: String, file: String) throws(RecordingError) -> [LibinputEvent] {
        try reading(file) { () throws(LibinputEvent.CaptureError) in try LibinputEvent.events(fromJSONLines: text) }
    }

    /// What `read` makes of a capture of `file`; a malformed line is bad data naming file and line.
    private static func reading<T>(
        _ file: String, _ read: () throws(LibinputEvent.CaptureError) -> T
    ) throws(RecordingError) -> T {
        do {
            return try read()
        } catch {
            throw RecordingError(.badData, file: file, line: error.line, error.problem)
        }
    }
}

/// A pipe's reader, which one reading takes: a pipe read cannot be read again.
private final class PipeReading {
    private var lines: LineReader?
    private let file: String

    init(_ lines: LineReader) {
        self.lines = lines
        file = lines.file
    }

    func take() throws(RecordingError) -> LineReader {
        guard let taken = lines else {
            throw RecordingError(.usage, file: file, "a pipe can be read once")
        }
        lines = nil
        return taken
    }
}
