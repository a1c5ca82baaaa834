/// The devices of a `libinput record` of several, found in one pass over a file that can be read
/// again: each device's header and where its events begin. The device read then streams from its
/// place, as a file of one device does, and only the others are held in memory; the YAML parser
/// reads the headers alone.
struct LibinputRecordSections {
    /// One device of the file.
    struct Section {
        /// Its `- node:` value.
        var node: String
        /// The line of its `- node:`.
        var line: Int
        /// Its lines from `- node:` to its `  events:` line, without it.
        var header: String
        /// Where the line after `  events:` starts (bytes) and the line before it; nil without events.
        var events: (offset: Int, afterLine: Int)?
        var eventCount = 0
        /// The time of its first event, as the file gives it.
        var firstTime: UInt64?
        /// The bytes of its events' lines.
        var eventBytes = 0
    }

    /// The lines before the first device, `devices:` the last of them.
    var top: String
    var sections: [Section] = []

    /// Reads on from `reader`, which has read `header` (the top-level keys and the first device's
    /// lines up to its `  events:`, which comes next), to the file's end, checking every event line.
    init(header: String, reader: inout LineReader, file: String) throws(RecordingError) {
        guard let devices = header.range(of: "\ndevices:\n") else {
            throw RecordingError.bad(file, 1, "missing header: no devices")
        }
        top = String(header[..<devices.upperBound])
        let topLines = top.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let firstLines = header[devices.upperBound...]
        sections = [Section(node: Self.node(in: firstLines), line: topLines + 1, header: String(firstLines))]
        var lines = LibinputRecordFormat.EventLines()
        lines.endsAtNextDevice = true
        while let text = try reader.next() {
            let index = sections.count - 1
            if text.hasPrefix("- node:") {
                sections.append(
                    Section(node: Self.node(in: Substring(text)), line: reader.lineNumber, header: text + "\n"))
                lines = LibinputRecordFormat.EventLines()
                lines.endsAtNextDevice = true
            } else if sections[index].events == nil {
                if text == "  events:" {
                    sections[index].events = (reader.offset, reader.lineNumber)
                } else {
                    sections[index].header += text + "\n"
                }
            } else {
                sections[index].eventBytes += text.utf8.count + 1
                guard let (time, _) = try lines.parse(text, file: file, line: reader.lineNumber) else {
                    if lines.ended { break }
                    continue
                }
                sections[index].eventCount += 1
                if sections[index].firstTime == nil { sections[index].firstTime = time }
            }
        }
    }

    /// The YAML `section`'s device is read from: the top-level keys and its own lines, at their
    /// lines in the file, so that the parser's messages name the file's lines.
    func headerText(of section: Section) -> String {
        let topLines = top.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return top + String(repeating: "\n", count: max(0, section.line - 1 - topLines)) + section.header
    }

    /// The events of `section`, read again from `file` and checked against `device`.
    static func events(
        of section: Section, in file: LineReader.ReadAgain, device: DeviceDescription
    ) throws(RecordingError) -> [(time: UInt64, event: EvdevEvent)] {
        guard let start = section.events else { return [] }
        var reader = try file.reader(from: start.offset, afterLine: start.afterLine)
        defer { reader.close() }
        var lines = LibinputRecordFormat.EventLines()
        lines.endsAtNextDevice = true
        var events: [(time: UInt64, event: EvdevEvent)] = []
        while !lines.ended, let text = try reader.next() {
            guard let (time, event) = try lines.parse(text, file: file.file, line: reader.lineNumber) else { continue }
            try EvemuFormat.checkKnown(event, device: device, file: file.file, line: reader.lineNumber)
            events.append((time, event))
        }
        return events
    }

    /// The node the `- node: /dev/input/event3` line of `lines` names.
    private static func node(in lines: Substring) -> String {
        let line = lines.split(separator: "\n").first { $0.hasPrefix("- node:") } ?? ""
        return line.dropFirst("- node:".count).trimmingCharacters(in: .whitespaces)
    }
}

extension LibinputRecordSections {
    /// A file of several devices opened device by device, after reading `header` from `reader`:
    /// the device read (`node`'s, else chosen as ``LibinputRecordFormat/parse(_:file:node:headerOnly:)``
    /// chooses), a reader from its events on and the time they count from, the others played
    /// alongside (each up to ``RecordingStream/severalDevicesBytes`` of events), and the notes.
    static func open(
        header: String, reader: inout LineReader, again: LineReader.ReadAgain, node: String?, file: String
    ) throws(RecordingError) -> (
        device: DeviceDescription, events: LineReader?, origin: UInt64?, others: [Recording], notes: [String]
    ) {
        let found = try LibinputRecordSections(header: header, reader: &reader, file: file)
        let sections = found.sections
        func parse(_ index: Int) -> Result<DeviceDescription, RecordingError> {
            Result { () throws(RecordingError) in
                try LibinputRecordFormat.parse(found.headerText(of: sections[index]), file: file, headerOnly: true)
                    .device
            }
        }
        var candidates = sections.map { DeviceChoice.Candidate(node: $0.node, name: "", events: $0.eventCount) }
        var parsed: [Int: Result<DeviceDescription, RecordingError>] = [:]
        for index in candidates.indices where candidates[index].hasEvents {
            parsed[index] = parse(index)
            switch parsed[index] {
            case .success(let read)?:
                candidates[index].name = read.name
                candidates[index].points = read.nothingToShow(hasEvents: true) == nil
            default:
                // A header that cannot be read may still name its device, as the YAML has it.
                candidates[index].name = LibinputRecordFormat.deviceName(in: found.headerText(of: sections[index]))
            }
        }
        let chosen = try DeviceChoice.index(of: node, among: candidates, file: file)
        let device = try (parsed[chosen] ?? parse(chosen)).get()
        let others = LibinputRecordFormat.alongside(
            chosen, among: candidates, named: node, parsed: parsed, first: sections[chosen].firstTime
        ) { index, other throws(RecordingError) in
            guard sections[index].eventBytes <= RecordingStream.severalDevicesBytes else {
                throw RecordingError.bad(
                    file, sections[index].line,
                    "its events are longer than \(RecordingStream.severalDevicesBytes >> 20) MiB, more than a device "
                        + "played alongside is read: record it alone")
            }
            return try Self.events(of: sections[index], in: again, device: other)
        }
        let events = try sections[chosen].events.map { start throws(RecordingError) in
            try again.reader(from: start.offset, afterLine: start.afterLine)
        }
        return (device, events, others.origin, others.recordings, others.notes)
    }
}
