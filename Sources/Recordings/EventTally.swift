import Foundation

/// What an event log's events say as a whole, taken in one at a time: all that its first frame
/// waits for (a description inferred from them, whether the log begins mid-gesture, how its times
/// are repaired, the first event a description refuses). A long log is so read twice, once for
/// its tally and once for its frames (``EventLogFrames``), rather than held.
struct EventTally {
    /// The events taken in.
    private(set) var count = 0
    private var first: (time: UInt64, line: Int)?
    private var last: (line: Int, closesFrame: Bool)?
    private var inference = DescriptionInference()
    private var midGesture = MidGestureRepair()
    private var times = TimeRepair(refuses: false)
    /// The first line of each event type and code, and of each slot selected: a description
    /// refuses an event for its code, or for its slot, so the first of each is the first it refuses.
    /// A slot beyond any device's (``DeviceDescription/maxSlots``) is refused by every description
    /// that can be played, so only the first such is kept.
    private var firstLines: [EvdevEvent: Int] = [:]
    private var firstStraySlot: (event: EvdevEvent, line: Int)?

    /// Takes in the event on `line`.
    mutating func add(_ line: EventLog.Line) {
        let e = line.event
        count += 1
        first = first ?? (line.time, line.line)
        last = (line.line, e.isSynReport)
        inference.add(e)
        midGesture.add(e)
        // A log that refuses a time going back learns that it does at its plan.
        _ = times.repaired(line.time, of: e, line: line.line)
        guard !MidGestureRepair.isStraySlot(e) else {
            firstStraySlot = firstStraySlot ?? (e, line.line)
            return
        }
        let key = EvdevEvent(type: e.type, code: e.code, value: e.code == Evdev.ABS_MT_SLOT ? e.value : 0)
        if firstLines[key] == nil { firstLines[key] = line.line }
    }

    /// How the log becomes a recording: on the description it carries (`carried`), else the one
    /// `given`, else one inferred from its events. Its notes say what was guessed or repaired; a
    /// log that carries its description is refused where its time goes back.
    func plan(
        carried: DeviceDescription?, given: LogDescription?, file: String
    ) throws(RecordingError) -> EventLogPlan {
        switch (carried, given) {
        case (let device?, _):
            return try plan(on: device, notes: [], carried: true, file: file)
        case (nil, .device(let device)?):
            return try plan(on: device, notes: [], carried: false, file: file)
        case (nil, .axes(let axes, let from)?):
            var inferred = inference.inferred(axes: axes)
            inferred.guesses.append("axis ranges and resolutions from \(from)")
            return try plan(
                on: inferred.device, notes: [inferred.guesses.joined(separator: "; ")], carried: false, file: file)
        case (nil, nil):
            let inferred = inference.inferred()
            return try plan(
                on: inferred.device, notes: [inferred.guesses.joined(separator: "; ")], carried: false, file: file)
        }
    }

    private func plan(
        on device: DeviceDescription, notes: [String], carried: Bool, file: String
    ) throws(RecordingError) -> EventLogPlan {
        guard let first, let last else {
            throw RecordingError.bad(file, 1, carried ? "no events" : "no device description and no events")
        }
        let firsts = firstLines.map { ($0.key, $0.value) } + (firstStraySlot.map { [$0] } ?? [])
        for (event, line) in firsts.sorted(by: { $0.1 < $1.1 }) {
            try EvemuFormat.checkKnown(event, device: device, file: file, line: line)
        }
        if let problem = device.axisProblem { throw RecordingError.bad(file, first.line, problem.message) }
        if carried, let refusal = times.refusal(file: file) { throw refusal }
        var notes = notes + times.notes
        let lead = midGesture.firstFrame(device: device)
        if let lead { notes.append(lead.note) }
        if !last.closesFrame { notes.append(Recording.truncationNote(atLine: last.line)) }
        return EventLogPlan(device: device, notes: notes, start: first.time, lead: lead?.events ?? [])
    }
}

/// How an event log becomes a recording, decided from its ``EventTally`` before its first frame.
struct EventLogPlan {
    let device: DeviceDescription
    /// What was guessed or repaired (``Recording/notes``).
    let notes: [String]
    /// The log's first time, as it stamps it.
    fileprivate let start: UInt64
    /// The frame a log begun mid-gesture opens with (``MidGestureRepair``), or none.
    fileprivate let lead: [EvdevEvent]
}

/// An event log's frames, made as its events are read again after its tally: the plan's frame
/// for a log begun mid-gesture first, then each event at its time repaired as the tally repaired it.
struct EventLogFrames {
    private let device: DeviceDescription
    private var times = TimeRepair(refuses: false)
    private var assembler = FrameAssembler()
    /// The line of the last event added, where a frame the end closes is refused.
    private var lastLine = 0
    /// The frame a log begun mid-gesture opens with, until taken.
    var lead: EvdevFrame?

    init(_ plan: EventLogPlan, marksRepeats: Bool = false) {
        device = plan.device
        assembler.marksRepeats = marksRepeats
        for event in plan.lead {
            if let frame = assembler.add(time: plan.start, event: event) { lead = frame }
        }
    }

    /// The frame the event on `line` of `file` completes. The event is checked against the
    /// device again: a file still being written may have grown since its tally.
    mutating func add(_ line: EventLog.Line, file: String) throws(RecordingError) -> EvdevFrame? {
        try EvemuFormat.checkKnown(line.event, device: device, file: file, line: line.line)
        let time = times.repaired(line.time, of: line.event, line: line.line)
        lastLine = line.line
        return try assembler.add(time: time, event: line.event, file: file, line: lastLine)
    }

    /// The events after the last SYN_REPORT, closed with one (the plan says so).
    mutating func flush(file: String) throws(RecordingError) -> EvdevFrame? {
        try RecordingStream.withinADay(assembler.flush(), file: file, line: lastLine)
    }
}

extension EventLog {
    /// The log's recording on the description it carries, else the one `given` (a bare axis list
    /// replacing the inferred axes), else one inferred from its events.
    public func recording(given: LogDescription?) throws(RecordingError) -> Recording {
        var tally = EventTally()
        for line in events { tally.add(line) }
        let plan = try tally.plan(carried: device, given: given, file: file)
        var made = EventLogFrames(plan, marksRepeats: marksRepeats)
        var frames = made.lead.map { [$0] } ?? []
        for line in events {
            if let frame = try made.add(line, file: file) { frames.append(frame) }
        }
        if let partial = try made.flush(file: file) { frames.append(partial) }
        var recording = Recording(device: plan.device, frames: frames)
        recording.notes = plan.notes
        return recording
    }
}
