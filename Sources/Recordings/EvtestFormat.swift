import Foundation
import TextTables

/// The text `evtest` prints: a device header (`Input device ID:`, `Input device name:`,
/// `Supported events:` with axis details, `Properties:`) and `Event: time ...` lines.
public enum EvtestFormat {
    /// The line evtest prints between the device and its events.
    static let testingLine = "Testing ... (interrupt to exit)"

    /// Whether `header` holds any of the device's header lines: then it is parsed as one, and one
    /// that lacks its name is refused rather than read as an event-only log.
    static func hasDeviceHeader(_ header: String) -> Bool {
        ["Input device name:", "Input device ID:", "Supported events:"].contains { header.contains($0) }
    }

    /// One note for the lines between evtest's "Testing ..." line and the first event that are no
    /// evtest lines (ChromeOS's evtest prints a banner there); nil when there are none.
    static func bannerNote(_ header: String) -> String? {
        var afterTesting = false, banner: [(number: Int, text: Substring)] = []
        for (index, line) in header.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("Testing") {
                afterTesting = true
            } else if afterTesting && !trimmed.isEmpty && !trimmed.hasPrefix("#") {
                banner.append((index + 1, line))
            }
        }
        guard let first = banner.first, let last = banner.last else { return nil }
        let lines = first.number == last.number ? "line \(first.number)" : "lines \(first.number)–\(last.number)"
        return
            "\(lines): skipped \(TextTable.counted(banner.count, "line")) after \"Testing ...\" that are no "
            + "evtest output (a banner: \"\(first.text.prefix(40))\")"
    }

    /// Parses evtest output; events must follow the header and be codes the device declares.
    /// Lines after "Testing ..." and before the first event that are no evtest output (a
    /// banner) are skipped, with a note.
    public static func parse(_ text: String, file: String) throws(RecordingError) -> Recording {
        var device = DeviceDescription(name: "", codes: [Evdev.EV_SYN: [Evdev.SYN_REPORT, Evdev.SYN_DROPPED]])
        var sawName = false
        var sawID = false
        var currentType: UInt16?
        var currentAxis: UInt16?
        var inRepeat = false
        var axisLines: [UInt16: Int] = [:]
        /// The fields each axis gave: evtest prints Value, Min and Max always, the others when not 0.
        var axisFields: [UInt16: Set<String>] = [:]
        var events: [(time: UInt64, event: EvdevEvent)] = []
        var eventLines: [(Int, EvdevEvent)] = []
        var lineNumber = 0
        var afterTesting = false

        var gluedLine: Int?
        for (read, line) in headerLines(text) {
            if read == lineNumber { gluedLine = gluedLine ?? read }
            lineNumber = read
            // evtest writes no comments; TouchSynth's notes on a converted log are.
            if line.isEmpty || line.hasPrefix("#") { continue }
            if afterTesting && events.isEmpty && !line.hasPrefix("Event: time ") { continue }
            // One id, one name and one line per code: a second, which the last would win, is an edit.
            if line.hasPrefix("Input device ID:") {
                guard !sawID else { throw RecordingError.bad(file, lineNumber, "a second \"Input device ID:\" line") }
                sawID = true
                let v = try fields(line, keys: ["bus", "vendor", "product", "version"], file: file, line: lineNumber)
                (device.bustype, device.vendor, device.product, device.version) = (v[0], v[1], v[2], v[3])
            } else if line.hasPrefix("Input device name:") {
                guard !sawName else {
                    throw RecordingError.bad(file, lineNumber, "a second \"Input device name:\" line")
                }
                device.name = try DeviceDescription.checkedName(
                    String(line.dropFirst("Input device name:".count)).trimmingCharacters(in: .whitespaces)
                        .trimmingCharacters(in: CharacterSet(charactersIn: "\"")), file: file, line: lineNumber)
                sawName = true
            } else if line.hasPrefix("Event type ") {
                currentType = try number(after: "Event type ", in: line, file: file, line: lineNumber)
                if let t = currentType {
                    try checkNamed(t, in: line.dropFirst("Event type ".count), type: nil, file: file, line: lineNumber)
                    guard Evdev.maxCode(ofType: t) != nil else {
                        throw RecordingError.bad(file, lineNumber, "unknown event type \(t)")
                    }
                    if device.codes[t] == nil { device.codes[t] = [] }
                }
                currentAxis = nil
            } else if line.hasPrefix("Event code ") {
                guard let type = currentType else {
                    throw RecordingError.bad(file, lineNumber, "Event code before any Event type")
                }
                let code = try number(after: "Event code ", in: line, file: file, line: lineNumber)
                try checkNamed(code, in: line.dropFirst("Event code ".count), type: type, file: file, line: lineNumber)
                guard let max = Evdev.maxCode(ofType: type), code <= max else {
                    throw RecordingError.bad(file, lineNumber, "unknown event code \(code) for \(Evdev.typeName(type))")
                }
                guard type == Evdev.EV_SYN || device.codes[type]?.contains(code) != true else {
                    throw RecordingError.bad(
                        file, lineNumber, "a second \"Event code\" line for \(Evdev.codeName(type: type, code: code))")
                }
                if type != Evdev.EV_SYN { device.codes[type, default: []].insert(code) }
                // Newer evtest (1.35) prints each key, switch, LED and sound's state as it started:
                // the switches' and LEDs' are kept (``InitialState``).
                if let state = line.range(of: ") state ") {
                    guard let value = Int32(line[state.upperBound...]) else {
                        throw RecordingError.bad(file, lineNumber, "\"\(line[state.upperBound...])\" is not a state")
                    }
                    try device.setInitially(value != 0, type: type, code: code, file: file, line: lineNumber)
                }
                if type == Evdev.EV_ABS {
                    currentAxis = code
                    axisLines[code] = lineNumber
                    device.absinfo[code] = AbsInfo(minimum: 0, maximum: 0)
                }
            } else if line.hasPrefix("Repeat type ") {
                // evtest lists EV_REP apart, under "Key repeat handling:", each code with its rate.
                if device.codes[Evdev.EV_REP] == nil { device.codes[Evdev.EV_REP] = [] }
                (currentType, currentAxis, inRepeat) = (nil, nil, true)
            } else if inRepeat && line.hasPrefix("Repeat code ") {
                let code = try number(after: "Repeat code ", in: line, file: file, line: lineNumber)
                guard code <= Evdev.maxCode(ofType: Evdev.EV_REP) ?? 0 else {
                    throw RecordingError.bad(file, lineNumber, "unknown event code \(code) for EV_REP")
                }
                device.codes[Evdev.EV_REP, default: []].insert(code)
            } else if inRepeat, let (key, value) = axisField(line), key == "Value" {
                // The rate the kernel held as evtest started: a uinput device starts at the input
                // core's own (Evdev.softRepeatRates), as the harness's answers do.
                guard Int32(value) != nil else {
                    throw RecordingError.bad(file, lineNumber, "\"\(value)\" is not an integer")
                }
            } else if let axis = currentAxis, let (key, value) = axisField(line) {
                guard let v = Int32(value) else {
                    throw RecordingError.bad(file, lineNumber, "\"\(value)\" is not an integer")
                }
                axisFields[axis, default: []].insert(key)
                switch key {
                case "Value": device.absinfo[axis]?.value = v
                case "Min": device.absinfo[axis]?.minimum = v
                case "Max": device.absinfo[axis]?.maximum = v
                case "Fuzz": device.absinfo[axis]?.fuzz = v
                case "Flat": device.absinfo[axis]?.flat = v
                default: device.absinfo[axis]?.resolution = v
                }
            } else if line.hasPrefix("Property type ") {
                device.properties.insert(try number(after: "Property type ", in: line, file: file, line: lineNumber))
            } else if line.hasPrefix("Event: time ") {
                guard sawName else {
                    throw RecordingError.bad(file, lineNumber, "missing header: events before \"Input device name:\"")
                }
                let (time, event) = try parseEvent(line, file: file, line: lineNumber)
                events.append((time, event))
                eventLines.append((lineNumber, event))
            } else if line.hasPrefix("Supported events") || line.hasPrefix("Properties")
                || line.hasPrefix("Input driver version")
                || line.hasPrefix("Testing") || line.hasPrefix("Key repeat")
            {
                currentAxis = nil
                inRepeat = false
                afterTesting = afterTesting || line.hasPrefix("Testing")
            } else {
                throw RecordingError.bad(file, lineNumber, "not an evtest line: \"\(line.prefix(40))\"")
            }
        }
        guard sawName else { throw RecordingError.bad(file, 1, "missing header: no \"Input device name:\" line") }
        for (axis, line) in axisLines.sorted(by: { $0.value < $1.value }) {
            // A range read as 0 to 0 would be libinput's refusal later, blamed on the kernel.
            for key in ["Min", "Max"] where axisFields[axis]?.contains(key) != true {
                throw RecordingError.bad(
                    file, line, "\(Evdev.codeName(type: Evdev.EV_ABS, code: axis)) has no \(key) line")
            }
        }
        try device.read(from: file, axisLines: axisLines)
        for (line, event) in eventLines {
            try EvemuFormat.checkKnown(event, device: device, file: file, line: line)
        }
        var recording = Recording(
            device: device, events: events, origin: nil,
            marksRepeats: RecordingLoader.Format.evtest.dropsSynReportValue)
        let gluedNote = gluedLine.map { "line \($0): two header lines shared a line: read as two" }
        recording.notes = (bannerNote(text).map { [$0] } ?? []) + (gluedNote.map { [$0] } ?? []) + recording.notes
        return recording
    }

    /// Words that open a line of evtest's header. Real logs sometimes lose a newline, gluing
    /// one header line to the next (`Resolution      12 Event code 54 (ABS_MT_POSITION_Y)`).
    private static let headerOpenings = [
        "Event type ", "Event code ", "Property type ", "Properties:", "Supported events:",
        "Input device ID:", "Input device name:", "Input driver version", "Testing ...",
    ]

    /// The lines of `text`, trimmed, with their line numbers; a line holding two header lines
    /// gives both, with one number. A device's name and a comment are never split.
    private static func headerLines(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            var pieces: [String] = []
            while !line.hasPrefix("Input device name:"), !line.hasPrefix("Event: time "), !line.hasPrefix("#"),
                let cut = headerOpenings.compactMap({ line.range(of: $0)?.lowerBound }).filter({ $0 > line.startIndex })
                    .min()
            {
                pieces.append(line[..<cut].trimmingCharacters(in: .whitespaces))
                line = String(line[cut...])
            }
            pieces.append(line)
            lines += pieces.map { (index + 1, $0) }
        }
        return lines
    }

    /// The event of an `Event: time …` line; nil for a blank line and for the line evtest prints
    /// when reading fails as the device goes away (`expected 24 bytes, got -1`).
    static func eventLine(_ text: String, file: String, line: Int) throws(RecordingError) -> (UInt64, EvdevEvent)? {
        let trimmed = text.trimmedOfWhitespace
        if trimmed.isEmpty || trimmed.hasPrefix("#") || isReadFailure(trimmed) { return nil }
        guard trimmed.hasPrefix("Event: time ") else {
            throw RecordingError.bad(file, line, "not an evtest event line: \"\(trimmed.prefix(40))\"")
        }
        return try parseEvent(trimmed, file: file, line: line)
    }

    /// evtest's `expected %d bytes, got %d` after a failed read: its log's last line when the
    /// device is unplugged.
    private static func isReadFailure(_ line: String) -> Bool {
        guard line.hasPrefix("expected ") else { return false }
        let words = line.split(separator: " ")
        return words.count == 5 && words[0] == "expected" && words[2] == "bytes," && words[3] == "got"
            && Int(words[1]) != nil
            && Int(words[4]) != nil
    }

    private static func axisField(_ line: String) -> (String, String)? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, ["Value", "Min", "Max", "Fuzz", "Flat", "Resolution"].contains(String(parts[0])) else {
            return nil
        }
        return (String(parts[0]), String(parts[1]))
    }

    private static func number(
        after prefix: String, in line: String, file: String, line n: Int
    ) throws(RecordingError) -> UInt16 {
        let digits = line.dropFirst(prefix.count).prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty else { throw RecordingError.bad(file, n, "expected a number after \"\(prefix)\"") }
        guard let v = UInt16(digits) else {
            throw RecordingError.bad(
                file, n, "\(prefix)\(digits) is beyond any evdev \(prefix.lowercased())(0 to 65535)")
        }
        return v
    }

    /// `bus 0x3 vendor 0x46d product 0x4101 version 0x111`.
    private static func fields(
        _ line: String, keys: [String], file: String, line n: Int
    ) throws(RecordingError) -> [UInt16] {
        let words = line.split(separator: " ").map(String.init)
        return try keys.map { key throws(RecordingError) in
            guard let i = words.firstIndex(of: key), i + 1 < words.count else {
                throw RecordingError.bad(file, n, "missing \(key) in device ID line")
            }
            guard let v = UInt16(words[i + 1].replacingOccurrences(of: "0x", with: ""), radix: 16) else {
                throw RecordingError.bad(file, n, "\(key) \(words[i + 1]) is not a 16-bit hex number")
            }
            return v
        }
    }

    private static func parseEvent(
        _ line: String, file: String, line n: Int
    ) throws(RecordingError) -> (UInt64, EvdevEvent) {
        let body = line.dropFirst("Event: time ".count)
        guard let comma = body.firstIndex(of: ",") else { throw RecordingError.bad(file, n, "truncated event line") }
        let time = try EvemuFormat.timestamp(body[..<comma], file, n)
        let rest = body[body.index(after: comma)...].trimmedOfWhitespace
        // A synchronization is a banner (`-------------- SYN_REPORT ------------`) or EV_SYN spelt
        // out; the names are looked for only there, since a search costs more than the line's parse.
        if !rest.hasPrefix("type ") || rest.hasPrefix("type 0 ") {
            if rest.contains("SYN_REPORT") {
                return (time, EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
            }
            if rest.contains("SYN_DROPPED") {
                return (time, EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0))
            }
            if rest.contains("SYN_MT_REPORT") {
                return (time, EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_MT_REPORT, value: 0))
            }
            if rest.contains("SYN_CONFIG") {
                return (time, EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_CONFIG, value: 0))
            }
            if rest.hasPrefix("-") || rest.hasPrefix("+") { return (time, try olderBanner(rest, file: file, line: n)) }
        }
        // type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 12
        let parts = rest.split(separator: ",").map(\.trimmedOfWhitespace)
        guard parts.count == 3, parts[0].hasPrefix("type "), parts[1].hasPrefix("code "), parts[2].hasPrefix("value ")
        else {
            throw RecordingError.bad(file, n, "truncated event: expected \"type T (..), code C (..), value V\"")
        }
        guard let type = UInt16(parts[0].dropFirst(5).prefix(while: { $0.isNumber })),
            let code = UInt16(parts[1].dropFirst(5).prefix(while: { $0.isNumber })),
            let value = valueText(parts[2].dropFirst(6), inHex: printsInHex(type: type, code: code))
        else {
            throw RecordingError.bad(file, n, "malformed event numbers")
        }
        try checkNamed(type, in: parts[0].dropFirst(5), type: nil, file: file, line: n)
        try checkNamed(code, in: parts[1].dropFirst(5), type: type, file: file, line: n)
        return (time, EvdevEvent(type: type, code: code, value: value))
    }

    /// Refuses a number whose name beside it (`53 (ABS_MT_POSITION_Y)`) is another's: evtest
    /// prints both from one table, so they disagree only in an edited line, whose number alone
    /// would be read. A name this table lacks (an alias, a newer kernel's code, `?`) is passed.
    /// `text` begins with `number`; `type`: the type of the code named, or nil for a type.
    private static func checkNamed(
        _ number: UInt16, in text: Substring, type: UInt16?, file: String, line n: Int
    ) throws(RecordingError) {
        // Bytes, not characters: this runs for every event of a log.
        let bytes = text.utf8
        guard let open = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") && ($0 < 0x30 || $0 > 0x39) }),
            bytes[open] == UInt8(ascii: "("), let close = bytes[open...].firstIndex(of: UInt8(ascii: ")"))
        else { return }
        let name = Substring(bytes[bytes.index(after: open)..<close])
        // Nearly every line: the name is the number's own, found without making a string.
        let own: String? = if let type { Evdev.codeNames[type]?[number] } else { Evdev.typeNames[number] }
        if let own, own == name { return }
        let named = type.map { Evdev.code(named: String(name), type: $0) } ?? Evdev.typeCode(named: String(name))
        guard let named, named != number else { return }
        let what = type == nil ? "type" : "code"
        let ownName = type.map { Evdev.codeName(type: $0, code: number) } ?? Evdev.typeName(number)
        throw RecordingError.bad(
            file, n,
            "\(what) \(number) is \(ownName), but the line names \(name) (\(what) \(named)): evtest prints a number "
                + "and its name together, so one was edited")
    }

    /// A synchronization banner as older evtests print it (in `----`, SYN_MT_REPORT's in `++++`):
    /// 1.32 names the code by the event type of its number (`EV_SYN` for SYN_REPORT, `EV_REL` for
    /// SYN_MT_REPORT…); those of 2011 print `Report Sync`, `MT Sync`, and `Config Sync`, which
    /// before January 2011 stood for SYN_MT_REPORT and SYN_DROPPED as well as SYN_CONFIG.
    private static func olderBanner(_ banner: String, file: String, line n: Int) throws(RecordingError) -> EvdevEvent {
        let name = banner.trimmingCharacters(in: CharacterSet(charactersIn: "-+ "))
        let codes: [String: UInt16] = [
            "EV_SYN": Evdev.SYN_REPORT, "EV_KEY": Evdev.SYN_CONFIG, "EV_REL": Evdev.SYN_MT_REPORT,
            "EV_ABS": Evdev.SYN_DROPPED, "Report Sync": Evdev.SYN_REPORT, "MT Sync": Evdev.SYN_MT_REPORT,
        ]
        guard let code = codes[name] else {
            throw RecordingError.bad(
                file, n,
                name == "Config Sync"
                    ? "\"Config Sync\" is how evtests before 2011 print SYN_MT_REPORT and SYN_DROPPED as well as "
                        + "SYN_CONFIG: which one is lost"
                    : "unknown synchronization \"\(name)\"")
        }
        return EvdevEvent(type: Evdev.EV_SYN, code: code, value: 0)
    }

    /// evtest prints a scan code's value (`MSC_SCAN`, `MSC_RAW`) in hexadecimal (`value 7001e`),
    /// every other in decimal.
    static func printsInHex(type: UInt16, code: UInt16) -> Bool {
        type == Evdev.EV_MSC && (code == Evdev.MSC_RAW || code == Evdev.MSC_SCAN)
    }

    private static func valueText(_ text: Substring, inHex: Bool) -> Int32? {
        inHex ? UInt32(text, radix: 16).map { Int32(bitPattern: $0) } : Int32(text)
    }
}

