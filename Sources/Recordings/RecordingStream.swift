import Foundation
import LibinputEvents

/// A recording read frame by frame from its file: the device description first, then one frame
/// at a time, so that replaying an hour-long recording holds one frame in memory, not the file.
/// Every format is detected by content; errors name the file and line.
public final class RecordingStream {
    /// The file read.
    public let file: String
    public let format: RecordingLoader.Format
    public let device: DeviceDescription
    /// What was guessed or repaired reading the file (``Recording/notes``).
    public private(set) var notes: [String] = []
    /// The recording machine's DMI modalias (``Recording/dmi``): the file's, else its description's.
    public private(set) var dmi: String?
    /// The file's other devices with events, played alongside (``Recording/otherDevices``).
    public private(set) var otherDevices: [Recording] = []
    private var reader: LineReader
    private var assembler = FrameAssembler()
    /// Whether the events fit a description given apart; nil for a file that describes its device.
    private var rangeCheck: AxisRangeCheck?
    private var finished = false
    /// A file with its own description refuses time going back between frames; an event-only
    /// evemu log given one has it repaired, as every log without its own is.
    private var times = TimeRepair(refuses: true)
    private var notedTimes = false
    private var yamlLines = LibinputRecordFormat.EventLines()
    /// Frames of a YAML file whose layout is not libinput's own, read whole by the YAML parser.
    private var preloaded: [EvdevFrame] = []
    /// Where the frames begin, and the reading's state there, when the file can be read again.
    private var framesStart: FramesStart?
    /// An event-only log read again after its tally, its frames made as read.
    private var rereading: Rereading?

    /// A place in a file that can be read again where a stream's frames begin, and what reading
    /// them starts from: ``restarted()`` reads them again without the header, or a scan of a file
    /// of several devices, again.
    private struct FramesStart {
        let file: LineReader.ReadAgain
        let offset: Int
        let afterLine: Int
        let assembler: FrameAssembler
        let times: TimeRepair
        let yamlLines: LibinputRecordFormat.EventLines
        let rereading: Rereading?
        let notes: [String]
    }

    /// Longest span a recording may cover (24 hours): keeps the harness's schedule arithmetic
    /// far from overflow.
    public static let longestRecording: UInt64 = 24 * 3_600_000_000

    /// Opens `path` and reads its header. A log without a description takes its device from
    /// `description` (any description, or a bare `A:` list), an evemu log also from the `.desc`
    /// beside it whose name is its longest prefix, or else one inferred from its events; `node`
    /// chooses the device of a getevent log or `libinput record` of several; `everyDevice` reads
    /// such a file's devices with events that libinput takes all, none chosen: the first is the
    /// stream's, and the others play alongside (``otherDevices``).
    public convenience init(
        path: String, description: String? = nil, node: String? = nil, everyDevice: Bool = false
    ) throws(RecordingError) {
        try self.init(
            reader: LineReader(path: path, of: "a recording"), description: description, node: node,
            everyDevice: everyDevice)
    }

    /// Opens the pipe at `path` as ``init(path:description:node:everyDevice:)`` does, writing
    /// every byte it reads to the file open as `copy` too, from which
    /// ``init(copy:of:description:node:everyDevice:)`` reads it again: a pipe can be read once.
    /// `stopsWaiting` is asked while waiting for the writer: true ends the reading there, as the
    /// pipe's end would (its caller then says why it stopped).
    public convenience init(
        pipe path: String, copyingTo copy: Int32, description: String? = nil, node: String? = nil,
        everyDevice: Bool = false, stopsWaiting: (() -> Bool)? = nil
    ) throws(RecordingError) {
        var reader = try LineReader(path: path, of: "a recording", copyingTo: copy)
        reader.stopsWaiting = stopsWaiting
        try self.init(reader: reader, description: description, node: node, everyDevice: everyDevice)
    }

    /// Reads again, from the file open as `copy`, the pipe `file` that
    /// ``init(pipe:copyingTo:description:node:everyDevice:)`` read; errors name `file`.
    public convenience init(
        copy: Int32, of file: String, description: String? = nil, node: String? = nil, everyDevice: Bool = false
    ) throws(RecordingError) {
        try self.init(
            reader: LineReader(reopening: copy, file: file, of: "a recording"), description: description, node: node,
            everyDevice: everyDevice)
    }

    /// The bytes read from the file so far.
    public var bytesRead: Int { reader.bytesRead }

