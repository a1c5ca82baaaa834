import Foundation

/// The formats TouchSynth writes recordings in, and what a recording loses in each.
public enum RecordingFormat: String, CaseIterable, Sendable {
    case yaml, evemu, evtest, getevent, chromeos

    /// The format a recording written to `path` (standard output when nil) is written in: `asked`,
    /// else the one the path's extension asks for, else libinput record's YAML, or for a
    /// description without events evemu's, the format description files come in.
    public static func chosen(_ asked: RecordingFormat?, path: String?, descriptionOnly: Bool = false) -> Self {
        asked ?? path.flatMap(forPath) ?? (descriptionOnly ? .evemu : .yaml)
    }

    /// The format an output file's extension asks for: .yml/.yaml, .evemu/.events/.desc (evemu's
    /// description files), .evtest/.txt/.log, .getevent, .chromeos.
    public static func forPath(_ path: String) -> RecordingFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "yml", "yaml": return .yaml
        case "evemu", "events", "desc": return .evemu
        case "evtest", "txt", "log": return .evtest
        case "getevent": return .getevent
        case "chromeos": return .chromeos
        default: return nil
        }
    }

    /// The writer of this format.
    var writer: any RecordingWriter.Type {
        switch self {
        case .yaml: LibinputRecordFormat.self
        case .evemu: EvemuFormat.self
        case .evtest: EvtestFormat.self
        case .getevent: GeteventFormat.self
        case .chromeos: ChromeOSEvdevLog.self
        }
    }

    /// The recording in this format, its notes (what the reader guessed) first as comments.
    public func text(_ recording: Recording) -> String {
        var text = ""
        write(recording, to: &text)
        return text
    }

    /// Writes the recording in this format to `out` a frame at a time, as ``text(_:)`` makes it.
    public func write(_ recording: Recording, to out: inout some TextOutputStream) {
        let notes = recording.notes.map { "# touchsynth: \($0)\n" }.joined()
        // The log's own comments are its header: notes first would make it evemu's.
        if self != .chromeos { out.write(notes) }
        out.write(writer.header(recording))
        writer.write(recording.frames, to: &out)
        if self == .chromeos { out.write(notes) }
    }

    /// What `recording` loses written in this format as `text` (``losses(of:readingBack:)``).
    public func losses(of recording: Recording, in text: String) -> [String] {
        losses(of: recording) { () throws(RecordingError) in
            try RecordingStream(text: text, file: "the \(rawValue) text")
        }
    }

    /// What `recording` loses written in this format, one sentence each: found by reading the
    /// text written back (`written` opens it) and comparing what libinput would be given (the
    /// device as it opens it, then the frames and their times), so that no writer's limits are
    /// listed by hand. Empty when nothing is lost. The text is read back a frame at a time,
    /// beside the frames written, so that a long recording is not held twice.
    public func losses(
        of recording: Recording, readingBack written: () throws(RecordingError) -> RecordingStream
    ) -> [String] {
        var out: [String] = []
        let frames: FrameComparison
        do {
            let back = try written()
            let differences = DescriptionDifference.between(recording.device, back.device)
            for aspect in DescriptionDifference.Aspect.allCases {
                let items = differences.filter { $0.aspect == aspect }
                guard !items.isEmpty else { continue }
                out.append(
                    "\(rawValue) cannot carry \(Self.phrase(aspect)): "
                        + items.map { Self.lost($0) }.joined(separator: ", "))
            }
            // What the recording's machine applied is no part of the device's equality: said apart.
            let quirks = recording.device.source.recordedQuirks.filter {
                !back.device.source.recordedQuirks.contains($0)
            }
            if !quirks.isEmpty {
                out.append(
                    "\(rawValue) cannot carry the quirks the recording's machine applied: "
                        + quirks.joined(separator: ", "))
            }
            frames = try FrameComparison(recording.frames, back)
        } catch {
            return ["it cannot be read back: \(error)"]
        }
        out += frameLosses(recording.frames, frames)
        if !recording.otherDevices.isEmpty {
            out.append("one device is written, not the file's others: \(recording.otherDevices.deviceNames)")
        }
        return out
    }

    /// The frames written against those read back, one at a time: the events read, and the first
    /// frame that reads back otherwise. Read back, times count from the first frame: a lead-in of
    /// the file's other devices is no loss.
    private struct FrameComparison {
        var kept = Set<EvdevEvent>()
        var firstDifference: Int?

        init(_ written: [EvdevFrame], _ back: RecordingStream) throws(RecordingError) {
            let first = written.first?.time ?? 0
            var index = 0
            while let frame = try back.nextFrame() {
                kept.formUnion(frame.events)
                if firstDifference == nil,
                    index >= written.count
                        || frame != EvdevFrame(time: written[index].time - first, events: written[index].events)
                {
                    firstDifference = index
                }
                index += 1
            }
            if firstDifference == nil, index < written.count { firstDifference = index }
        }
    }

    /// What differs between the frames written and those read back: the events of codes the
    /// format drops, or else the first frame that differs.
    private func frameLosses(_ written: [EvdevFrame], _ read: FrameComparison) -> [String] {
        guard let index = read.firstDifference else { return [] }
        var dropped: [String: Int] = [:]
        for event in written.lazy.flatMap(\.events) where !read.kept.contains(event) {
            dropped[Evdev.codeName(type: event.type, code: event.code), default: 0] += 1
        }
        if !dropped.isEmpty {
            let counts = dropped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            return ["\(rawValue) cannot carry these events: \(counts)"]
        }
        return ["\(rawValue) does not keep the frames as they are: frame \(index) reads back otherwise"]
    }

    private static func phrase(_ aspect: DescriptionDifference.Aspect) -> String {
        switch aspect {
        case .name: return "the device's name"
        case .ids: return "the device's ids"
        case .properties: return "input properties"
        case .codes: return "event codes"
        case .axisRanges: return "axis ranges"
        case .axisValues: return "the axes' values the kernel starts from (the converted file starts them at 0)"
        case .states:
            return "the switches and LEDs on as the recording began (the converted file starts them off)"
        case .udevProperties: return "udev properties"
        }
    }

    private static func lost(_ d: DescriptionDifference) -> String {
        switch d.aspect {
        // A code or property the text gains (one a reader of the format assumes) is said as added.
        case .codes, .properties: return d.expectedValue == nil ? "\(d.item) (added)" : d.item
        case .udevProperties:
            return d.expectedValue == nil ? "\(d.item) (added: \(d.actual))" : "\(d.item)=\(d.expected)"
        default: return "\(d.item) \(d.expected)"
        }
    }
}
