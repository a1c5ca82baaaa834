import Foundation

/// Events read from a log that may lack its device's description (an evtest or evemu log pasted
/// from its first event, `getevent` without `-p`, a ChromeOS ring buffer), and how such a log
/// becomes a recording: the description given, or one inferred from the events; and a log that
/// starts mid-gesture repaired.
public struct EventLog: Sendable {
    /// One event and the line it was read from.
    public struct Line: Sendable {
        public var time: UInt64
        public var event: EvdevEvent
        public var line: Int
    }

    /// What the file was, for messages: "an evtest log".
    public var kind: String
    public var file: String
    /// The description the file carries, if any.
    public var device: DeviceDescription?
    public var events: [Line] = []

    public init(kind: String, file: String, device: DeviceDescription? = nil) {
        self.kind = kind
        self.file = file
        self.device = device
    }

    /// The recording: on the file's own description, else on `description`, else on one inferred
    /// from the events. Its ``Recording/notes`` say what was guessed or repaired.
    public func recording(description: DeviceDescription? = nil) throws(RecordingError) -> Recording {
        if let known = self.device ?? description { return try recording(description: known, notes: []) }
        let inferred = DescriptionInference.infer(from: events.map(\.event), name: "Inferred touchpad")
        return try recording(description: inferred.device, notes: [inferred.guesses.joined(separator: "; ")])
    }

    private func recording(description device: DeviceDescription, notes: [String]) throws(RecordingError) -> Recording {
        guard let first = events.first else { throw RecordingError.bad(file, 1, "no device description and no events") }
        var notes = notes
        for line in events {
            try EvemuFormat.checkKnown(line.event, device: device, file: file, line: line.line)
        }
        if let problem = device.axisProblem { throw RecordingError.bad(file, first.line, problem.message) }
        let repaired = MidGestureRepair.repair(events.map { ($0.time, $0.event) }, device: device)
        if let note = repaired.note { notes.append(note) }
        var recording = Recording(device: device, frames: Recording.frames(from: repaired.events))
        recording.notes = notes
        return recording
    }
}

/// A device description made up from the events a log holds, for a log pasted without one.
/// Every guess is said, so that a reader knows what libinput was told.
public enum DescriptionInference {
    /// How far past the values seen an axis reaches, as a share of their span on each side: a
    /// finger rarely touches the very edge in a short log.
    static let margin = 0.05