    /// Why writing the copy of ``init(pipe:copyingTo:description:node:everyDevice:)`` failed (an
    /// `errno`), if it did: the copy is then short.
    public var copyError: Int32? { reader.copyError }

    /// The recording in `text`, already read from `file` (a pipe, which cannot be read twice);
    /// errors name `file`.
    public convenience init(
        text: String, file: String, description: String? = nil, node: String? = nil
    ) throws(RecordingError) {
        try self.init(
            reader: LineReader(text: text, file: file, of: "a recording"), description: description, node: node)
    }

    /// Reads the recording `lines` hold, from their next line (a pipe already looked into).
    init(
        reader lines: LineReader, description: String?, node: String?, everyDevice: Bool = false
    ) throws(RecordingError) {
        let path = lines.file
        file = path
        reader = lines
        var header = ""
        var detected: RecordingLoader.Format?
        var sawEvents = false
        // Where the first event's line starts, for ``restarted()``, and the line before it.
        var eventsStart: (offset: Int, afterLine: Int)?
        var lineStart = reader.offset
        // What a log read whole says of its cut last line, before what reading its frames says.
        var cut: [String] = []
        var chooser: [Int] = []
        while let line = try reader.next() {
            try Self.refuseLoneCarriageReturn(line, file: path, at: reader.lineNumber)
            // evtest's or evemu-record's device chooser: blank lines, so that the next keep their numbers.
            if detected == nil, let rest = DeviceChooser.remainder(of: line) {
                chooser.append(reader.lineNumber)
                header += rest.isEmpty ? "\n" : ""
                // The line after the prompt is read again; a line passed over moves the events' start past it.
                if rest.isEmpty { lineStart = reader.offset } else { reader.pushBack(String(rest)) }
                continue
            }
            if detected == nil {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if ChromeOSEvdevLog.opens(Substring(trimmed))
                    || !(trimmed.isEmpty || trimmed.hasPrefix("#") || RecordingLoader.opensYAMLDocument(trimmed))
                {
                    detected = RecordingLoader.detectFormat(trimmed)
                    if let json = RecordingOrCapture.json(opening: trimmed, readAs: detected) {
                        throw RecordingError.bad(path, reader.lineNumber, json)
                    }
                }
            }
            // An evemu header is `T:` lines: other text ends the reading here, not 16 MiB on.
            if detected == .evemu {
                do throws(RecordingError) {
                    _ = try EvemuFormat.content(of: Substring(line), file: path, line: reader.lineNumber)
                } catch { throw error.reading(.evemu, of: path) }
            }
            if let format = detected, Self.startsEvents(line, format) {
                // Read again as the first event.
                reader.pushBack(line)
                sawEvents = true
                eventsStart = (lineStart, reader.lineNumber)
                break
            }
            // Real evtest logs sometimes lose a newline: "Testing ... (interrupt to exit)Event: time …".
            if detected == .evtest, let joined = line.range(of: "Event: time "), joined.lowerBound != line.startIndex {
                header += line[..<joined.lowerBound] + "\n"
                reader.pushBack(String(line[joined.lowerBound...]))
                notes.append(
                    "line \(reader.lineNumber + 1): a header line and the first event shared a line; read as two")
                sawEvents = true
                break
            }
            // A ChromeOS log is read whole as its header; a cut description line of another
            // format's is kept, as a description file may end without a line end.
            if reader.lastLineWasCut, detected == .chromeOS,
                Self.leavesOut(cut: line, wholeLogFormat: .chromeOS, at: reader.lineNumber, file: path)
            {
                cut = [Self.cutLineNote(reader.lineNumber)]
                break
            }
            header += line + "\n"
            guard header.utf8.count <= LineReader.maxHeaderBytes else {
                guard detected != .chromeOS else { throw Self.tooLongToReadWhole(path, reader.lineNumber) }
                throw RecordingError.bad(path, reader.lineNumber, "the header is longer than 16 MiB: not a recording")
            }
            lineStart = reader.offset
        }
        // Nothing that opens any format, and no description to take the device from: nothing to read.
        if detected == nil && description == nil {
            throw RecordingError.bad(path, 1, "empty: nothing but blank lines and comments")
        }
        format = detected ?? .evemu
        assembler.marksRepeats = format.dropsSynReportValue
        // A description named must exist, whether or not the file needs one. It is read once
        // here, as a pipe can be read only once.
        let named = try description.map { p throws(RecordingError) in (p, try readText(p, of: "a device description")) }
        func described() throws(RecordingError) -> LogDescription? {
            try named.map { p, text throws(RecordingError) in try LogDescription(text: text, file: p) }
        }
        // The file's DMI, else its description's: the one named, or only then the one beside it.
        let describedDMI =
            named.map { MachineDMI.find(in: $0.1) }
            ?? RecordingLoader.matchingDescription(for: path).flatMap(MachineDMI.find(inFile:))
        dmi = MachineDMI.find(in: header) ?? describedDMI
        // A file of several devices that can be read again is read device by device: its device
        // streams from its place, and only the others are held in memory. Any other file that can
        // is kept open to read its frames again (``restarted()``), where the system lets it be.
        let several =
            eventsStart != nil && format == .libinputRecord && LibinputRecordFormat.declaresSeveralDevices(header)
            && LibinputRecordFormat.declaresVersion(header)
        let again = eventsStart == nil ? nil : several ? try reader.readAgain() : try? reader.readAgain()
        let streamsSections = several && again != nil
        do throws(RecordingError) {
            switch format {
            case .libinputRecord where streamsSections:
                let opened = try LibinputRecordSections.open(
                    header: header, reader: &reader, again: again!, node: node, everyDevice: everyDevice, file: path)
                (device, otherDevices) = (opened.device, opened.others)
                notes += opened.notes + Self.unused(description)
                reader.close()
                eventsStart = opened.events
                if let start = opened.events {
                    reader = try again!.reader(from: start.offset, afterLine: start.afterLine)
                }
                assembler = FrameAssembler(origin: opened.origin)
                yamlLines.endsAtNextDevice = true
            case .evemu:
                if let parsed = try EvemuFormat.parseDescription(header, file: path) {
                    device = parsed
                    notes += Self.unused(description)
                } else {
                    var given = try described()
                    if given == nil, let beside = RecordingLoader.matchingDescription(for: path) {
                        given = try LogDescription(path: beside)
                    }
                    if case .device(let fromDesc) = given {
                        device = fromDesc
                        // The description beside the log is its own, by name; one given may not be.
                        rangeCheck = AxisRangeCheck(fromDesc, own: named == nil)
                        times = TimeRepair(refuses: false)
                    } else {
                        (device, preloaded, rereading, notes) = try Self.readEventLog(
                            .each(EvemuFormat.eventLine), from: &reader,
                            again: again.flatMap { a in eventsStart.map { (a, $0) } }, given: { given }, node: nil)
                    }
                }
            case .evtest where !EvtestFormat.hasDeviceHeader(header):
                let given = try described()
                let banner = EvtestFormat.bannerNote(header)
                let read = try Self.readEventLog(
                    .each(EvtestFormat.eventLine), from: &reader,
                    again: again.flatMap { a in eventsStart.map { (a, $0) } }, given: { given }, node: nil,
                    marksRepeats: format.dropsSynReportValue)
                (device, preloaded, rereading) = (read.device, read.frames, read.rereading)
                notes += (banner.map { [$0] } ?? []) + read.notes
                if case .device? = given { rangeCheck = AxisRangeCheck(read.device) }
            case .evtest:
                let parsed = try EvtestFormat.parse(header, file: path)
                device = parsed.device
                notes += parsed.notes + Self.unused(description)
            case .getevent where !everyDevice:
                // Asked for only where the log carries no description of its own.
                var describedApart = false
                (device, preloaded, rereading, notes) = try Self.readEventLog(
                    .getevent(GeteventFormat.Reading(file: path)), from: &reader,
                    again: again.flatMap { a in eventsStart.map { (a, $0) } },
                    given: { () throws(RecordingError) in
                        let given = try described()
                        guard case .device(var apart)? = given else { return given }
                        describedApart = true
                        // The log's device: the node the log names it by, not the description's.
                        apart.source.node = node.map { DeviceNode.path($0) }
                        return .device(apart)
                    }, node: node)
                if describedApart { rangeCheck = AxisRangeCheck(device) }
            case .getevent, .chromeOS:
                // Read whole: a getevent log whose devices all play, a ChromeOS log (a ring buffer).
                var text = header
                while let line = try reader.next() {
                    if reader.lastLineWasCut,
                        Self.leavesOut(cut: line, wholeLogFormat: format, at: reader.lineNumber, file: path)
                    {
                        cut = [Self.cutLineNote(reader.lineNumber)]
                        break
                    }
                    text += line + "\n"
                    guard text.utf8.count <= LineReader.maxHeaderBytes else {
                        throw Self.tooLongToReadWhole(path, reader.lineNumber)
                    }
                }
                if format == .getevent {
                    (device, preloaded, otherDevices, notes) = try Self.readEvery(text, file: path)
                    notes = cut + notes
                    break
                }
                let log = try ChromeOSEvdevLog.parse(text, file: path)
                if log.events.isEmpty, let described = log.device {
                    device = described
                } else {
                    (device, preloaded, notes) = try Self.finish(log, given: try described())
                }
                notes = cut + notes
            case .libinputRecord
            where LibinputRecordFormat.declaresSeveralDevices(header) || !LibinputRecordFormat.declaresVersion(header):
                // Read whole, within the bound of a file parsed whole: the device read may come
                // after another's events, or the header's keys after the events (a file a YAML
                // tool wrote again, its keys sorted).
                let several = LibinputRecordFormat.declaresSeveralDevices(header)
                var text = header
                while let line = try reader.next() {
                    text += line + "\n"
                    guard text.utf8.count <= Self.severalDevicesBytes else {
                        let bound = "up to \(Self.severalDevicesBytes >> 20) MiB, and this one is longer"
                        throw RecordingError(
                            .badData, file: path,
                            several
                                ? "a libinput record of several devices is read whole to choose one, \(bound): record "
                                    + "the one device (libinput record /dev/input/eventN)"
                                : "a libinput record without version: before its events is read whole, \(bound): "
                                    + "put the header's keys first, as libinput record writes them")
                    }
                }
                let parsed = try LibinputRecordFormat.parse(text, file: path, node: node, everyDevice: everyDevice)
                (device, preloaded, otherDevices) = (parsed.device, parsed.frames.reversed(), parsed.otherDevices)
                notes += parsed.notes + Self.unused(description)
            case .libinputRecord:
                // One device, streamed: a node asked for is its own, or names a device the file lacks.
                let parsed = try LibinputRecordFormat.parse(header, file: path, node: node, headerOnly: true)
                device = parsed.device
                // A second device is refused as it comes: the file holds one.
                notes +=
                    Self.unused(description)
                    + LibinputRecordFormat.countNotes(ndevices: LibinputRecordFormat.ndevices(in: header), 1)
                // No `  events:` line at libinput's indentation: the whole file was the header.
                if !sawEvents { preloaded = parsed.frames.reversed() }
            }
        } catch {
            throw error.reading(format, of: path)
        }
        // First, as its lines come first: some formats' reading sets the notes whole.
        notes = DeviceChooser.note(chooser) + notes
        // Only a getevent log or a `libinput record` holds several devices to choose from; any other file, one.
        if let node, format != .getevent && format != .libinputRecord {
            notes.append(RecordingLoader.oneDevice(chosenBy: node))
        }
        // A log read whole is served from memory; a getevent or ChromeOS log read again after its
        // tally is read by ``nextFrame(rereading:)``, and one that is not has nothing left.
        finished = !preloaded.isEmpty || ((format == .getevent || format == .chromeOS) && rereading == nil)
        if let again, let start = eventsStart, !finished {
            framesStart = FramesStart(
                file: again, offset: start.offset, afterLine: start.afterLine, assembler: assembler, times: times,
                yamlLines: yamlLines, rereading: rereading, notes: notes)
        }
    }

