import Foundation

/// ChromeOS's evdev event logs, told apart from evemu by their `# device:` header:
/// - the touchpad log of ChromiumOS's libevdev (`third_party/libevdev` `src/libevdev.c`,
///   `EvdevWriteInfoToFile`, `EvdevWriteEventToFile`): `# device: NAME`, bitmask lines
///   `# bit:`/`# key:`/`# rel:`/`# abs:`/`# led:`/`# prp:` (bytes in hex, least significant
///   first), `# absinfo: code min max fuzz flat resolution`, then `E: sec.usec type code value`;
/// - Chromium's touchscreen log (`ui/events/ozone/evdev/touch_evdev_debug_buffer.cc`): no bitmask
///   lines, an absinfo whose second field repeats the maximum, and a sixth event field, the slot.
/// Both are ring buffers that may start mid-gesture (``MidGestureRepair``).
public enum ChromeOSEvdevLog: RecordingWriter {
    /// Whether the line opens such a log: its device line, or, where that is missing (and the
    /// log is refused for it), its first bitmask or axis line.
    static func opens(_ line: Substring) -> Bool {
        line.hasPrefix("# device:") || line.hasPrefix("# bit:") || line.hasPrefix("# absinfo:")
    }

    /// Whether the line is one of the description's, a comment to other readers: its name, a
    /// bitmask or an axis.
    static func describes(_ line: Substring) -> Bool {
        (["# device:", "# absinfo:"] + bitmaskTags.map(\.tag)).contains { line.hasPrefix($0) }
    }

    /// The bitmask lines' tags, each with the event type whose codes it lists: `# bit:` lists the
    /// types, `# prp:` the input properties (0xffff here).
    private static let bitmaskTags: [(tag: String, type: UInt16?)] = [
        ("# bit:", nil), ("# key:", Evdev.EV_KEY), ("# rel:", Evdev.EV_REL), ("# abs:", Evdev.EV_ABS),
        ("# led:", Evdev.EV_LED), ("# prp:", 0xffff),
    ]