    public static func infer(from events: [EvdevEvent], name: String) -> (device: DeviceDescription, guesses: [String]) {
        var device = DeviceDescription(name: name, bustype: 0x18, codes: [Evdev.EV_SYN: [Evdev.SYN_REPORT, Evdev.SYN_DROPPED]])
        var ranges: [UInt16: (Int32, Int32)] = [:]
        for e in events where e.type != Evdev.EV_SYN {
            device.codes[e.type, default: []].insert(e.code)
            if e.type == Evdev.EV_ABS {
                let (lo, hi) = ranges[e.code] ?? (e.value, e.value)
                ranges[e.code] = (min(lo, e.value), max(hi, e.value))
            }
        }
        if events.contains(where: { $0.type == Evdev.EV_SYN && $0.code == Evdev.SYN_MT_REPORT }) {
            device.codes[Evdev.EV_SYN, default: []].insert(Evdev.SYN_MT_REPORT)
        }
        var guesses = ["no device description, so one was inferred from the \(events.count) events: named \"\(name)\", on the I2C bus"]
        // A gesture along one axis may never move the other, which the device has all the same.
        let axes = [(Evdev.ABS_X, Evdev.ABS_Y), (Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)]
        for (x, y) in axes where (ranges[x] == nil) != (ranges[y] == nil) {
            ranges[ranges[x] == nil ? x : y] = (0, 0)
            device.codes[Evdev.EV_ABS, default: []].formUnion([x, y])
        }
        // The kernel's pointer emulation gives every multitouch pad ABS_X/ABS_Y, which libinput needs.
        for (mt, single) in [(Evdev.ABS_MT_POSITION_X, Evdev.ABS_X), (Evdev.ABS_MT_POSITION_Y, Evdev.ABS_Y)] where ranges[mt] != nil && ranges[single] == nil {
            ranges[single] = ranges[mt]
            device.codes[Evdev.EV_ABS, default: []].insert(single)
        }
        let slots = ranges[Evdev.ABS_MT_SLOT].map { Int($0.1) + 1 } ?? (ranges[Evdev.ABS_MT_POSITION_X] == nil ? 0 : 1)
        for (code, (lo, hi)) in ranges {
            switch code {
            case Evdev.ABS_MT_SLOT:
                device.absinfo[code] = AbsInfo(minimum: 0, maximum: hi)
            case Evdev.ABS_MT_TRACKING_ID:
                device.absinfo[code] = AbsInfo(minimum: 0, maximum: 65535)
            default:
                // Axes start at 0 unless the log went below; the margin is of the largest value.
                let (low, high) = (Int64(lo), Int64(hi))
                let widen = Int64(Double(max(high - low, abs(high))) * margin) + 1
                device.absinfo[code] = AbsInfo(minimum: low >= 0 ? 0 : Int32(clamping: low - widen), maximum: Int32(clamping: high + widen))
            }
        }
        // A gesture along one axis says little of the other: the pad is at least as tall (or
        // wide) as libinput's assumed 69 × 50 mm pad with the same units per millimetre.
        let xs = [Evdev.ABS_X, Evdev.ABS_MT_POSITION_X].filter { device.absinfo[$0] != nil }
        let ys = [Evdev.ABS_Y, Evdev.ABS_MT_POSITION_Y].filter { device.absinfo[$0] != nil }
        if let width = xs.compactMap({ device.absinfo[$0]?.maximum }).max(), let height = ys.compactMap({ device.absinfo[$0]?.maximum }).max() {
            let (w, h) = (max(width, Int32(clamping: Int64(Double(height) * 69 / 50))), max(height, Int32(clamping: Int64(Double(width) * 50 / 69))))
            for code in xs { device.absinfo[code]?.maximum = w }
            for code in ys { device.absinfo[code]?.maximum = h }
        }
        if !ranges.isEmpty {
            guesses.append("axis ranges: from 0 to the largest value seen plus \(Int(margin * 100)) %, x and y in the proportions of a 69 × 50 mm pad; "
                           + "no resolution, so libinput takes the pad to be 69 × 50 mm")
        }
        let touchpad = ranges[Evdev.ABS_X] != nil && ranges[Evdev.ABS_Y] != nil
        if touchpad {
            var keys: [UInt16] = [Evdev.BTN_TOUCH, Evdev.BTN_TOOL_FINGER]
            let taps = [Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_TOOL_TRIPLETAP, Evdev.BTN_TOOL_QUADTAP, Evdev.BTN_TOOL_QUINTTAP]
            keys += taps.prefix(max(0, min(slots, 5) - 1))
            let missing = keys.filter { !device.has(type: Evdev.EV_KEY, code: $0) }
            device.codes[Evdev.EV_KEY, default: []].formUnion(missing)
            if !missing.isEmpty {
                guesses.append("a touchpad: declared " + missing.map { Evdev.codeName(type: Evdev.EV_KEY, code: $0) }.joined(separator: ", "))
            }
            if !device.has(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT) {
                device.codes[Evdev.EV_KEY, default: []].insert(Evdev.BTN_LEFT)
                guesses.append("declared BTN_LEFT, the button every touchpad has")
            }
            device.properties.insert(Evdev.INPUT_PROP_POINTER)
            if !device.has(type: Evdev.EV_KEY, code: Evdev.BTN_RIGHT) {
                device.properties.insert(Evdev.INPUT_PROP_BUTTONPAD)
                guesses.append("no BTN_RIGHT: a clickpad (INPUT_PROP_BUTTONPAD)")
            }
        }
        return (device, guesses)
    }
}