    /// A stream of the same frames from the first, reading the file again from where they begin
    /// without reading its header (or its other devices) again; nil when they cannot be read so:
    /// a pipe, text, a log read whole, an evtest log whose first event shares a line with its
    /// header, a device without events. Its notes are then the header's.
    public func restarted() throws(RecordingError) -> RecordingStream? {
        guard let start = framesStart else { return nil }
        return RecordingStream(
            restarting: self, at: start, reader: try start.file.reader(from: start.offset, afterLine: start.afterLine))
    }

    private init(restarting first: RecordingStream, at start: FramesStart, reader: LineReader) {
        (file, format, device, dmi, otherDevices) = (
            first.file, first.format, first.device, first.dmi, first.otherDevices
        )
        (self.reader, framesStart) = (reader, start)
        (assembler, times, yamlLines, rereading, notes) = (
            start.assembler, start.times, start.yamlLines, start.rereading, start.notes
        )
    }

    /// The longest `libinput record` read whole (of several devices from a pipe, or with its
    /// header's keys after the events), and the most events a device played alongside may have.
    static let severalDevicesBytes = 8 << 20

    /// The note for a description given for a file that describes its device itself.
    private static func unused(_ description: String?) -> [String] {
        description.map { ["it describes its device itself: the description \($0) is not used"] } ?? []
    }

