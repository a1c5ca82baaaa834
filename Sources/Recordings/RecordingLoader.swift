import Foundation

/// Reads any supported recording format, chosen by content: libinput record YAML
/// (`version:` and `devices:`), evtest text (`Input device name:` or `Event: time`), Android
/// getevent (`add device`, `[ sec.usec]` stamps), a ChromeOS evdev log (`# device:`), otherwise evemu.
public enum RecordingLoader {
    /// Loads `path`. A log without a device description (evemu or evtest events, getevent without
    /// `-p`) takes its device from `description`, or the `.desc` file beside an evemu log whose name
    /// is the longest prefix of its own, or else one inferred from its events. `node` chooses the
    /// device of a getevent log or `libinput record` of several, or `everyDevice` reads them all
    /// (``RecordingStream/init(path:description:node:everyDevice:)``). A litest device file
    /// (libinput's test suite) is its device without events. Without `readingFrames`, the
    /// recording is its device alone: of a file that describes it, the header is all that is read,
    /// however long its events run (`quirks --recorded` of an hour's `libinput record`).
    public static func load(
        _ path: String, description: String? = nil, node: String? = nil, everyDevice: Bool = false,
        readingFrames: Bool = true
    ) throws(RecordingError) -> Recording {
        if let litest = try LitestDeviceFormat.device(inFile: path) { return recording(of: litest, node: node) }
        let stream = try RecordingStream(path: path, description: description, node: node, everyDevice: everyDevice)
        return try load(stream, readingFrames: readingFrames)
    }

    /// A litest device file's recording: its device, without events.
    private static func recording(of litest: DeviceDescription, node: String?) -> Recording {
        var recording = Recording(device: litest, frames: [])
        recording.notes = node.map { [oneDevice(chosenBy: $0)] } ?? []
        return recording
    }

    /// The recording `lines` hold from their next line: a pipe looked into, read once.
    static func load(
        lines: LineReader, description: String? = nil, node: String? = nil
    ) throws(RecordingError) -> Recording {
        try load(RecordingStream(reader: lines, description: description, node: node))
    }

    private static func load(
        _ stream: RecordingStream, readingFrames: Bool = true
    ) throws(RecordingError) -> Recording {
        var recording = Recording(device: stream.device, frames: readingFrames ? try stream.readAll() : [])
        recording.notes = stream.notes
        recording.dmi = stream.dmi
        recording.otherDevices = stream.otherDevices
        return recording
    }

    /// The note for a `node` given to choose the device of a file that holds one: only a getevent
    /// log holds several.
    static func oneDevice(chosenBy node: String) -> String {
        "it holds one device, which is read: a node (--device \(node)) chooses among the devices of a getevent "
            + "log or a libinput record"
    }

    /// The recording in `text`, already read from `file` (a pipe, which cannot be read twice).
    public static func load(
        text: String, file: String, description: String? = nil, node: String? = nil
    ) throws(RecordingError) -> Recording {
        if let litest = try LitestDeviceFormat.device(in: text, file: file) { return recording(of: litest, node: node) }
        return try load(RecordingStream(text: text, file: file, description: description, node: node))
    }

    /// The recording formats TouchSynth reads.
    public enum Format: String, Sendable {
        case evemu, libinputRecord = "libinput-record", evtest, getevent, chromeOS = "chromeos-evdev-log"

        /// Whether the format drops SYN_REPORT's value (evtest prints a banner): a frame of key
        /// repeats alone is then read as the kernel's autorepeat, which it ends with SYN_REPORT 1.
        var dropsSynReportValue: Bool { self == .evtest }
    }

    /// The format of `text`, judged from its first meaningful line.
    public static func detectFormat(_ text: String) -> Format {
        for line in text.split(separator: "\n").prefix(40) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if ChromeOSEvdevLog.opens(Substring(trimmed)) { return .chromeOS }
            if trimmed.hasPrefix("#") || trimmed.isEmpty { continue }
            if opensYAMLDocument(trimmed) { continue }
            if GeteventFormat.looksLike(Substring(trimmed)) { return .getevent }
            if trimmed.hasPrefix("version:") || trimmed.hasPrefix("ndevices:") || trimmed.hasPrefix("devices:") {
                return .libinputRecord
            }
            // An event-only evtest log pasted from evtest's "Testing ..." line is evtest too.
            if trimmed.hasPrefix("Input driver version") || trimmed.hasPrefix("Input device ID:")
                || trimmed.hasPrefix("Input device name:")
                || trimmed.hasPrefix("Event: time ") || trimmed.hasPrefix(EvtestFormat.testingLine)
            {
                return .evtest
            }
            return .evemu
        }
        return .evemu
    }

    /// A YAML document's start (`---`) or a directive (`%YAML 1.2`), as YAML tools write them
    /// before a document's keys: no line of another format, and not yet what the document is.
    static func opensYAMLDocument(_ trimmed: String) -> Bool {
        trimmed == "---" || trimmed.hasPrefix("--- ") || trimmed.hasPrefix("%YAML") || trimmed.hasPrefix("%TAG")
    }

    /// The `.desc` beside `path` whose base name is the longest prefix of `path`'s base name.
    public static func matchingDescription(for path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let base = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return nil }
        let match =
            entries
            .filter { $0.hasSuffix(".desc") }
            // Never the file itself: a .desc without a header would look for its own description.
            .filter { $0 != base }
            .filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: dir + "/" + name, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }
            .map { String($0.dropLast(".desc".count)) }
            .filter { base.hasPrefix($0 + ".") }
            .max { $0.count < $1.count }
        return match.map { dir + "/" + $0 + ".desc" }
    }
}
