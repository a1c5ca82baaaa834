import Foundation

/// What Android's `getevent` prints (AOSP system/core `toolbox/getevent.c`): with `-t`, events as
/// `[   sec.usec] TYPE CODE VALUE`, numeric (`%04x %04x %08x`) or labelled with `-l` (`EV_ABS
/// ABS_MT_POSITION_X 000001f4`, keys `DOWN`/`UP`/`REPEAT`), prefixed with `/dev/input/eventN: `
/// when getevent watched every device; and with `-p`/`-lp` each device's description (`add
/// device N: PATH`, `name:`, the `events:` block with one `ABS` axis per line, `input props:`).
/// A log of several devices is read for one of them, chosen by node.
public enum GeteventFormat {
    /// One device a log describes or has events of.
    struct Device {
        var node: String
        var description = DeviceDescription(name: "", codes: [Evdev.EV_SYN: [Evdev.SYN_REPORT, Evdev.SYN_DROPPED]])
        /// Whether getevent printed its capabilities (`-p`), not only its node and name.
        var described = false
        /// The line of each axis, for errors.
        var axisLines: [UInt16: Int] = [:]
        /// The first problem of its description: an error only if this device is the one read.
        var problem: RecordingError?
        /// The fields (`name:`, `bus:`, `vendor`…) and axes read in its current `add device` block,
        /// which names each once; a later block (`getevent -lt` after `-lp`) describes it again.
        var block: (fields: Set<String>, axes: Set<UInt16>) = ([], [])
        /// Each field's text as an earlier block gave it, and its line: a later block must agree.
        var fields: [String: (text: String, line: Int)] = [:]
        /// The line of its first `add device`, where a description without a name is refused.
        var addedAt = 0

        init(node: String) { self.node = node }
    }

    /// Whether `line` is getevent's: a device header or an event with or without its stamp and node.
    static func looksLike(_ given: Substring) -> Bool {
        let line = withTodaysStamp(given)
        if line.hasPrefix("add device ") || line.hasPrefix("could not get driver version") { return true }
        // What getevent writes to stderr, which `adb shell` merges with its output.
        if line.hasPrefix("could not open /dev/input/") { return true }
        var rest = line
        if rest.hasPrefix("[") { rest = rest.drop { $0 != "]" }.dropFirst().drop { $0 == " " } }
        if rest.hasPrefix("/dev/input/") { rest = rest.drop { $0 != " " }.drop { $0 == " " } }
        return rest.hasPrefix("EV_")
            || (rest.count >= 18 && rest.prefix(4).allSatisfy(\.isHexDigit) && rest.dropFirst(4).first == " ")
    }

    /// The log in `text` as an event log of the device at `node` (`/dev/input/event2` or `event2`),
    /// or of its only device; several devices with events and no `node` is a usage error listing them.
    public static func parse(
        _ text: String, file: String, node wanted: String? = nil
    ) throws(RecordingError) -> EventLog {
        let (reading, events) = try read(text, file: file)
        let chosen = try reading.choice(counts: events.mapValues(\.count), wanted: wanted)
        var log = EventLog(file: file, device: try reading.carried(by: chosen))
        log.events = events[chosen.events] ?? []
        return log
    }

