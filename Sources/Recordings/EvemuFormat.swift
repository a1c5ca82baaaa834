import Foundation

/// The evemu text format: a header (`N: I: P: B: A:` lines, and `L: S:` for the LEDs lit and
/// switches on) and events (`E: sec.usec type code value`).
///
/// Both evemu 1.x layouts are accepted: several `B:` lines for one type concatenate, `A:` lines
/// carry an optional resolution. Comments start with `#`, also after an event.
public enum EvemuFormat: RecordingWriter {
    /// The header of an evemu file, when it has one.
    public static func parseDescription(_ text: String, file: String) throws(RecordingError) -> DeviceDescription? {
        try parse(text, file: file, wantEvents: false).device
    }

    /// The `T: …` content of an evemu line, without comment or surrounding blanks; nil for a
    /// line without content, and any other text refused as bad data at `line` of `file`.
    static func content(of raw: Substring, file: String, line number: Int) throws(RecordingError) -> Substring? {
        var line = raw
        if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
        line = line.drop(while: { $0 == " " || $0 == "\t" })
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
        if line.isEmpty { return nil }
        guard line.count >= 2, line[line.index(after: line.startIndex)] == ":" else {
            throw RecordingError.bad(file, number, "not an evemu line: \"\(line.prefix(40))\"")
        }
        return line
    }

