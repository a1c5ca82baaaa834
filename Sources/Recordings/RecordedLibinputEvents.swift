import Foundation

/// The libinput events a `libinput record --with-libinput` file holds (its `- libinput:` entries
/// and `libinput:` lists inside its evdev entries, tools/libinput-record.c), device events aside, as that libinput
/// printed them on the reporter's machine, and the
/// libinput version it names. Each event is kept as text that a replay's events can be written in
/// too (`EventFormat.libinputRecordText`): its type, then its values in the order printed, numbers
/// at the two decimals libinput record prints, without time or seat, and positions only as
/// `transformed` (to 100 × 100), which a replay's normalised positions give too.
public struct RecordedLibinputEvents: Sendable {
    /// One recorded libinput event, in comparable text.
    public struct Event: Sendable, Equatable {
        /// The line of the file.
        public var line: Int
        /// Seconds from the recording's start, as printed; nil for device events, which have none.
        public var time: Double?
        /// `TYPE key=value …`, as ``RecordedLibinputEvents`` describes.
        public var text: String
    }

    /// `libinput: version:` of the file's header.
    public var version: String?
    public var events: [Event] = []
    /// Whether the file has libinput entries at all (device events included): a recording made
    /// without `--with-libinput` has none.
    public var hasLibinput = false

    /// Fields left out of the comparable text: when, on which seat, the wheel's detents (a legacy
    /// count), and positions in millimetres (kept as `transformed`).
    static let ignored: Set<String> = ["time", "seat", "logical_seat", "discrete", "point"]

    /// Reads the events of `path` (libinput record YAML); none when it has no `- libinput:` entries.
    public static func read(_ path: String) throws(RecordingError) -> RecordedLibinputEvents {
        var reader = try LineReader(path: path, of: "a libinput recording")
        defer { reader.close() }
        return try read(&reader, file: path)
    }

    /// The events of `path`, refused as bad data when it has no libinput entries: a recording
    /// made without `--with-libinput` has nothing to compare with.
    public static func required(_ path: String) throws(RecordingError) -> RecordedLibinputEvents {
        let recorded = try read(path)
        guard recorded.hasLibinput else {
            throw RecordingError(
                .badData, file: path, "no libinput events: record the device with `libinput record --with-libinput`")
        }
        return recorded
    }

    /// The events of `text`, already read from `file`.
    public static func parse(_ text: String, file: String) throws(RecordingError) -> RecordedLibinputEvents {
        var reader = LineReader(text: text, file: file, of: "a libinput recording")
        return try read(&reader, file: file)
    }

    private static func read(
        _ reader: inout LineReader, file path: String
    ) throws(RecordingError) -> RecordedLibinputEvents {
        var recorded = RecordedLibinputEvents()
        var inHeaderLibinput = false, inEvents = false, inLibinputEntry = false
        while let line = try reader.next() {
            if line == "  events:" { inEvents = true }
            if line == "libinput:" { inHeaderLibinput = true; continue }
            if inHeaderLibinput {
                if line.hasPrefix("  version:") {
                    recorded.version = line.dropFirst(10).trimmingCharacters(in: CharacterSet(charactersIn: " \""))
                }
                if !line.hasPrefix(" ") { inHeaderLibinput = false }
            }
            guard inEvents else { continue }
            let trimmed = line.trimmedOfWhitespace
            // An entry of its own, or a list inside an evdev entry, as libinput record also writes them.
            if trimmed.hasPrefix("- libinput:") || trimmed == "libinput:" { inLibinputEntry = true; continue }
            if trimmed.hasPrefix("- evdev:") || trimmed.hasPrefix("- hid:") { inLibinputEntry = false; continue }
            guard inLibinputEntry, trimmed.hasPrefix("- ") else { continue }
            let event = try event(trimmed, file: path, line: reader.lineNumber)
            recorded.hasLibinput = true
            // Devices come and go with the recording, not with what it did: a replay ends without
            // removing its device.
            if !event.text.hasPrefix("DEVICE_") { recorded.events.append(event) }
        }
        return recorded
    }