extension EvtestFormat: RecordingWriter {
    /// A device the way evtest prints it, so that tools expecting a pasted evtest log can read a
    /// recording (``RecordingWriter``); its frames' times count from 0 s.
    public static func header(_ recording: Recording) -> String {
        let d = recording.device
        var out = "Input driver version is 1.0.1\n"
        out += String(
            format: "Input device ID: bus 0x%x vendor 0x%x product 0x%x version 0x%x\n", d.bustype, d.vendor, d.product,
            d.version)
        out += "Input device name: \"\(d.name)\"\nSupported events:\n"
        for type in d.codes.keys.sorted() where type != Evdev.EV_REP {
            out += "  Event type \(type) (\(Evdev.typeName(type)))\n"
            guard type != Evdev.EV_SYN else { continue }
            for code in d.codes[type]!.sorted() {
                let on = d.initiallyOn[type].contains(code) ? " state 1" : ""
                out += "    Event code \(code) (\(Evdev.codeName(type: type, code: code)))\(on)\n"
                guard type == Evdev.EV_ABS, let a = d.absinfo[code] else { continue }
                let fields: [(String, Int32, Bool)] = [
                    ("Value", a.value, true), ("Min  ", a.minimum, true), ("Max  ", a.maximum, true),
                    ("Fuzz ", a.fuzz, false), ("Flat ", a.flat, false), ("Resolution ", a.resolution, false),
                ]
                for (name, value, always) in fields where always || value != 0 {
                    out += String(format: "      %@ %6d\n", name, value)
                }
            }
        }
        if d.codes[Evdev.EV_REP] != nil {
            out += "Key repeat handling:\n  Repeat type \(Evdev.EV_REP) (EV_REP)\n"
            // The codes the device has: evtest lists both of a kernel's, but a description may hold one.
            for (code, rate) in Evdev.softRepeatRates.enumerated() where d.codes[Evdev.EV_REP]!.contains(UInt16(code)) {
                out += "    Repeat code \(code) (\(Evdev.codeName(type: Evdev.EV_REP, code: UInt16(code))))\n"
                out += String(format: "      Value %6d\n", rate)
            }
        }
        out += "Properties:\n"
        for prop in d.properties.sorted() { out += "  Property type \(prop) (\(Evdev.propertyName(prop)))\n" }
        out += "Testing ... (interrupt to exit)\n"
        return out
    }

    /// One frame's lines as evtest prints them.
    public static func frameText(_ frame: EvdevFrame) -> String {
        var out = ""
        let stamp = "Event: time \(frame.time / 1_000_000).\(FixedWidth.zeroed(frame.time % 1_000_000, 6)), "
        for e in frame.events {
            if e.type == Evdev.EV_SYN {
                let name = Evdev.codeName(type: e.type, code: e.code)
                switch e.code {
                case Evdev.SYN_MT_REPORT: out += stamp + "++++++++++++++ \(name) ++++++++++++\n"
                case Evdev.SYN_DROPPED: out += stamp + ">>>>>>>>>>>>>> \(name) <<<<<<<<<<<<\n"
                default: out += stamp + "-------------- \(name) ------------\n"
                }
            } else {
                let value =
                    printsInHex(type: e.type, code: e.code)
                    ? FixedWidth.hex(e.value, 2) : String(e.value)
                out +=
                    stamp
                    + "type \(e.type) (\(Evdev.typeName(e.type))), code \(e.code) "
                    + "(\(Evdev.codeName(type: e.type, code: e.code))), value \(value)\n"
            }
        }
        return out
    }
}
