import Foundation

extension RecordingStream {
    /// How an event-only log's lines give its events: one or none a line (evemu, evtest), or a
    /// getevent log's, each of the device it names, its description lines read on the way.
    enum EventLines {
        case each((String, String, Int) throws(RecordingError) -> (UInt64, EvdevEvent)?)
        case getevent(GeteventFormat.Reading)

        /// The event on `text`, line `line` of `file`, with the index of its device among a
        /// getevent log's (nil: no device named); nil for a line of none.
        mutating func event(
            _ text: String, at line: Int, file: String
        ) throws(RecordingError) -> (device: Int?, line: EventLog.Line)? {
            switch self {
            case .each(let parse):
                guard let (time, event) = try parse(text, file, line) else { return nil }
                return (nil, EventLog.Line(time: time, event: event, line: line))
            case .getevent(var reading):
                defer { self = .getevent(reading) }
                try RecordingStream.refuseLoneCarriageReturn(text, file: file, at: line)
                return try reading.read(Substring(text), at: line)
            }
        }

        /// Whether `text`, the log's last line, cut, is left out (``RecordingStream/leavesOut(cut:_:)``).
        func leavesOut(cut text: String, at line: Int, file: String) -> Bool {
            var probe = self
            return RecordingStream.leavesOut(cut: text) { () throws(RecordingError) in
                try probe.event(text, at: line, file: file)?.line.event
            }
        }
    }

    /// An event-only log read again after its tally: its lines, the events of `device` among
    /// them (``EventLines/event(_:at:file:)``), and the frames they make.
    struct Rereading {
        var lines: EventLines
        let device: Int?
        var frames: EventLogFrames
    }

    /// Reads the rest of an event-only log, `lines` telling its events, from `reader`: for the
    /// device at `node` (a getevent log's), on the description it carries, else on the one
    /// `given` (read only then), else on one inferred from its events. Where the file can be read
    /// `again` from the place its events start, it is read once for its ``EventTally`` and again
    /// for its frames (``Rereading``), `reader` then reading from there; otherwise whole, its
    /// frames, last first, served from memory (a getevent log up to 16 MiB). `marksRepeats` as
    /// ``RecordingLoader/Format/dropsSynReportValue`` says for the log's format.
    static func readEventLog(
        _ lines: EventLines, from reader: inout LineReader,
        again: (file: LineReader.ReadAgain, start: (offset: Int, afterLine: Int))?,
        given: () throws(RecordingError) -> LogDescription?, node: String?, marksRepeats: Bool = false
    ) throws(RecordingError) -> (
        device: DeviceDescription, frames: [EvdevFrame], rereading: Rereading?, notes: [String]
    ) {
        let file = reader.file
        var reading = lines
        var tallies: [Int?: EventTally] = [:]
        var held: [Int?: [EventLog.Line]] = [:]
        var heldBytes = 0
        var cut: [String] = []
        while let text = try reader.next() {
            if reader.lastLineWasCut, reading.leavesOut(cut: text, at: reader.lineNumber, file: file) {
                cut = [RecordingStream.cutLineNote(reader.lineNumber)]
                break
            }
            // A log that cannot be read again (a pipe) is held whole, within the bound of a log read whole.
            if again == nil {
                heldBytes += text.utf8.count + 1
                guard heldBytes <= LineReader.maxHeaderBytes else {
                    guard case .getevent = lines else {
                        throw RecordingError.bad(
                            file, reader.lineNumber,
                            "an event log from a pipe is held whole to tell its device, up to 16 MiB, and this one is "
                                + "longer: give it as a file")
                    }
                    throw RecordingStream.tooLongToReadWhole(file, reader.lineNumber)
                }
            }
            guard let (device, line) = try reading.event(text, at: reader.lineNumber, file: file) else { continue }
            tallies[device, default: EventTally()].add(line)
            if again == nil { held[device, default: []].append(line) }
        }
        var chosen: Int?
        var carried: DeviceDescription?
        if case .getevent(let log) = reading {
            let choice = try log.choice(
                counts: tallies.mapValues(\.count), wanted: node, cutLine: cut.isEmpty ? nil : reader.lineNumber)
            (chosen, carried) = (choice.events, try log.carried(by: choice))
        }
        let tally = tallies[chosen] ?? EventTally()
        // A getevent -p of devices without events describes them alone.
        if tally.count == 0, let carried { return (carried, [], nil, cut) }
        guard let again else {
            var log = EventLog(file: file, device: carried)
            log.events = held[chosen] ?? []
            log.marksRepeats = marksRepeats
            let (device, frames, notes) = try finish(log, given: try given())
            return (device, frames, nil, cut + notes)
        }
        let plan = try tally.plan(carried: carried, given: try given(), file: file)
        reader.close()
        reader = try again.file.reader(from: again.start.offset, afterLine: again.start.afterLine)
        return (
            plan.device, [],
            Rereading(lines: lines, device: chosen, frames: EventLogFrames(plan, marksRepeats: marksRepeats)),
            cut + plan.notes
        )
    }

    /// A log's recording on its own description, or the one given, or an inferred one; its frames
    /// last first, to be served from memory.
    static func finish(
        _ log: EventLog, given: LogDescription?
    ) throws(RecordingError) -> (DeviceDescription, [EvdevFrame], [String]) {
        let recording = try log.recording(given: given)
        return (recording.device, recording.frames.reversed(), recording.notes)
    }
}
