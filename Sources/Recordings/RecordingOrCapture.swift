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

    /// Looks into `path` as far as its first byte that is not blank: a pipe (`<(…)`, `-` for
    /// standard input) has nothing left for a second reading, so what was looked at stays in its
    /// reader, which the loader of its kind goes on with; a regular file is opened again.
    public init(path: String) throws(RecordingError) {
        self.path = path
        let piped = isPipe(path)
        if !piped { try checkReadable(path) }
        var lines = try LineReader(path: path, of: "a recording or a libinput capture")
        isCapture = Self.opensCapture(try lines.firstNonBlank(within: LineReader.maxHeaderBytes))
        if piped {
            pipe = PipeReading(lines)
        } else {
            lines.close()
            pipe = nil
        }
    }

    /// Those of `paths` that are regular files holding captures, looked into as ``init(path:)``
    /// does; not a pipe, which a look would use up, nor a file that cannot be read.
    public static func captures(among paths: [String]) -> [String] {
        paths.filter { !isPipe($0) && (try? RecordingOrCapture(path: $0))?.isCapture == true }
    }

    /// Whether a file whose first character other than blanks is `first` is a capture: JSON
    /// Lines open with a brace, as no recording format's line does.
    static func opensCapture(_ first: UInt8?) -> Bool { first == UInt8(ascii: "{") }

    /// Why a recording's first line `trimmed`, detected as `format`, is JSON rather than a
    /// recording: a capture's object, touchsynth's other output, or another value (no evemu line
    /// opens with a bracket; getevent's `[ time]` is detected as getevent); a quirks file's
    /// section; or a surface description's regions (a JSON one whose first line is a brace alone
    /// reads as a capture's); nil for any other line.
    static func json(opening trimmed: String, readAs format: RecordingLoader.Format?) -> String? {
        let capture = opensCapture(trimmed.utf8.first)
        // Parsed only where it may be JSON: a line of another format detected is none.
        guard capture || format == .evemu else { return nil }
        let value = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: .fragmentsAllowed)
        // A capture's lines are objects with a type, after a header naming its output; an object
        // that opens a pretty-printed document is a capture's too, as far as a first line tells.
        let object = value as? [String: Any]
        // A surface description opens with its regions, in YAML or JSON.
        if trimmed.hasPrefix("regions:") || trimmed.hasPrefix("{\"regions\"") || object?["regions"] != nil {
            return "a surface description (its regions), not a recording: --surface takes it"
        }
        if let output = object?["output"] as? String, !LibinputEvent.captureOutputs.contains(output) {
            return "touchsynth's \(output) output (JSON Lines), not a recording"
        }
        if capture, object == nil || object?["type"] != nil || object?["output"] != nil {
            return "a libinput capture (JSON Lines, as replay --json writes), not a recording: compare and diff read "
                + "captures"
        }
        // A bracket, then a letter, that is not JSON opens a quirks file's section, `[Palms]`.
        if value == nil, trimmed.hasSuffix("]"), trimmed.dropFirst().first?.isLetter == true {
            return
                "a section, \(trimmed), as a libinput quirks file opens: not a recording (--quirks takes quirks files)"
        }
        guard trimmed.hasPrefix("[") || value != nil else { return nil }
        return "JSON, not a recording (nor a libinput capture, whose lines are objects with a type)"
    }

    /// The recording the file holds; `description` and `node` as ``RecordingLoader/load(_:description:node:)`` takes
    /// them. A pipe's is read as it comes, once.
    public func recording(description: String? = nil, node: String? = nil) throws(RecordingError) -> Recording {
        guard let pipe else { return try RecordingLoader.load(path, description: description, node: node) }
        return try RecordingLoader.load(lines: try pipe.take(), description: description, node: node)
    }

    /// The events of the capture the file holds, which holds one run.
    public func capture() throws(RecordingError) -> [LibinputEvent] {
        let reader = try read()
        return try Self.reading(path) { () throws(LibinputEvent.CaptureError) in try reader.onlyRun() }
    }

    /// The runs of the capture the file holds, each named for reports: one, named by the path,
    /// or one per recording `compare --events-out` wrote, `PATH (run N of M)`
    /// (``LibinputEvent/CaptureReader/runs()``). One without any event, a header alone, has
    /// nothing to show, as a recording without frames has not.
    public func captureRuns() throws(RecordingError) -> [(name: String, events: [LibinputEvent])] {
        let runs = try read().runs()
        guard !runs.isEmpty else { throw RecordingError(.badData, file: path, "a capture without any libinput event") }
        return runs.enumerated().map { n, run in
            (runs.count == 1 ? path : "\(path) (run \(n + 1) of \(runs.count))", run.events)
        }
    }

    /// The `--json` capture at `path`, which holds one run: a missing, unreadable or malformed
    /// file is an error naming it (and the line), and so is one without any event, as in
    /// ``captureRuns()``.
    public static func events(inFile path: String) throws(RecordingError) -> [LibinputEvent] {
        var lines = try LineReader(path: path, of: "a libinput capture")
        let reader = try read(&lines)
        let events = try reading(path) { () throws(LibinputEvent.CaptureError) in try reader.onlyRun() }
        guard !events.isEmpty else {
            throw RecordingError(.badData, file: path, "a capture without any libinput event")
        }
        return events
    }

    /// The capture read line by line, as it comes: a pipe's rest, or the file's.
    private func read() throws(RecordingError) -> LibinputEvent.CaptureReader {
        var lines: LineReader
        if let pipe { lines = try pipe.take() } else { lines = try LineReader(path: path, of: "a libinput capture") }
        return try Self.read(&lines)
    }

    private static func read(_ lines: inout LineReader) throws(RecordingError) -> LibinputEvent.CaptureReader {
        defer { lines.close() }
        var reader = LibinputEvent.CaptureReader()
        while let line = try lines.next() {
            let number = lines.lineNumber
            try RecordingStream.refuseLoneCarriageReturn(line, file: lines.file, at: number)
            try reading(lines.file) { () throws(LibinputEvent.CaptureError) in
                try reader.read(Substring(line), line: number)
            }
        }
        return reader
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