    /// The log in `text` as an event log of each device with events, in the order the log first
    /// names them, none chosen (a log played beside a recording), and why any is left out: its
    /// description is bad. A log of one device given to getevent, or with no events, is read as
    /// ``parse(_:file:node:)`` reads it, its node "".
    public static func parseEvery(
        _ text: String, file: String
    ) throws(RecordingError) -> (logs: [(node: String, log: EventLog)], notes: [String]) {
        let (reading, events) = try read(text, file: file)
        let devices = reading.devices
        if events[nil] != nil, devices.filter({ $0.described || $0.problem != nil }).count > 1 {
            throw RecordingError(
                .usage, file: file,
                "events without a node and several devices described: which device they are of is not known; a log "
                    + "played beside a recording must be of one device, or name each event's (getevent -lt)")
        }
        guard events[nil] == nil, !events.isEmpty else {
            return ([("", try parse(text, file: file))], [])
        }
        var logs: [(node: String, log: EventLog)] = [], notes: [String] = []
        for index in devices.indices {
            guard let lines = events[index] else { continue }
            do throws(RecordingError) {
                var log = EventLog(file: file, device: try reading.carried(by: Choice(device: index)))
                log.events = lines
                logs.append((devices[index].node, log))
            } catch {
                notes.append(
                    DeviceChoice.notPlayed("\(devices[index].node) \"\(devices[index].description.name)\"", error))
            }
        }
        guard !logs.isEmpty else {
            throw RecordingError(
                .badData, file: file, "no device with events that can be read: \(notes.joined(separator: "; "))")
        }
        return (logs, notes)
    }