    /// The log in `text`: its events, and its description when it has one (the touchpad log's
    /// bitmasks, or the touchscreen log's axes).
    public static func parse(_ text: String, file: String) throws(RecordingError) -> EventLog {
        var log = EventLog(file: file)
        var d = DeviceDescription(name: "", codes: [Evdev.EV_SYN: [Evdev.SYN_REPORT, Evdev.SYN_DROPPED]])
        var bitmasks = false
        var axisLines: [UInt16: Int] = [:]
        var deviceLine: Int?
        /// The `# abs:` line, which declares the axes: where one without its `# absinfo:` is told.
        var absLine: Int?
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.trimmedOfWhitespace
            if line.isEmpty { continue }
            // One device line and one line per axis: a second, which the last would win, is an edit.
            if line.hasPrefix("# device:") {
                guard deviceLine == nil else { throw RecordingError.bad(file, lineNumber, "a second # device: line") }
                deviceLine = lineNumber
                d.name = try DeviceDescription.checkedName(
                    line.dropFirst(9).trimmingCharacters(in: .whitespaces), file: file, line: lineNumber)
            } else if line.hasPrefix("# absinfo:") {
                let fields = line.dropFirst(10).split(separator: " ")
                guard fields.count == 6 else {
                    throw RecordingError.bad(file, lineNumber, "# absinfo: needs code min max fuzz flat resolution")
                }
                let v = fields.map { Int32($0) }
                guard let code = v[0], let lo = v[1], let hi = v[2], let fuzz = v[3], let flat = v[4], let res = v[5]
                else {
                    throw RecordingError.bad(
                        file, lineNumber, "# absinfo: each of code min max fuzz flat resolution is a 32-bit integer")
                }
                let last = Int32(Evdev.maxCode(ofType: Evdev.EV_ABS) ?? 0)
                guard code >= 0, code <= last else {
                    throw RecordingError.bad(file, lineNumber, "# absinfo: \(code) is no axis code (0 to \(last))")
                }
                guard axisLines[UInt16(code)] == nil else {
                    throw RecordingError.bad(
                        file, lineNumber,
                        "a second # absinfo: line for \(Evdev.codeName(type: Evdev.EV_ABS, code: UInt16(code)))")
                }
                // Chromium's touchscreen log writes the maximum twice: the minimum is then 0.
                let minimum = !bitmasks && lo == hi ? 0 : lo
                d.absinfo[UInt16(code)] = AbsInfo(
                    minimum: minimum, maximum: hi, fuzz: fuzz, flat: flat, resolution: res)
                axisLines[UInt16(code)] = lineNumber
            } else if let (tag, type) = bitmaskTags.first(where: { line.hasPrefix($0.tag) }) {
                var bytes: [UInt8] = []
                for word in line.dropFirst(tag.count).split(separator: " ") {
                    guard let byte = UInt8(word, radix: 16) else {
                        throw RecordingError.bad(file, lineNumber, "\"\(word)\" is not a hex byte")
                    }
                    bytes.append(byte)
                }
                let bits = EvemuFormat.bits(bytes)
                bitmasks = true
                if type == Evdev.EV_ABS { absLine = lineNumber }
                switch type {
                case nil:
                    for t in bits where t != Evdev.EV_SYN && Evdev.maxCode(ofType: t) != nil {
                        d.codes[t] = d.codes[t] ?? []
                    }
                case 0xffff: d.properties = bits.filter { $0 <= Evdev.propertyMax }
                case let type?:
                    // libevdev writes every type's line; an empty one for a type `# bit:` lacks is not declared.
                    let codes = bits.filter { $0 <= Evdev.maxCode(ofType: type) ?? 0 }
                    if !codes.isEmpty || d.codes[type] != nil { d.codes[type] = codes }
                }
            } else if line.hasPrefix("#") {
                continue
            } else {
                guard let (time, event) = try eventLine(line, file: file, line: lineNumber) else {
                    throw RecordingError.bad(file, lineNumber, "not a ChromeOS evdev log line: \"\(line.prefix(40))\"")
                }
                log.events.append(EventLog.Line(time: time, event: event, line: lineNumber))
            }
        }
        guard !d.name.isEmpty || bitmasks || !d.absinfo.isEmpty else { return log }
        guard deviceLine != nil else {
            throw RecordingError.bad(file, 1, "missing header: no # device: line")
        }
        if bitmasks {
            // The log has no line for EV_MSC's and EV_SW's codes: those its events use are the device's.
            for line in log.events where line.event.type == Evdev.EV_MSC || line.event.type == Evdev.EV_SW {
                d.codes[line.event.type, default: []].insert(line.event.code)
            }
            // Nor for EV_REP's: libevdev gives a device with EV_REP both rates.
            if d.codes[Evdev.EV_REP] != nil { d.codes[Evdev.EV_REP] = [0, 1] }
        } else {
            // The touchscreen log lists axes but no capabilities: its axes, BTN_TOUCH, and the
            // keys its events use; a touchscreen is direct.
            d.codes[Evdev.EV_ABS] = Set(d.absinfo.keys)
            d.codes[Evdev.EV_KEY] = Set(log.events.filter { $0.event.type == Evdev.EV_KEY }.map(\.event.code)).union([
                Evdev.BTN_TOUCH
            ])
            d.properties = [Evdev.INPUT_PROP_DIRECT]
        }
        try d.read(from: file, axisLines: axisLines, fallback: absLine)
        log.device = d
        return log
    }

    /// The event of an `E: sec.usec type code value [slot]` line (trimmed), nil for a line of
    /// another kind.
    static func eventLine(
        _ line: String, file: String, line lineNumber: Int
    ) throws(RecordingError) -> (UInt64, EvdevEvent)? {
        guard line.hasPrefix("E:") else { return nil }
        let fields = line.dropFirst(2).split(separator: " ")
        guard fields.count == 4 || fields.count == 5 else {
            throw RecordingError.bad(
                file, lineNumber, "expected \"E: sec.usec type code value [slot]\", got \(fields.count) fields")
        }
        let event = EvdevEvent(
            type: try EvemuFormat.hex16(fields[1], file, lineNumber),
            code: try EvemuFormat.hex16(fields[2], file, lineNumber),
            value: try EvemuFormat.int32(fields[3], file, lineNumber))
        return (try EvemuFormat.timestamp(fields[0], file, lineNumber), event)
    }

    /// The device lines of a touchpad log as ChromiumOS's libevdev writes it (``RecordingWriter``);
    /// its frames' times count from 0 s.
    public static func header(_ recording: Recording) -> String {
        let d = recording.device
        func mask(_ tag: String, _ bits: Set<UInt16>, bytes: Int) -> String {
            "# \(tag):" + Evdev.bitmask(bits, bytes: bytes).map { String(format: " %02X", $0) }.joined() + "\n"
        }
        var out = "# device: \(d.name)\n"
        out += mask("bit", Set(d.codes.keys), bytes: 8)
        out += mask("key", d.codes[Evdev.EV_KEY] ?? [], bytes: 96)
        out += mask("rel", d.codes[Evdev.EV_REL] ?? [], bytes: 8)
        out += mask("abs", d.codes[Evdev.EV_ABS] ?? [], bytes: 8)
        out += mask("led", d.codes[Evdev.EV_LED] ?? [], bytes: 8)
        out += mask("prp", d.properties, bytes: 8)
        for code in (d.codes[Evdev.EV_ABS] ?? []).sorted() {
            guard let a = d.absinfo[code] else { continue }
            out += "# absinfo: \(code) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        return out
    }

    /// One frame's `E:` lines, times in seconds: evemu's event lines, which libevdev's log writes too.
    public static func frameText(_ frame: EvdevFrame) -> String { EvemuFormat.frameText(frame) }
}
