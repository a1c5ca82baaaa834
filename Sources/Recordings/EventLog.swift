import Foundation

/// Events read from a log that may lack its device's description (an evtest or evemu log pasted
/// from its first event, `getevent` without `-p`, a ChromeOS ring buffer), and how such a log
/// becomes a recording: the description given, or one inferred from the events; and a log that
/// starts mid-gesture repaired.
public struct EventLog: Sendable {
    /// One event and the line it was read from.
    public struct Line: Sendable {
        /// Microseconds, as the log stamps the event.
        public var time: UInt64
        public var event: EvdevEvent
        /// The line of the file, for errors.
        public var line: Int
    }

    /// What the file was, for messages: "an evtest log".
    public var kind: String
    /// The file read, for errors.
    public var file: String
    /// The description the file carries, if any.
    public var device: DeviceDescription?
    /// The events in the order read, with their times as read: ``recording(description:)``
    /// repairs times that go back.
    public var events: [Line] = []

    /// An empty log of `file`, of the kind named for messages, with the description it carries.
    public init(kind: String, file: String, device: DeviceDescription? = nil) {
        self.kind = kind
        self.file = file
        self.device = device
    }

    /// The recording: on the file's own description, else on `description`, else on one inferred
    /// from the events. Its ``Recording/notes`` say what was guessed or repaired.
    public func recording(description: DeviceDescription? = nil) throws(RecordingError) -> Recording {
        if let known = self.device ?? description { return try recording(description: known, notes: []) }
        let inferred = DescriptionInference.infer(from: events.map(\.event))
        return try recording(description: inferred.device, notes: [inferred.guesses.joined(separator: "; ")])
    }

    private func recording(description device: DeviceDescription, notes: [String]) throws(RecordingError) -> Recording {
        guard let first = events.first else {
            throw RecordingError.bad(file, 1, self.device == nil ? "no device description and no events" : "no events")
        }
        var notes = notes
        for line in events {
            try EvemuFormat.checkKnown(line.event, device: device, file: file, line: line.line)
        }
        if let problem = device.axisProblem { throw RecordingError.bad(file, first.line, problem.message) }
        let (events, timeNotes) = try timesRepaired()
        notes += timeNotes
        let repaired = MidGestureRepair.repair(events.map { ($0.time, $0.event) }, device: device)
        if let note = repaired.note { notes.append(note) }
        var recording = Recording(device: device, events: repaired.events)
        recording.notes = notes + recording.notes
        return recording
    }
}

extension EventLog {
    /// The events with their times repaired (``TimeRepair``), and what was repaired: refused
    /// where the log carries its own description.
    private func timesRepaired() throws(RecordingError) -> ([Line], [String]) {
        var repair = TimeRepair(refuses: device != nil)
        var repaired = events
        for i in repaired.indices {
            repaired[i].time = try repair.time(events[i].time, of: events[i].event, file: file, line: events[i].line)
        }
        return (repaired, repair.notes)
    }

    /// The recording on an inferred description whose axes are `axes` (a bare `A:` list from `from`).
    public func recording(axes: [UInt16: AbsInfo], from: String) throws(RecordingError) -> Recording {
        var inferred = DescriptionInference.infer(from: events.map(\.event), axesGiven: true)
        for (code, info) in axes {
            inferred.device.absinfo[code] = info
            inferred.device.codes[Evdev.EV_ABS, default: []].insert(code)
        }
        inferred.guesses.append("axis ranges and resolutions from \(from)")
        return try recording(description: inferred.device, notes: [inferred.guesses.joined(separator: "; ")])
    }
}