    /// The devices `text` names, and the events of each by its index (nil: events without a node).
    private static func read(
        _ text: String, file: String
    ) throws(RecordingError) -> (Reading, [Int?: [EventLog.Line]]) {
        var reading = Reading(file: file)
        var events: [Int?: [EventLog.Line]] = [:]
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if let (device, line) = try reading.read(raw, at: lineNumber) { events[device, default: []].append(line) }
        }
        return (reading, events)
    }

    /// A log read line by line: the devices it names, described as far as read.
    struct Reading {
        let file: String
        private(set) var devices: [Device] = []
        private var current: Int?
        private var section: UInt16?
        /// The line of each node's `add device` not removed since, in this run of getevent: a node
        /// names one device at a time. A run numbers its devices from 1 (`add device 2: …`), so a
        /// number no higher than the last begins another run (`getevent -lp` then `-lt`), which
        /// names each device again.
        private var added: [String: Int] = [:]
        private var lastNumber = 0
        /// Within the HID report descriptor `getevent -i` prints of a device (`HID descriptor:`,
        /// then debugfs's `rdesc`: its bytes and the report's fields), which ends at the next device
        /// or event.
        private var inHIDDescriptor = false

        init(file: String) { self.file = file }

        /// Reads `raw`, line `lineNumber`: a description line into its device; an event returned
        /// with the index of its device (nil: getevent was given one device and named none).
        mutating func read(
            _ given: Substring, at lineNumber: Int
        ) throws(RecordingError) -> (device: Int?, line: EventLog.Line)? {
            let raw = GeteventFormat.withTodaysStamp(given)
            if raw.utf8.first == UInt8(ascii: "["), let (node, time, event) = plainEventLine(raw) {
                return self.event(of: node, EventLog.Line(time: time, event: event, line: lineNumber))
            }
            let line = raw.trimmedOfWhitespace
            if line.isEmpty || line.hasPrefix("#") { return nil }
            if inHIDDescriptor {
                // An event, stamped or not, ends it as another device does.
                guard line.hasPrefix("remove device ") || GeteventFormat.looksLike(Substring(line)) else { return nil }
                inHIDDescriptor = false
            }
            if line.hasPrefix("add device ") {
                let colon = line.firstIndex(of: ":")
                let node = colon.map { line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces) } ?? ""
                guard !node.isEmpty else {
                    throw RecordingError.bad(file, lineNumber, "add device line without its node")
                }
                let number = Int(line.dropFirst("add device ".count).prefix { $0.isNumber }) ?? 0
                if number <= lastNumber { added = [:] }
                lastNumber = number
                if let first = added[node] {
                    throw RecordingError.bad(
                        file, lineNumber,
                        "\(node) is added again, not removed since line \(first): its events cannot be told apart")
                }
                added[node] = lineNumber
                let index = device(node)
                devices[index].block = ([], [])
                if devices[index].addedAt == 0 { devices[index].addedAt = lineNumber }
                current = index
                section = nil
            } else if line.hasPrefix("remove device ") || line.hasPrefix("could not get")
                || line.hasPrefix("could not open ") || line.hasPrefix("HID descriptor")
            {
                if line.hasPrefix("remove device "), let colon = line.firstIndex(of: ":") {
                    added[line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)] = nil
                }
                // The HID report descriptor comes last of a device's description: it ends it.
                if line.hasPrefix("HID descriptor") { (inHIDDescriptor, current, section) = (true, nil, nil) }
                return nil
            } else if let i = current, !line.hasPrefix("["), !line.hasPrefix("/dev/input/") {
                // A description line; a bad one spoils its device only, which may not be the one read.
                guard devices[i].problem == nil else { return nil }
                do {
                    if try describe(&devices[i], line: line, raw: raw, section: &section, file: file, at: lineNumber) {
                        return nil
                    }
                } catch {
                    devices[i].problem = error
                    return nil
                }
                // Neither a description nor, without its stamp, an event: eventLine says which.
                _ = try eventLine(Substring(line), file: file, line: lineNumber)
            } else {
                do throws(RecordingError) {
                    let (node, time, event) = try eventLine(Substring(line), file: file, line: lineNumber)
                    return self.event(of: node, EventLog.Line(time: time, event: event, line: lineNumber))
                } catch {
                    // An event a device's node names spoils that device alone, as its description
                    // would: another device's code unknown here is no reason to refuse the log.
                    guard let node = Self.node(ofEventLine: line) else { throw error }
                    let index = device(node)
                    if devices[index].problem == nil { devices[index].problem = error }
                    current = nil
                }
            }
            return nil
        }

        /// The node a stamped event line names (`[  1.000000] /dev/input/event2: …`), if it names one.
        private static func node(ofEventLine line: String) -> String? {
            stamped(Substring(line))?.node.flatMap { $0.hasPrefix("/dev/") ? $0 : nil }
        }

        /// An event of the device at `node`, which ends any description being read.
        private mutating func event(
            of node: String?, _ line: EventLog.Line
        ) -> (device: Int?, line: EventLog.Line) {
            current = nil
            inHIDDescriptor = false
            return (node.map { device($0) }, line)
        }

        private mutating func device(_ node: String) -> Int {
            if let i = devices.firstIndex(where: { $0.node == node }) { return i }
            devices.append(Device(node: node))
            return devices.count - 1
        }

        /// The description the log carries of the device chosen, when getevent printed one.
        func carried(by choice: Choice) throws(RecordingError) -> DeviceDescription? {
            guard let index = choice.device else { return nil }
            let device = devices[index]
            if let problem = device.problem { throw problem }
            guard device.described else { return nil }
            guard device.fields["name:"] != nil else {
                throw RecordingError.bad(file, device.addedAt, "\(device.node) is described without a name: line")
            }
            var description = device.description
            try description.read(from: file, axisLines: device.axisLines)
            description.source.node = device.node
            return description
        }

        /// The device read: the one named, or the only one with events (``DeviceChoice``), by
        /// the number of events of each (`counts`, by index; nil: without a node). Events
        /// without a node belong to the device getevent was given, which only `--device` can
        /// name when several are described. A log naming no device is bad data, at `cutLine`
        /// when its last line, cut without its line end, was left out.
        func choice(counts: [Int?: Int], wanted: String?, cutLine: Int? = nil) throws(RecordingError) -> Choice {
            let unnamed = counts[nil] ?? 0
            if devices.isEmpty && unnamed == 0 {
                throw RecordingError.bad(
                    file, cutLine,
                    cutLine == nil
                        ? "no device: no add device line, and no event"
                        : "no device: the last line has no line end (the file was cut), and none before it names one")
            }
            let candidates = devices.indices.map {
                DeviceChoice.Candidate(
                    node: devices[$0].node, name: devices[$0].description.name, events: counts[$0] ?? 0)
            }
            if wanted == nil, unnamed > 0 {
                // A device whose description failed was being described: its problem is told.
                let described = devices.indices.filter { devices[$0].described || devices[$0].problem != nil }
                if !candidates.contains(where: \.hasEvents) && described.count <= 1 {
                    return Choice(device: described.first, events: nil)
                }
                throw RecordingError(
                    .usage, file: file,
                    "events without a node and several devices described: \(DeviceChoice.advice) "
                        + "(\(DeviceChoice.list(candidates)))")
            }
            let index = try DeviceChoice.index(of: wanted, among: candidates, unnamedEvents: unnamed, file: file)
            return Choice(device: index, events: candidates[index].hasEvents ? index : nil)
        }
    }

    /// The device a log is read for, by index among its devices (nil: none described), and
    /// whose events are its own (nil: those without a node, which getevent gave of one device).
    struct Choice {
        var device: Int?
        var events: Int?
    }

    /// Reads a description line of the current device into `d`; false for a line that is not one.
    private static func describe(
        _ device: inout Device, line: String, raw: Substring, section: inout UInt16?,
        file: String, at n: Int
    ) throws(RecordingError) -> Bool {
        var d = device.description
        defer { device.description = d }
        func hex(_ s: Substring) throws(RecordingError) -> UInt16 {
            let field = s.trimmingCharacters(in: .whitespaces)
            guard let v = UInt16(field, radix: 16) else { throw RecordingError.bad(file, n, "\"\(field)\" is not hex") }
            return v
        }
        if line.hasPrefix("[") || line.hasPrefix("/dev/input/") { return false }
        // One name, bus, vendor, product and version: a second, which the last would win, is an edit.
        if let field = ["name:", "bus:", "vendor ", "product ", "version "].first(where: line.hasPrefix) {
            let name = field.trimmingCharacters(in: .whitespaces)
            guard device.block.fields.insert(field).inserted else {
                throw RecordingError.bad(file, n, "a second \(name) line")
            }
            let text = line.dropFirst(field.count).trimmingCharacters(in: .whitespaces)
            if let earlier = device.fields[field], earlier.text != text {
                throw RecordingError.bad(
                    file, n, "\(device.node)'s \(name) \(text) differs from line \(earlier.line)'s \(earlier.text)")
            }
            device.fields[field] = device.fields[field] ?? (text, n)
        }
        if line.hasPrefix("name:") {
            d.name = try DeviceDescription.checkedName(
                line.dropFirst(5).trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\"")), file: file, line: n)
        } else if line.hasPrefix("bus:") {
            d.bustype = try hex(line.dropFirst(4)[...])
        } else if line.hasPrefix("vendor ") {
            d.vendor = try hex(line.dropFirst(7)[...])
        } else if line.hasPrefix("product ") {
            d.product = try hex(line.dropFirst(8)[...])
        } else if line.hasPrefix("version ") {
            d.version = try hex(line.dropFirst(8)[...])
        } else if line.hasPrefix("location:") || line.hasPrefix("id:") || line.hasPrefix("version:") {
            section = nil
        } else if line == "events:" {
            device.described = true
            section = nil
        } else if line == "input props:" {
            device.described = true
            section = 0xffff
        } else if section == 0xffff {
            guard line != "<none>", !line.hasPrefix("<not available") else { return true }
            let property = line.hasPrefix("INPUT_PROP_") ? Evdev.propertyCode(named: line) : UInt16(line, radix: 16)
            // An event after the properties, which a log without stamps has unbracketed: no property.
            if property == nil, looksLike(Substring(line)) {
                section = nil
                return false
            }
            guard let property, property <= Evdev.propertyMax else {
                throw RecordingError.bad(file, n, "unknown input property \(line)")
            }
            d.properties.insert(property)
        } else if let (type, rest) = typeHeading(line) {
            // `KEY (0001): codes…`: a new event type.
            device.described = true
            guard Evdev.maxCode(ofType: type) != nil else {
                throw RecordingError.bad(file, n, "unknown event type \(type)")
            }
            section = type
            d.codes[type, default: []] = d.codes[type] ?? []
            try codes(rest, into: &d, of: &device, type: type, file: file, at: n)
            if type == Evdev.EV_ABS { device.axisLines.merge(d.absinfo.keys.map { ($0, n) }) { old, _ in old } }
        } else if let type = section, raw.hasPrefix("               ") {
            try codes(Substring(line), into: &d, of: &device, type: type, file: file, at: n)
            if type == Evdev.EV_ABS { device.axisLines.merge(d.absinfo.keys.map { ($0, n) }) { old, _ in old } }
        } else {
            return false
        }
        return true
    }

    /// `KEY (0001): rest` (three characters, the type in four hex digits): the type and the rest.
    private static func typeHeading(_ line: String) -> (UInt16, Substring)? {
        let chars = Array(line.utf8.prefix(11))
        guard chars.count == 11, chars.allSatisfy({ $0 < 0x80 }), chars[3] == UInt8(ascii: " "),
            chars[4] == UInt8(ascii: "("), chars[9] == UInt8(ascii: ")"),
            chars[10] == UInt8(ascii: ":"), let type = UInt16(String(decoding: chars[5..<9], as: UTF8.self), radix: 16)
        else { return nil }
        return (type, Substring(line.utf8.dropFirst(11)))
    }

    /// The codes of one line of a type's list: `BTN_TOUCH  BTN_TOOL_FINGER` or `014a 0145`, or an
    /// axis `ABS_MT_SLOT : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0`.
    private static func codes(
        _ text: Substring, into d: inout DeviceDescription, of device: inout Device, type: UInt16, file: String,
        at n: Int
    ) throws(RecordingError) {
        if let colon = text.firstIndex(of: ":"), type == Evdev.EV_ABS {
            let code = try code(text[..<colon].trimmingCharacters(in: .whitespaces), type: type, file: file, at: n)
            var info = AbsInfo(minimum: 0, maximum: 0)
            // Older getevents, Android 4.0's among them, wrote `fuzz 0 flat 0` and no resolution.
            let words = text[text.index(after: colon)...].split(whereSeparator: { $0 == "," || $0 == " " })
            for pair in stride(from: 0, to: words.count, by: 2) {
                guard pair + 1 < words.count, let v = Int32(words[pair + 1]) else {
                    throw RecordingError.bad(
                        file, n,
                        "malformed axis field \"\(words[pair..<min(pair + 2, words.count)].joined(separator: " "))\"")
                }
                switch words[pair] {
                case "value": info.value = v
                case "min": info.minimum = v
                case "max": info.maximum = v
                case "fuzz": info.fuzz = v
                case "flat": info.flat = v
                case "resolution": info.resolution = v
                default: throw RecordingError.bad(file, n, "unknown axis field \"\(words[pair])\"")
                }
            }
            let name = Evdev.codeName(type: type, code: code)
            guard device.block.axes.insert(code).inserted else {
                throw RecordingError.bad(file, n, "a second line for \(name)")
            }
            // An axis's value is the one it had when getevent ran; the rest is the device's.
            if var earlier = d.absinfo[code] {
                earlier.value = info.value
                guard earlier == info else {
                    func range(_ a: AbsInfo) -> String {
                        "min \(a.minimum), max \(a.maximum), fuzz \(a.fuzz), flat \(a.flat), resolution \(a.resolution)"
                    }
                    throw RecordingError.bad(
                        file, n,
                        "\(device.node)'s \(name) (\(range(info))) differs from line \(device.axisLines[code] ?? n)'s "
                            + "(\(range(earlier)))")
                }
            }
            d.codes[type, default: []].insert(code)
            d.absinfo[code] = info
            return
        }
        for word in text.split(separator: " ") {
            // A `*` marks a key that was down.
            let name = word.hasSuffix("*") ? word.dropLast() : word
            d.codes[type, default: []].insert(try code(String(name), type: type, file: file, at: n))
        }
    }

    private static func code(_ name: String, type: UInt16, file: String, at n: Int) throws(RecordingError) -> UInt16 {
        guard let v = code(name, type: type) else {
            throw RecordingError.bad(file, n, "unknown \(Evdev.typeName(type)) code \(name)")
        }
        return v
    }

    /// The code of `type` a word names: four hex digits, or its name (`ABS_MT_SLOT`).
    static func code(_ word: String, type: UInt16) -> UInt16? {
        if word.count == 4, let v = UInt16(word, radix: 16), v <= Evdev.maxCode(ofType: type) ?? 0 { return v }
        return Evdev.code(named: word, type: type)
    }

    /// The names getevent -l gives a value, as its tables from the kernel's headers have them.
    private static let valueNames: [String: Int32] = [
        "UP": 0, "DOWN": 1, "REPEAT": 2, "MT_TOOL_FINGER": 0, "MT_TOOL_PEN": 1, "MT_TOOL_PALM": 2,
        "MT_TOOL_DIAL": 0x0a, "MT_TOOL_MAX": 0x0f,
    ]

    /// The event type a word names: four hex digits, or its name (`EV_ABS`).
    static func type(_ word: String) -> UInt16? {
        if word.count == 4, let t = UInt16(word, radix: 16) { return t }
        return Evdev.typeCode(named: word)
    }

    /// The value a word gives: up to eight hex digits, or getevent -l's name of a key's state or a
    /// contact's tool.
    static func value(_ word: String) -> Int32? {
        if let named = valueNames[word] { return named }
        guard word.count <= 8, let v = UInt32(word, radix: 16) else { return nil }
        return Int32(bitPattern: v)
    }

    /// A line with a `[sec.usec]` stamp cut into the stamp, the node it names (`/dev/input/event2:`)
    /// if it names one, and the fields after them; nil for a line without a stamp.
    private static func stamped(_ line: Substring) -> (stamp: Substring, node: String?, fields: [Substring])? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        var fields = line[line.index(after: close)...].split(separator: " ")
        var node: String?
        if let first = fields.first, first.hasSuffix(":") {
            node = String(first.dropLast())
            fields.removeFirst()
        }
        return (line[line.index(after: line.startIndex)..<close], node, fields)
    }

    /// `[   12345.678901] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001f4`, the stamp
    /// required, the node optional.
    static func eventLine(
        _ line: Substring, file: String, line n: Int
    ) throws(RecordingError) -> (String?, UInt64, EvdevEvent) {
        guard let (stamp, node, stampedFields) = stamped(line) else {
            throw RecordingError.bad(file, n, "no [sec.usec] time stamp: record with getevent -t (or -lt)")
        }
        let time = try EvemuFormat.timestamp(stamp.drop { $0 == " " }, file, n)
        var fields = stampedFields
        // getevent -r follows each SYN_REPORT with the event rate it measured: `rate 62`.
        if fields.count == 5, fields[3] == "rate", Int(fields[4]) != nil { fields.removeLast(2) }
        guard fields.count == 3 else {
            throw RecordingError.bad(
                file, n, "expected TYPE CODE VALUE after the time stamp, got \(fields.count) fields")
        }
        guard let type = type(String(fields[0])) else {
            throw RecordingError.bad(file, n, "unknown event type \(fields[0])")
        }
        guard let max = Evdev.maxCode(ofType: type) else {
            throw RecordingError.bad(file, n, "unknown event type 0x\(String(type, radix: 16))")
        }
        let code = try self.code(String(fields[1]), type: type, file: file, at: n)
        guard code <= max else { throw RecordingError.bad(file, n, "unknown event code 0x\(String(code, radix: 16))") }
        guard let value = value(String(fields[2])) else {
            throw RecordingError.bad(file, n, "value \(fields[2]) is not 8 hex digits")
        }
        return (node, time, EvdevEvent(type: type, code: code, value: value))
    }
}

extension GeteventFormat.Choice {
    /// A device read for its own events.
    init(device: Int) { self.init(device: device, events: device) }
}