    /// One `- {time: 0.052000, type: GESTURE_PINCH_BEGIN, nfingers: 2, delta: [0.00, 0.00], …}` line.
    static func event(_ text: String, file: String, line: Int) throws(RecordingError) -> Event {
        guard text.hasPrefix("- {") else {
            throw RecordingError.bad(file, line, "a libinput event that is not a {key: value, …} mapping")
        }
        guard text.hasSuffix("}") else {
            throw RecordingError.bad(file, line, "a libinput event that does not end with }")
        }
        var fields: [(String, String)] = []
        var depth = 0, current = ""
        for char in text.dropFirst(3).dropLast() {
            switch char {
            case "[": depth += 1; current.append(char)
            case "]": depth -= 1; current.append(char)
            case "," where depth == 0:
                fields.append(try field(current, file: file, line: line))
                current = ""
            default: current.append(char)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty {
            fields.append(try field(current, file: file, line: line))
        }
        guard let type = fields.first(where: { $0.0 == "type" })?.1, !type.isEmpty else {
            throw RecordingError.bad(file, line, "a libinput event without a type")
        }
        // Which of two values was meant is not for a reader to guess, as in a recording's header.
        var keys: Set<String> = []
        if let twice = fields.first(where: { !keys.insert($0.0).inserted }) {
            throw RecordingError.bad(file, line, "a libinput event giving \(twice.0) twice")
        }
        for (key, value) in fields {
            if let problem = problem(key: key, value: value) {
                throw RecordingError.bad(file, line, "\(key): \(value.prefix(40)) is not \(problem)")
            }
        }
        var parts = [type]
        for (key, value) in fields where key != "type" && !ignored.contains(key) {
            parts.append("\(key)=\(comparable(value))")
        }
        let time = fields.first { $0.0 == "time" }.flatMap { Double($0.1) }
        return Event(line: line, time: time, text: parts.joined(separator: " "))
    }

    /// What the value of `key` should be and is not, for the fields whose form libinput record
    /// fixes (tools/libinput-record.c); nil when it is one, or `key` is another.
    private static func problem(key: String, value: String) -> String? {
        func finite(_ text: some StringProtocol) -> Bool {
            Double(text.trimmingCharacters(in: .whitespaces)).map(\.isFinite) ?? false
        }
        switch key {
        case "type":
            // Each version's names (POINTER_MOTION, GESTURE_HOLD_BEGIN…), not a list or a mapping.
            return value.first?.isUppercase == true ? nil : "a libinput event type (POINTER_MOTION…)"
        case "time": return Double(value).map { $0.isFinite && $0 >= 0 } == true ? nil : "a time in seconds"
        case "nfingers": return Int(value).map { $0 >= 1 } == true ? nil : "a count of fingers"
        case "scale", "angle_delta": return finite(value) ? nil : "a number"
        case "delta", "unaccel":
            let items =
                value.hasPrefix("[") && value.hasSuffix("]") ? value.dropFirst().dropLast().split(separator: ",") : []
            return items.count == 2 && items.allSatisfy(finite) ? nil : "two numbers [x, y]"
        default: return nil
        }
    }

    /// `value` as compared: a number with two decimals, a list `[a, b]` as `a,b`.
    private static func comparable(_ value: String) -> String {
        guard value.hasPrefix("[") && value.hasSuffix("]") else { return number(value) }
        return value.dropFirst().dropLast().split(separator: ",").map {
            number($0.trimmingCharacters(in: .whitespaces))
        }.joined(separator: ",")
    }

    /// `key: value`, as written.
    private static func field(_ text: String, file: String, line: Int) throws(RecordingError) -> (String, String) {
        guard let colon = text.firstIndex(of: ":") else {
            throw RecordingError.bad(file, line, "\"\(text.prefix(40))\" is not key: value")
        }
        let key = text[..<colon].trimmingCharacters(in: .whitespaces)
        return (key, text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// A decimal number as `%.2f` (integers stay integers); anything else as it is.
    static func number(_ text: String) -> String {
        if let integer = Int(text) { return String(integer) }
        guard let value = Double(text), text.contains(".") else { return text }
        return String(format: "%.2f", value)
    }
}