/// A log that starts mid-gesture (a ring buffer, a paste from the middle) made whole the way a
/// kernel presents a device to a reader that opens it then: the touches already down, and the
/// keys already held, are there from the start. The rule: a slot that gets an `ABS_MT_*` value
/// before any `ABS_MT_TRACKING_ID`, and a key whose first event is a release, were in use when
/// the log began; a first frame at the first event's time gives each such slot a new tracking id
/// and the first value the log gives each of its axes (the middle of the axis's range for one it
/// never gives), presses those keys, and selects slot 0, where events before any `ABS_MT_SLOT` go.
public enum MidGestureRepair {
    /// `events` of `device` repaired. Only a device with slots (protocol B) has touches a log can
    /// catch half-way.
    public static func repair(_ events: [(time: UInt64, event: EvdevEvent)], device: DeviceDescription)
        -> (events: [(time: UInt64, event: EvdevEvent)], note: String?) {
        let slotted = device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT)
        guard let start = events.first?.time else { return (events, nil) }
        var slot: Int32 = 0
        var tracked: Set<Int32> = []
        var inUse: [Int32] = []
        var firstValues: [Int32: [UInt16: Int32]] = [:]
        var keysSeen: Set<UInt16> = []
        var held: [UInt16] = []
        var highestID: Int32 = 0
        for (_, e) in events {
            switch e.type {
            case Evdev.EV_ABS where e.code == Evdev.ABS_MT_SLOT:
                slot = e.value
            case Evdev.EV_ABS where e.code == Evdev.ABS_MT_TRACKING_ID:
                tracked.insert(slot)
                highestID = max(highestID, e.value)
            case Evdev.EV_ABS where slotted && e.code > Evdev.ABS_MT_SLOT:
                if !tracked.contains(slot) {
                    if !inUse.contains(slot) { inUse.append(slot) }
                    if firstValues[slot]?[e.code] == nil { firstValues[slot, default: [:]][e.code] = e.value }
                }
            case Evdev.EV_KEY where !keysSeen.contains(e.code):
                keysSeen.insert(e.code)
                if e.value == 0 { held.append(e.code) }
            default:
                break
            }
        }
        guard !inUse.isEmpty || !held.isEmpty else { return (events, nil) }
        var frame: [EvdevEvent] = []
        for (index, s) in inUse.enumerated() {
            frame.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: s))
            frame.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID, value: Int32(clamping: Int64(highestID) + 1 + Int64(index))))
            // An axis the log never gives the slot: the middle of its range (the centre of the pad).
            let axes = (device.codes[Evdev.EV_ABS] ?? []).filter { $0 > Evdev.ABS_MT_SLOT && $0 != Evdev.ABS_MT_TRACKING_ID }
            for code in axes.sorted() {
                guard let info = device.absinfo[code] else { continue }
                let value = firstValues[s]?[code] ?? Int32((Int64(info.minimum) + Int64(info.maximum)) / 2)
                frame.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
            }
        }
        if !inUse.isEmpty { frame.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: 0)) }
        frame += held.map { EvdevEvent(type: Evdev.EV_KEY, code: $0, value: 1) }
        frame.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        let what = (inUse.isEmpty ? [] : ["touches in slot\(inUse.count == 1 ? "" : "s") \(inUse.map(String.init).joined(separator: ", "))"])
            + (held.isEmpty ? [] : [held.map { Evdev.codeName(type: Evdev.EV_KEY, code: $0) }.joined(separator: ", ") + " held"])
        let note = "the log starts mid-gesture: " + what.joined(separator: " and ") + " at its start, given a first frame of their own"
        return (frame.map { (start, $0) } + events, note)
    }
}

/// The description given for an event-only log (`--desc`): a whole device in any format TouchSynth
/// reads, or a bare evemu `A:` axis list, whose axes then replace the inferred ones.
public enum LogDescription: Sendable {
    case device(DeviceDescription)
    /// Axes by code, and the file they came from.
    case axes([UInt16: AbsInfo], from: String)

    /// Reads `path`: only `A:` lines (and comments) are an axis list; otherwise a description
    /// or recording of any format, whose device is taken.
    public init(path: String) throws(RecordingError) {
        let text = try readText(path, of: "a device description")
        let meaningful = text.split(separator: "\n").map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !meaningful.isEmpty && meaningful.allSatisfy({ $0.hasPrefix("A:") }) {
            self = .axes(try EvemuFormat.parseAxes(text, file: path), from: path)
        } else {
            self = .device(try RecordingStream(text: text, file: path).device)
        }
    }
}

extension EventLog {
    /// The recording on an inferred description whose axes are `axes` (a bare `A:` list from `from`).
    public func recording(axes: [UInt16: AbsInfo], from: String) throws(RecordingError) -> Recording {
        var inferred = DescriptionInference.infer(from: events.map(\.event), name: "Inferred touchpad")
        for (code, info) in axes {
            inferred.device.absinfo[code] = info
            inferred.device.codes[Evdev.EV_ABS, default: []].insert(code)
        }
        inferred.guesses[1...].removeAll { $0.hasPrefix("axis ranges") }
        inferred.guesses.append("axis ranges and resolutions from \(from)")
        return try recording(description: inferred.device, notes: [inferred.guesses.joined(separator: "; ")])
    }
}