    deinit { reader.close() }

    /// Whether `line` is the first line after the header: an evemu `E:` line, an evtest
    /// `Event:` line, or the YAML key that opens the first device's events.
    private static func startsEvents(_ line: String, _ format: RecordingLoader.Format) -> Bool {
        switch format {
        case .evemu: return line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("E:")
        case .evtest: return line.hasPrefix("Event: time ")
        case .libinputRecord: return LibinputRecordFormat.opensEvents(line)
        // A getevent log's descriptions and events may come in any order: all of it is read as events.
        case .getevent: return true
        case .chromeOS: return false
        }
    }

    /// The next frame, or nil at the end. Times are microseconds since the first event; time
    /// going backwards is bad data, and a last frame without SYN_REPORT is closed with one
    /// (and noted).
    public func nextFrame() throws(RecordingError) -> EvdevFrame? {
        let frame = try readFrame()
        if let frame {
            rangeCheck?.read(frame)
        } else if let note = rangeCheck?.note {
            notes.append(note)
            rangeCheck = nil
        }
        return frame
    }

    private func readFrame() throws(RecordingError) -> EvdevFrame? {
        if let frame = preloaded.popLast() { return frame }
        if var log = rereading {
            // Taken out while read, so that its frame's events are not copied as they grow.
            rereading = nil
            defer { rereading = log }
            return try reading { () throws(RecordingError) in try nextFrame(rereading: &log) }
        }
        while !finished {
            guard let text = try reader.next() else {
                finished = true
                break
            }
            let line = (reader.lineNumber, text)
            if reader.lastLineWasCut,
                Self.leavesOut(
                    cut: text,
                    { () throws(RecordingError) in
                        try parseEvent(text, line: line.0)?.1
                    })
            {
                notes.append(Self.cutLineNote(line.0))
                finished = true
                break
            }
            let parsed = try reading { () throws(RecordingError) -> (time: UInt64, event: EvdevEvent)? in
                guard let (read, event) = try parseEvent(line.1, line: line.0) else { return nil }
                try EvemuFormat.checkKnown(event, device: device, file: file, line: line.0)
                // Kernel timestamps never go back from one frame to the next; within a frame only
                // its SYN_REPORT's time matters to readers.
                return (try times.time(read, of: event, file: file, line: line.0), event)
            }
            guard let (time, event) = parsed else {
                // The device's events are over; another's follow, or nothing does.
                if yamlLines.ended { finished = true }
                continue
            }
            let added = { () throws(RecordingError) in
                try self.assembler.add(time: time, event: event, file: self.file, line: line.0)
            }
            if let frame = try reading(added) { return frame }
        }
        if !notedTimes {
            notes += times.notes
            notedTimes = true
        }
        let flushed = { () throws(RecordingError) in
            try Self.withinADay(self.assembler.flush(), file: self.file, line: self.reader.lineNumber)
        }
        guard let partial = try reading(flushed) else { return nil }
        notes.append(Recording.truncationNote(atLine: reader.lineNumber))
        return partial
    }

    /// `body`'s result, its refusal saying the format read.
    private func reading<T>(_ body: () throws(RecordingError) -> T) throws(RecordingError) -> T {
        do throws(RecordingError) { return try body() } catch { throw error.reading(format, of: file) }
    }

    /// The next frame of an event-only log read again after its tally, or nil at the end.
    private func nextFrame(rereading log: inout Rereading) throws(RecordingError) -> EvdevFrame? {
        if let lead = log.frames.lead {
            log.frames.lead = nil
            return lead
        }
        while let text = try reader.next() {
            // Left out, and said, as the log's first reading left it out.
            if reader.lastLineWasCut, log.lines.leavesOut(cut: text, at: reader.lineNumber, file: file) { break }
            guard let (device, line) = try log.lines.event(text, at: reader.lineNumber, file: file),
                device == log.device, let frame = try log.frames.add(line, file: file)
            else { continue }
            return frame
        }
        return try log.frames.flush(file: file)
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
        // Read when the stream opened, or by ``nextFrame(rereading:)``: nothing is left to parse here.
        case .getevent, .chromeOS: return nil
        }
    }
}
