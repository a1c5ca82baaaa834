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
        /// Its first bad event line, which makes it no device to play.
        var error: RecordingError?
    }

    /// The lines before the first device, `devices:` the last of them.
    var top: String
    var sections: [Section] = []

    /// Reads on from `reader`, which has read `header` (the top-level keys and the lines after them
    /// up to the first `  events:`, which comes next), to the file's end, checking every event
    /// line: a bad one is its device's ``Section/error``, said when that device is read.
    init(header: String, reader: inout LineReader, file: String) throws(RecordingError) {
        var lines = header.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let devices = lines.firstIndex(where: { LibinputRecordFormat.content(of: $0) == "devices:" }) else {
            throw RecordingError.bad(file, 1, "missing header: no devices")
        }
        top = lines[...devices].joined(separator: "\n") + "\n"
        var scan = Scan(file: file)
        for (i, line) in lines[(devices + 1)...].enumerated() {
            try scan.take(String(line), line: devices + 2 + i, next: nil)
        }
        while let text = try reader.next() { try scan.take(text, line: reader.lineNumber, next: reader.offset) }
        sections = scan.sections
    }

    /// The devices found so far, line by line.
    private struct Scan {
        let file: String
        var sections: [Section] = []
        private var lines = LibinputRecordFormat.EventLines()
        /// The YAML document ended (`...`): nothing may follow.
        private var ended = false

        init(file: String) { self.file = file }

        /// Takes the file's line `line`, after which the next starts at `next` bytes when read from
        /// the file.
        mutating func take(_ text: String, line: Int, next: Int?) throws(RecordingError) {
            if ended {
                guard LibinputRecordFormat.content(of: Substring(text)).isEmpty else {
                    throw RecordingError.bad(file, line, "text after the end of the YAML document (...)")
                }
                return
            }
            if text.hasPrefix("- node:") {
                sections.append(
                    Section(node: LibinputRecordSections.node(in: Substring(text)), line: line, header: text + "\n"))
                lines = LibinputRecordFormat.EventLines()
                lines.endsAtNextDevice = true
                return
            }
            // Blank lines and comments before the first device belong to none.
            guard let index = sections.indices.last else { return }
            guard sections[index].events != nil else {
                if LibinputRecordFormat.opensEvents(text), let next {
                    sections[index].events = (next, line)
                } else {
                    sections[index].header += text + "\n"
                }
                return
            }
            sections[index].eventBytes += text.utf8.count + 1
            guard sections[index].error == nil else { return }
            do throws(RecordingError) {
                guard let (time, _) = try lines.parse(text, file: file, line: line) else {
                    ended = lines.ended
                    return
                }
                sections[index].eventCount += 1
                if sections[index].firstTime == nil { sections[index].firstTime = time }
            } catch {
                // Counted, as an event line reading the file whole finds bad.
                sections[index].eventCount += 1
                sections[index].error = error
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
        if let error = section.error { throw error }
        guard let start = section.events else { return [] }
        var reader = try file.reader(from: start.offset, afterLine: start.afterLine)
        defer { reader.close() }
        var lines = LibinputRecordFormat.EventLines()
        lines.endsAtNextDevice = true
        var events: [(time: UInt64, event: EvdevEvent)] = []
        var times = TimeRepair(refuses: true)
        while !lines.ended, let text = try reader.next() {
            guard let (read, event) = try lines.parse(text, file: file.file, line: reader.lineNumber) else { continue }
            try EvemuFormat.checkKnown(event, device: device, file: file.file, line: reader.lineNumber)
            events.append((try times.time(read, of: event, file: file.file, line: reader.lineNumber), event))
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
    /// the device read (`node`'s, else chosen, or with `everyDevice` taken, as
    /// ``LibinputRecordFormat/parse(_:file:node:everyDevice:headerOnly:)`` does), where its events
    /// begin and the time they count from, the others played alongside (each up to
    /// ``RecordingStream/severalDevicesBytes`` of events), and the notes.
    static func open(
        header: String, reader: inout LineReader, again: LineReader.ReadAgain, node: String?, everyDevice: Bool,
        file: String
    ) throws(RecordingError) -> (
        device: DeviceDescription, events: (offset: Int, afterLine: Int)?, origin: UInt64?, others: [Recording],
        notes: [String]
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
        // A header that is no YAML (a file cut there) spoils the whole document, as reading it whole says,
        // whether or not its device has events to play.
        for index in candidates.indices where !candidates[index].hasEvents {
            _ = try LibinputRecordFormat.compose(found.headerText(of: sections[index]), file: file)
        }
        var parsed: [Int: Result<DeviceDescription, RecordingError>] = [:]
        for index in candidates.indices where candidates[index].hasEvents {
            parsed[index] = parse(index)
            if case .success(let read)? = parsed[index] {
                candidates[index].points = read.nothingToShow(hasEvents: true) == nil
                candidates[index].plays = read.isLibinputDevice
            }
        }
        // Each device named as the YAML has it, as messages list them, whether it can be read or not.
        for index in candidates.indices {
            if case .success(let read)? = parsed[index] {
                candidates[index].name = read.name
            } else {
                candidates[index].name = LibinputRecordFormat.deviceName(in: found.headerText(of: sections[index]))
            }
        }
        let chosen =
            everyDevice
            ? try DeviceChoice.firstPlaying(among: candidates, file: file)
            : try DeviceChoice.index(
                of: node, among: candidates, unreadable: DeviceChoice.firstFailure(parsed), file: file)
        var device = try (parsed[chosen] ?? parse(chosen)).get()
        device.source.node = sections[chosen].node.isEmpty ? nil : sections[chosen].node
        // The device read with a bad event line is refused there, as reading it whole would.
        if let error = sections[chosen].error { throw error }
        let others = LibinputRecordFormat.alongside(
            chosen, among: candidates, named: node, choosing: !everyDevice, parsed: parsed,
            first: sections[chosen].firstTime
        ) { index, other throws(RecordingError) in
            guard sections[index].eventBytes <= RecordingStream.severalDevicesBytes else {
                throw RecordingError.bad(
                    file, sections[index].line,
                    "its events are longer than \(RecordingStream.severalDevicesBytes >> 20) MiB, more than a device "
                        + "played alongside is read: record it alone")
            }
            return try Self.events(of: sections[index], in: again, device: other)
        }
        let counted = LibinputRecordFormat.countNotes(
            ndevices: LibinputRecordFormat.ndevices(in: header), sections.count)
        return (device, sections[chosen].events, others.origin, others.recordings, others.notes + counted)
    }
}