    /// A bare list of evemu `A: code min max fuzz flat [resolution]` lines: the axes of a device
    /// whose description was not pasted whole.
    public static func parseAxes(_ text: String, file: String) throws(RecordingError) -> [UInt16: AbsInfo] {
        var axes: [UInt16: AbsInfo] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try RecordingStream.refuseLoneCarriageReturn(raw, file: file, at: index + 1)
            let line = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            let fields = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard line.hasPrefix("A:") else { throw RecordingError.bad(file, index + 1, axisFields(fields.count)) }
            let code = try axis(fields, into: &axes, file: file, line: index + 1)
            if let problem = axes[code].flatMap({ DeviceDescription.problem(of: code, $0) }) {
                throw RecordingError.bad(file, index + 1, problem)
            }
        }
        return axes
    }

    /// The axis of an `A: code min max fuzz flat [resolution]` line's `fields`, added to `axes`;
    /// refused at `line` when malformed, or when `axes` holds it already (an edit: the last would win).
    private static func axis(
        _ fields: [Substring], into axes: inout [UInt16: AbsInfo], file: String, line: Int
    ) throws(RecordingError) -> UInt16 {
        guard fields.count == 5 || fields.count == 6 else {
            throw RecordingError.bad(file, line, axisFields(fields.count))
        }
        let code = UInt16(try hex8(fields[0], file, line))
        guard code <= Evdev.maxCode(ofType: Evdev.EV_ABS) ?? 0 else {
            throw RecordingError.bad(file, line, "no axis 0x\(String(code, radix: 16))")
        }
        guard axes[code] == nil else {
            throw RecordingError.bad(
                file, line, "a second A: line for \(Evdev.codeName(type: Evdev.EV_ABS, code: code))")
        }
        let v = try fields.dropFirst().map { f throws(RecordingError) in try int32(f, file, line) }
        axes[code] = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v.count > 4 ? v[4] : 0)
        return code
    }

    private static func axisFields(_ count: Int) -> String {
        "A: needs code min max fuzz flat [resolution], got \(count) fields"
    }

    /// A whole evemu file; `description` supplies the device when the file has no header, and is
    /// asked only then.
    public static func parseRecording(
        _ text: String, file: String, description: () throws(RecordingError) -> DeviceDescription? = { nil }
    ) throws(RecordingError) -> Recording {
        let parsed = try parse(text, file: file, wantEvents: true)
        let fallback = parsed.device == nil ? try description() : nil
        guard let device = parsed.device ?? fallback else {
            throw RecordingError.bad(
                file, 1, "missing header: no N:/I:/B: device description and no matching .desc file")
        }
        for (line, event) in parsed.eventLines {
            try checkKnown(event, device: device, file: file, line: line)
        }
        return Recording(device: device, events: parsed.events)
    }

    /// The event of an `E: sec.usec type code value` line; nil for a blank or comment line.
    static func eventLine(_ text: String, file: String, line: Int) throws(RecordingError) -> (UInt64, EvdevEvent)? {
        if let plain = plainEventLine(text) { return plain }
        return try anyEventLine(text, file: file, line: line)
    }

    /// ``eventLine(_:file:line:)`` for any line: what it means, or the error that says why it means nothing.
    static func anyEventLine(_ text: String, file: String, line: Int) throws(RecordingError) -> (UInt64, EvdevEvent)? {
        var body = Substring(text)
        if let hash = body.firstIndex(of: "#") { body = body[..<hash] }
        body = body.drop(while: { $0 == " " || $0 == "\t" })
        guard !body.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { return nil }
        guard body.hasPrefix("E:") else {
            throw RecordingError.bad(file, line, "not an event line after the events began: \"\(text.prefix(40))\"")
        }
        let fields = body.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard fields.count == 4 else {
            throw RecordingError.bad(
                file, line,
                (fields.count < 4 ? "truncated event" : "an event with more than its fields")
                    + ": expected \"E: sec.usec type code value\", got \(fields.count) fields")
        }
        return (
            try timestamp(fields[0], file, line),
            EvdevEvent(
                type: try hex16(fields[1], file, line), code: try hex16(fields[2], file, line),
                value: try int32(fields[3], file, line))
        )
    }

    /// Rejects events the device cannot send: a code outside the kernel's range or outside the
    /// device's declared capabilities (EV_SYN is always allowed).
    static func checkKnown(
        _ event: EvdevEvent, device: DeviceDescription, file: String, line: Int
    ) throws(RecordingError) {
        guard let max = Evdev.maxCode(ofType: event.type) else {
            throw RecordingError.bad(file, line, "unknown event type 0x\(String(event.type, radix: 16))")
        }
        guard event.code <= max else {
            throw RecordingError.bad(
                file, line, "unknown event code 0x\(String(event.code, radix: 16)) for \(Evdev.typeName(event.type))")
        }
        if event.type != Evdev.EV_SYN, !device.has(type: event.type, code: event.code) {
            throw RecordingError.bad(
                file, line,
                "event code \(Evdev.codeName(type: event.type, code: event.code)) is not supported by device "
                    + "\"\(device.name)\""
            )
        }
        // The kernel passes no slot outside the device's on to a reader (`input_handle_abs_event`).
        if event.type == Evdev.EV_ABS, event.code == Evdev.ABS_MT_SLOT, let slots = device.absinfo[Evdev.ABS_MT_SLOT],
            event.value < slots.minimum || event.value > slots.maximum
        {
            throw RecordingError.bad(
                file, line,
                "ABS_MT_SLOT \(event.value) is outside the device's slots \(slots.minimum)…\(slots.maximum)")
        }
    }

    private struct Parsed {
        var device: DeviceDescription?
        var events: [(time: UInt64, event: EvdevEvent)] = []
        var eventLines: [(Int, EvdevEvent)] = []
    }

    private static func parse(_ text: String, file: String, wantEvents: Bool) throws(RecordingError) -> Parsed {
        var parsed = Parsed()
        var name: String?
        var id: [UInt16] = [0, 0, 0, 0]
        var propBytes: [UInt8] = []
        var bitBytes: [UInt16: [UInt8]] = [:]
        var absinfo: [UInt16: AbsInfo] = [:]
        var sawHeader = false
        var idLine: Int?
        var absLine: Int?
        var axisLines: [UInt16: Int] = [:]
        var states: [(type: UInt16, code: UInt16, on: Bool, line: Int)] = []
        var lineNumber = 0

        lines: for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let line = try content(of: Substring(rawLine), file: file, line: lineNumber), let tag = line.first
            else { continue }
            let rest = line.dropFirst(2).drop(while: { $0 == " " })
            let fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            switch tag {
            // One name, one id and one line per axis: a second, which the last would win, is an edit.
            case "N":
                guard name == nil else { throw RecordingError.bad(file, lineNumber, "a second N: name line") }
                name = try DeviceDescription.checkedName(
                    String(rawLine.dropFirst(2)).trimmingCharacters(in: .whitespacesAndNewlines), file: file,
                    line: lineNumber)
                sawHeader = true
            case "I":
                guard idLine == nil else { throw RecordingError.bad(file, lineNumber, "a second I: id line") }
                idLine = lineNumber
                guard fields.count == 4 else {
                    throw RecordingError.bad(
                        file, lineNumber, "I: needs 4 hex fields (bus vendor product version), got \(fields.count)")
                }
                id = try fields.map { f throws(RecordingError) in try hex16(f, file, lineNumber) }
                sawHeader = true
            case "P":
                propBytes += try fields.map { f throws(RecordingError) in try hex8(f, file, lineNumber) }
                sawHeader = true
            case "B":
                guard fields.count >= 2 else {
                    throw RecordingError.bad(file, lineNumber, "B: needs a type and mask bytes")
                }
                let type = UInt16(try hex8(fields[0], file, lineNumber))
                // evemu refuses a type past EV_MAX (parse_mask, src/evemu.c): no kernel has one.
                guard type <= Evdev.EV_MAX else {
                    throw RecordingError.bad(
                        file, lineNumber,
                        String(format: "B: %02x is no event type (EV_MAX is 0x%02x)", type, Evdev.EV_MAX))
                }
                if type == Evdev.EV_ABS, absLine == nil { absLine = lineNumber }
                bitBytes[type, default: []] += try fields.dropFirst().map { f throws(RecordingError) in
                    try hex8(f, file, lineNumber)
                }
                sawHeader = true
            case "A":
                axisLines[try axis(fields, into: &absinfo, file: file, line: lineNumber)] = lineNumber
                sawHeader = true
            case "L", "S":
                // An LED lit or a switch on as evemu-record began (`S: 01 1`, tablet mode on).
                guard fields.count == 2, let on = Int32(fields[1]) else {
                    throw RecordingError.bad(file, lineNumber, "\(tag): needs a hex code and a state")
                }
                let type = tag == "S" ? Evdev.EV_SW : Evdev.EV_LED, code = UInt16(try hex8(fields[0], file, lineNumber))
                guard !states.contains(where: { $0.type == type && $0.code == code }) else {
                    let name = Evdev.codeName(type: type, code: code)
                    throw RecordingError.bad(file, lineNumber, "a second \(tag): line for \(name)")
                }
                states.append((type, code, on != 0, lineNumber))
                sawHeader = true
            case "E":
                // The header precedes the events: a description is complete at the first event.
                guard wantEvents else { break lines }
                guard let (time, event) = try eventLine(String(line), file: file, line: lineNumber) else { continue }
                parsed.events.append((time, event))
                parsed.eventLines.append((lineNumber, event))
            default:
                throw RecordingError.bad(file, lineNumber, "unknown evemu line type \"\(tag):\"")
            }
        }
        if sawHeader {
            guard let name else { throw RecordingError.bad(file, 1, "missing header: device has no N: name line") }
            guard !bitBytes.isEmpty else {
                throw RecordingError.bad(file, 1, "missing header: device has no B: capability lines")
            }
            var codes: [UInt16: Set<UInt16>] = [Evdev.EV_SYN: [Evdev.SYN_REPORT, Evdev.SYN_DROPPED]]
            // The B: line of type 0 says little: evemu has long written `0b` there for every device
            // (EV_SYN, EV_KEY, EV_ABS, a mouse's too) and leaves types out of it whose codes it lists
            // (seen: an Apple Touch Mouse, evemu 1.3). The kernel delivers no code of a type the
            // device lacks, so the types are those with codes.
            let listed = bitBytes.filter { $0.key != Evdev.EV_SYN && $0.value.contains { $0 != 0 } }.keys
            for type in listed {
                guard let max = Evdev.maxCode(ofType: type) else { continue }
                codes[type] = bits(bitBytes[type] ?? []).filter { $0 <= max }
            }
            var device = DeviceDescription(
                name: name, bustype: id[0], vendor: id[1], product: id[2], version: id[3],
                codes: codes, absinfo: absinfo, properties: bits(propBytes).filter { $0 <= Evdev.propertyMax })
            try device.read(from: file, axisLines: axisLines, fallback: absLine)
            for state in states {
                try device.setInitially(state.on, type: state.type, code: state.code, file: file, line: state.line)
            }
            parsed.device = device
        }
        return parsed
    }

    static func bits(_ bytes: [UInt8]) -> Set<UInt16> {
        var set = Set<UInt16>()
        // No code is above UInt16's range; bytes past it carry none.
        for (i, byte) in bytes.prefix(8192).enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(UInt16(i * 8 + bit)) }
        }
        return set
    }

    static func hex8(_ s: Substring, _ file: String, _ line: Int) throws(RecordingError) -> UInt8 {
        guard let v = UInt8(s, radix: 16) else { throw RecordingError.bad(file, line, "\"\(s)\" is not a hex byte") }
        return v
    }

    static func hex16(_ s: Substring, _ file: String, _ line: Int) throws(RecordingError) -> UInt16 {
        guard let v = UInt16(s, radix: 16) else {
            throw RecordingError.bad(file, line, "\"\(s)\" is not a 16-bit hex number")
        }
        return v
    }

    static func int32(_ s: Substring, _ file: String, _ line: Int) throws(RecordingError) -> Int32 {
        guard let v = Int32(s) else { throw RecordingError.bad(file, line, "\"\(s)\" is not a 32-bit integer") }
        return v
    }

    /// `sec.usec` as microseconds; evemu always writes six digits of microseconds. Digits only:
    /// `UInt64("-0")` is 0, which would read `-0.500000` as half a second after the start.
    static func timestamp(_ s: Substring, _ file: String, _ line: Int) throws(RecordingError) -> UInt64 {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
            let sec = UInt64(parts[0]), parts[1].count == 6, let usec = UInt64(parts[1])
        else {
            throw RecordingError.bad(file, line, "\"\(s)\" is not a sec.usec timestamp")
        }
        return try microseconds(sec: sec, usec: usec, file, line)
    }

    /// Seconds beyond the year 2286 are no clock a recording came from, and would overflow.
    static let latestSecond: UInt64 = 10_000_000_000

    static func microseconds(sec: UInt64, usec: UInt64, _ file: String, _ line: Int?) throws(RecordingError) -> UInt64 {
        guard sec <= latestSecond else {
            throw RecordingError.bad(file, line, "timestamp of \(sec) s is out of range (after the year 2286)")
        }
        guard usec < 1_000_000 else {
            throw RecordingError.bad(file, line, "\(usec) microseconds is not under a second")
        }
        return sec * 1_000_000 + usec
    }

    /// The device lines of a recording in evemu 1.3 format (``RecordingWriter``).
    public static func header(_ recording: Recording) -> String {
        let d = recording.device
        var out = "# EVEMU 1.3\n# written by touchsynth\n"
        if let dmi = recording.dmi { out += "# DMI: \(dmi)\n" }
        out += "N: \(d.name)\n"
        out += String(format: "I: %04x %04x %04x %04x\n", d.bustype, d.vendor, d.product, d.version)
        // evemu reads 8 bytes a line (`parse_mask`), a mask over as many lines as it takes, and
        // writes the same first B: line for every device (`write_mask`): the types are those with codes.
        for line in hexLines(d.properties, count: 8) { out += "P: " + line + "\n" }
        out += "B: 00 0b 00 00 00 00 00 00 00\n"
        for type in d.codes.keys.sorted() where type != 0 {
            for line in hexLines(d.codes[type] ?? [], count: Evdev.bitmaskBytes(ofType: type)) {
                out += String(format: "B: %02x ", type) + line + "\n"
            }
        }
        for (code, a) in d.absinfo.sorted(by: { $0.key < $1.key }) {
            out += String(format: "A: %02x %d %d %d %d %d\n", code, a.minimum, a.maximum, a.fuzz, a.flat, a.resolution)
        }
        // evemu-record writes the LEDs lit and switches on.
        for code in d.initiallyOn.ledsOn.sorted() { out += String(format: "L: %02x 1\n", code) }
        for code in d.initiallyOn.switchesOn.sorted() { out += String(format: "S: %02x 1\n", code) }
        return out
    }

    /// One frame's `E:` lines.
    public static func frameText(_ frame: EvdevFrame) -> String {
        var out = ""
        let stamp = "\(frame.time / 1_000_000).\(FixedWidth.zeroed(frame.time % 1_000_000, 6))"
        for e in frame.events {
            out += "E: \(stamp) \(FixedWidth.hex(e.type, 4)) \(FixedWidth.hex(e.code, 4)) \(e.value)\n"
        }
        return out
    }

    /// `bits` as a mask of `count` bytes in hex, 8 bytes a line, as evemu writes and reads them.
    static func hexLines(_ bits: Set<UInt16>, count: Int) -> [String] {
        let bytes = Evdev.bitmask(bits, bytes: count).map { String(format: "%02x", $0) }
        return stride(from: 0, to: bytes.count, by: 8).map {
            bytes[$0..<min($0 + 8, bytes.count)].joined(separator: " ")
        }
    }
}
