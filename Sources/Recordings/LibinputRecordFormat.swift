import Foundation
import Yams
import TextTables

/// `libinput record` YAML, version 1: `devices[].evdev` (name, id, codes, absinfo, properties),
/// `devices[].udev.properties` and `devices[].events[].evdev` frames of `[sec, usec, type, code, value]`.
public enum LibinputRecordFormat: RecordingWriter {
    /// Parses a recording: of several devices, the one at `node`, or the only one with events,
    /// or the only one of those that points (``DeviceChoice``), the others with events that
    /// libinput takes kept to play alongside (``Recording/otherDevices``); with `everyDevice`, none
    /// chosen: the first that libinput takes is read, and the others play alongside it.
    /// `headerOnly`: `text` is the header of a file streamed, whose events are not counted.
    public static func parse(
        _ text: String, file: String, node: String? = nil, everyDevice: Bool = false, headerOnly: Bool = false
    ) throws(RecordingError) -> Recording {
        let root = try compose(text, file: file)
        guard root.mapping != nil else {
            throw RecordingError.bad(file, line(root), "not a libinput recording: top level is not a mapping")
        }
        try YAMLGuard.check(root, file: file)
        guard let version = root["version"] else { throw RecordingError.bad(file, 1, "missing header: no version key") }
        guard version.int == 1 else {
            let given = version.string.flatMap { $0.isEmpty ? nil : $0 }
            throw RecordingError.bad(
                file, line(version),
                given == "1"
                    ? "version \"1\" is a string, where libinput record writes the number 1"
                    : given.map { "unsupported libinput record version \($0) (only 1 is known)" }
                        ?? "the version must be the number 1")
        }
        guard let devices = root["devices"]?.sequence, !devices.isEmpty else {
            throw RecordingError.bad(file, line(root), "missing header: no devices")
        }
        var candidates = devices.enumerated().map { n, device in
            DeviceChoice.Candidate(
                node: device["node"]?.string ?? "device \(n + 1)", name: device["evdev"]?["name"]?.string ?? "",
                events: headerOnly
                    ? nil : items(device["events"]).reduce(0) { $0 + ($1["evdev"]?.sequence?.count ?? 0) })
        }
        // The lines down to the last device's description, whose comments say more of it.
        let described = devices.compactMap { $0["evdev"].flatMap(line) }.max() ?? 0
        let lines = text.split(separator: "\n", maxSplits: described, omittingEmptySubsequences: false)
        let describe = { (index: Int) in
            Result { () throws(RecordingError) in try parseDevice(devices[index], file: file, lines: lines) }
        }
        // Each device with events read once, to choose among them and to play the others.
        var parsed: [Int: Result<DeviceDescription, RecordingError>] = [:]
        for index in candidates.indices where candidates[index].hasEvents {
            let result = describe(index)
            parsed[index] = result
            // A device whose header cannot be read is no choice to make for the user.
            if case .success(let read) = result {
                candidates[index].points = read.nothingToShow(hasEvents: true) == nil
                candidates[index].plays = read.isLibinputDevice
            }
        }
        let chosen =
            everyDevice
            ? try DeviceChoice.firstPlaying(among: candidates, file: file)
            : try DeviceChoice.index(
                of: node, among: candidates, unreadable: DeviceChoice.firstFailure(parsed), file: file)
        // The device named may have no events, and be read only now.
        var device = try (parsed[chosen] ?? describe(chosen)).get()
        device.source.node = devices[chosen]["node"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let events = try Self.events(of: devices[chosen], device: device, file: file)
        let others = alongside(
            chosen, among: candidates, named: node, choosing: !everyDevice, parsed: parsed, first: events.first?.time
        ) { index, other throws(RecordingError) in try Self.events(of: devices[index], device: other, file: file) }
        var recording = Recording(device: device, events: events, origin: others.origin)
        recording.otherDevices = others.recordings
        recording.notes +=
            others.notes + (headerOnly ? [] : countNotes(ndevices: root["ndevices"]?.string, devices.count))
        return recording
    }

    /// The YAML document `text`, composed; bad data naming the line where it is no YAML.
    static func compose(_ text: String, file: String) throws(RecordingError) -> Node {
        try YAMLGuard.checkBeforeComposing(text, file: file)
        do {
            // The basic resolver tags every scalar a string: this format is read by position and
            // converted here, and the default resolver's regular expressions cost more to compile
            // than a short recording takes to read. Keys that differ only in quoting (`1`, "1")
            // are then one key.
            guard let node = try Yams.compose(yaml: text, .basic) else {
                throw RecordingError.bad(file, 1, "empty YAML document")
            }
            return node
        } catch let error as RecordingError {
            throw error
        } catch let error as YamlError {
            throw RecordingError.bad(file, YAMLGuard.line(of: error), "invalid YAML: \(YAMLGuard.problem(of: error))")
        } catch {
            throw RecordingError.bad(file, nil, "invalid YAML: \(error.localizedDescription)")
        }
    }

    /// What `libinput replay` warns of a file whose `ndevices:` (`declared`) is not the count of
    /// its devices: a file cut short, its last devices lost, or one edited.
    static func countNotes(ndevices declared: String?, _ devices: Int) -> [String] {
        guard let declared, declared != String(devices) else { return [] }
        let cut = Int(declared).map { $0 > devices } ?? false
        return [
            "ndevices: \(declared), but the file holds \(TextTable.counted(devices, "device"))"
                + (cut ? ": was it cut short?" : "")
        ]
    }

    /// The top-level `ndevices:` value of `header`, as written, without a comment after it.
    static func ndevices(in header: String) -> String? {
        header.split(separator: "\n").first { $0.hasPrefix("ndevices:") }
            .map { $0.dropFirst("ndevices:".count).prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces) }
    }

    /// The devices with events that play alongside the one `chosen` among `candidates` (by
    /// `node`, if named), whose first event is at `first`: those libinput takes, of the devices
    /// `parsed`, their events given by `eventsOf`, on the file's one clock (libinput record times
    /// every device's events from the recording's start), which starts at `origin`. The notes
    /// say which device was read, when `choosing` one, and which others do not play and why.
    static func alongside(
        _ chosen: Int, among candidates: [DeviceChoice.Candidate], named node: String?, choosing: Bool = true,
        parsed: [Int: Result<DeviceDescription, RecordingError>], first: UInt64?,
        eventsOf: (Int, DeviceDescription) throws(RecordingError) -> [(time: UInt64, event: EvdevEvent)]
    ) -> (recordings: [Recording], origin: UInt64?, notes: [String]) {
        var others: [(device: DeviceDescription, events: [(time: UInt64, event: EvdevEvent)])] = []
        var notes: [String] = []
        for (index, result) in parsed.sorted(by: { $0.key < $1.key }) where index != chosen {
            let named = "\(candidates[index].node) \"\(candidates[index].name)\""
            do throws(RecordingError) {
                let other = try result.get()
                // One libinput would not add would fail the replay, its frames read by no one.
                guard other.isLibinputDevice else {
                    notes.append(DeviceChoice.notPlayed(named))
                    continue
                }
                others.append((other, try eventsOf(index, other)))
            } catch {
                notes.append(DeviceChoice.notPlayed(named, error))
            }
        }
        let origin = others.isEmpty ? nil : ([first] + others.map(\.events.first?.time)).compactMap { $0 }.min()
        if choosing, node == nil, candidates.filter(\.hasEvents).count > 1 {
            let read = candidates[chosen]
            let alongside = others.map { "\"\($0.device.name)\"" }
            notes.append(
                "of its devices with events, \(read.node) \"\(read.name)\" is the one read, the only one that points "
                    + "or touches (--device chooses another)"
                    + (alongside.isEmpty
                        ? ""
                        : "; " + alongside.joined(separator: ", ") + (others.count == 1 ? " plays" : " play")
                            + " alongside it"))
        }
        return (others.map { Recording(device: $0.device, events: $0.events, origin: origin) }, origin, notes)
    }

    /// The `evdev` name of the first device of `header`, as the YAML has it, or "".
    static func deviceName(in header: String) -> String {
        (try? Yams.compose(yaml: header, .basic))??["devices"]?.sequence?.first?["evdev"]?["name"]?.string ?? ""
    }

    /// The `- evdev:` rows of `entry`'s events, timed as the file times them.
    private static func events(
        of entry: Node, device: DeviceDescription, file: String
    ) throws(RecordingError) -> [(time: UInt64, event: EvdevEvent)] {
        var events: [(time: UInt64, event: EvdevEvent)] = []
        var times = TimeRepair(refuses: true)
        for item in items(entry["events"]) {
            // Other entries (libinput:, comments) describe what libinput made of the events.
            guard let evdev = item["evdev"] else { continue }
            guard let rows = evdev.sequence else {
                throw RecordingError.bad(file, line(evdev), "evdev events must be a list")
            }
            for row in rows {
                guard let values = row.sequence, values.count == 5 else {
                    throw RecordingError.bad(
                        file, line(row), "truncated event: expected [sec, usec, type, code, value]")
                }
                let numbers = try values.map { v throws(RecordingError) -> Int64 in
                    guard let n = v.int else {
                        throw RecordingError.bad(file, line(v), "\"\(v.string ?? "?")\" is not an integer")
                    }
                    return Int64(n)
                }
                let (read, event) = try Self.event(numbers, file: file, line: line(row))
                try EvemuFormat.checkKnown(event, device: device, file: file, line: line(row) ?? 0)
                events.append((try times.time(read, of: event, file: file, line: line(row) ?? 0), event))
            }
        }
        return events
    }

    /// The event of a `[sec, usec, type, code, value]` row, whichever parser read the numbers.
    static func event(_ numbers: [Int64], file: String, line: Int?) throws(RecordingError) -> (UInt64, EvdevEvent) {
        guard numbers[0] >= 0, numbers[1] >= 0, let type = UInt16(exactly: numbers[2]),
            let code = UInt16(exactly: numbers[3]), let value = Int32(exactly: numbers[4])
        else {
            throw RecordingError.bad(file, line, "event values out of range")
        }
        let time = try EvemuFormat.microseconds(sec: UInt64(numbers[0]), usec: UInt64(numbers[1]), file, line)
        return (time, EvdevEvent(type: type, code: code, value: value))
    }

    /// The device `node` describes, with the switches and LEDs on that the comments above its
    /// `evdev:` keys in `lines` say (``LibinputRecordComments``).
    private static func parseDevice(
        _ node: Node, file: String, lines: [Substring]
    ) throws(RecordingError) -> DeviceDescription {
        guard let evdev = node["evdev"] else {
            throw RecordingError.bad(file, line(node), "missing header: device has no evdev section")
        }
        guard let name = evdev["name"]?.string else {
            throw RecordingError.bad(file, line(evdev), "missing header: evdev has no name")
        }
        let idNode = evdev["id"] ?? evdev
        guard let id = try integers(idNode, count: 4, file: file)?.compactMap(UInt16.init(exactly:)), id.count == 4
        else {
            throw RecordingError.bad(file, line(idNode), "evdev id must be [bus, vendor, product, version]")
        }
        var device = DeviceDescription(
            name: try DeviceDescription.checkedName(name, file: file, line: evdev["name"].flatMap(line)),
            bustype: id[0], vendor: id[1], product: id[2], version: id[3])
        guard let codes = evdev["codes"]?.mapping else {
            throw RecordingError.bad(file, line(evdev), "missing header: evdev has no codes")
        }
        for (key, value) in codes {
            guard let type = key.int.flatMap(UInt16.init(exactly:)), let max = Evdev.maxCode(ofType: type) else {
                throw RecordingError.bad(file, line(key), "unknown event type \(key.string ?? "?")")
            }
            guard let list = value.sequence else {
                throw RecordingError.bad(file, line(value), "codes of a type must be a list")
            }
            var set = Set<UInt16>()
            for item in list {
                guard let code = item.int.flatMap(UInt16.init(exactly:)), code <= max else {
                    throw RecordingError.bad(
                        file, line(item), "unknown event code \(item.string ?? "?") for \(Evdev.typeName(type))")
                }
                set.insert(code)
            }
            device.codes[type] = type == Evdev.EV_SYN ? [Evdev.SYN_REPORT, Evdev.SYN_DROPPED] : set
        }
        device.codes[Evdev.EV_SYN] = [Evdev.SYN_REPORT, Evdev.SYN_DROPPED]
        var axisLines: [UInt16: Int] = [:]
        for (key, value) in pairs(evdev["absinfo"]) {
            guard let code = key.int.flatMap(UInt16.init(exactly:)), code <= 0x3f else {
                throw RecordingError.bad(file, line(key), "unknown axis \(key.string ?? "?")")
            }
            guard let numbers = try integers(value, count: 5, file: file) else {
                throw RecordingError.bad(file, line(value), "absinfo must be [min, max, fuzz, flat, resolution]")
            }
            let v = numbers.compactMap(Int32.init(exactly:))
            guard v.count == 5 else {
                throw RecordingError.bad(file, line(value), "absinfo values out of range: each is a 32-bit integer")
            }
            device.absinfo[code] = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v[4])
            axisLines[code] = line(value) ?? line(key)
        }
        for item in try list(evdev["properties"], "evdev properties", file: file) {
            guard let prop = item.int.flatMap(UInt16.init(exactly:)), prop <= Evdev.propertyMax else {
                throw RecordingError.bad(file, line(item), "unknown input property \(item.string ?? "?")")
            }
            device.properties.insert(prop)
        }
        try device.read(from: file, axisLines: axisLines, fallback: line(evdev["absinfo"] ?? evdev))
        if let udev = node["udev"], udev.mapping == nil, !isNull(udev) {
            throw RecordingError.bad(file, line(udev), "udev must be a mapping of properties")
        }
        for item in try list(node["udev"]?["properties"], "udev properties", file: file) {
            // NAME=VALUE, as libinput record writes each.
            guard let (key, value) = item.string.flatMap(UdevProperty.split) else {
                throw RecordingError.bad(file, line(item), "a udev property is NAME=VALUE")
            }
            if let problem = UdevProperty.problem(key: key, value: value) {
                throw RecordingError.bad(file, line(item), problem)
            }
            // As a second name or axis is: the last would silently win.
            guard device.udevProperties[key] == nil else {
                throw RecordingError.bad(file, line(item), "a second udev property \(key)")
            }
            device.udevProperties[key] = value
        }
        for item in try list(node["quirks"], "quirks", file: file) {
            guard let quirk = item.string, quirk.contains("=") else {
                throw RecordingError.bad(file, line(item), "a quirk is KEY=VALUE, as libinput record lists it")
            }
            device.source.recordedQuirks.append(quirk)
        }
        if let first = line(evdev) { LibinputRecordComments.readStates(into: &device, above: first, of: lines) }
        return device
    }

    private static func line(_ node: Node) -> Int? { node.mark.map { $0.line } }

    /// The elements of a list, none for a missing one: not `?? []`, as Yams' empty literals
    /// build the default resolver that ``parse(_:file:)`` does without.
    private static func items(_ node: Node?) -> [Node] { node?.sequence.map(Array.init) ?? [] }

    /// The elements of the list `node` must be, called `what` in the error: none for a missing
    /// or null one.
    private static func list(_ node: Node?, _ what: String, file: String) throws(RecordingError) -> [Node] {
        guard let node, !isNull(node) else { return [] }
        guard let sequence = node.sequence else { throw RecordingError.bad(file, line(node), "\(what) must be a list") }
        return Array(sequence)
    }

    /// A null as the basic resolver reads it: a scalar, `~`, `null` or nothing.
    private static func isNull(_ node: Node) -> Bool {
        ["", "~", "null", "Null", "NULL"].contains(node.scalar?.string)
    }

    /// The pairs of a mapping, none for a missing one (as ``items(_:)``).
    private static func pairs(_ node: Node?) -> [(key: Node, value: Node)] { node?.mapping.map(Array.init) ?? [] }

    /// A list of exactly `count` integers, or nil if it is not one; a non-integer element is an
    /// error at its own line rather than silently dropped.
    private static func integers(_ node: Node, count: Int, file: String) throws(RecordingError) -> [Int]? {
        guard let items = node.sequence, items.count == count else { return nil }
        return try items.map { item throws(RecordingError) -> Int in
            guard let n = item.int else {
                throw RecordingError.bad(file, line(item), "\"\(item.string ?? "?")\" is not an integer")
            }
            return n
        }
    }

    /// Everything of a recording as libinput record YAML (version 1) before its first frame, its
    /// device at ``DescriptionSource/writtenNode`` (``RecordingWriter``).
    public static func header(_ recording: Recording) -> String {
        header(device: recording.device, node: recording.device.source.writtenNode, dmi: recording.dmi)
    }

    /// Everything before the first frame: versions, the device and the `events:` key. Frames
    /// appended after it (``frameText(_:)``) keep the document valid at every frame boundary.
    /// `dmi` is the recording machine's (``MachineDMI``).
    public static func header(device d: DeviceDescription, node devnode: String, dmi: String? = nil) -> String {
        var out = "# libinput record (written by touchsynth)\nversion: 1\nndevices: 1\n"
        // No libinput recorded it: TouchSynth read the device itself, or wrote the frames.
        out += "libinput:\n  version: \"unknown\"\n  git: \"unknown\"\n"
        out += "system:\n  os: \"\"\n  kernel: \"\"\n  dmi: \"\(dmi ?? "")\"\n"
        out += "devices:\n- node: \(devnode)\n  evdev:\n"
        out += "    # Name: \(d.name)\n"
        // The switches and LEDs on, as libinput record says them: in comments alone.
        for type in InitialState.types where !d.initiallyOn[type].isEmpty {
            out += "    # Event type \(type) (\(Evdev.typeName(type)))\n"
            for code in d.initiallyOn[type].sorted() {
                out += "    #   Event code \(code) (\(Evdev.codeName(type: type, code: code)))\n    #       State 1\n"
            }
        }
        out += "    name: \(yamlString(d.name))\n"
        out += "    id: [\(d.bustype), \(d.vendor), \(d.product), \(d.version)]\n"
        out += "    codes:\n"
        for type in d.codes.keys.sorted() {
            let codes = type == Evdev.EV_SYN ? Array(0...15) : d.codes[type]!.sorted().map(Int.init)
            out += "      \(type): [\(codes.map(String.init).joined(separator: ", "))] # \(Evdev.typeName(type))\n"
        }
        if !d.absinfo.isEmpty {
            out += "    absinfo:\n"
            for (code, a) in d.absinfo.sorted(by: { $0.key < $1.key }) {
                out += "      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n"
            }
        }
        out += "    properties: [\(d.properties.sorted().map(String.init).joined(separator: ", "))]\n"
        out += "  udev:\n    properties:\n"
        for (key, value) in d.effectiveUdevProperties { out += "    - \(key)=\(value)\n" }
        if !d.source.recordedQuirks.isEmpty {
            out += "  quirks:\n" + d.source.recordedQuirks.map { "  - \($0)\n" }.joined()
        }
        out += "  events:\n"
        return out
    }

    /// One frame as an `- evdev:` list entry.
    public static func frameText(_ frame: EvdevFrame) -> String {
        var out = "  - evdev:\n"
        let sec = frame.time / 1_000_000, usec = frame.time % 1_000_000
        for e in frame.events {
            let comment =
                e.isSynReport
                ? "------------ SYN_REPORT (0) ---------- +\(frame.time / 1000)ms"
                : "\(Evdev.typeName(e.type)) / \(Evdev.codeName(type: e.type, code: e.code)) \(e.value)"
            out +=
                "    - [\(FixedWidth.spaced(sec, 3)), \(FixedWidth.spaced(usec, 6)), \(FixedWidth.spaced(e.type, 3)), "
                + "\(FixedWidth.spaced(e.code, 3)), \(FixedWidth.spaced(e.value, 6))] # " + comment
                + "\n"
        }
        return out
    }

    /// Whether the header has the top-level `version:` libinput record writes first.
    static func declaresVersion(_ header: String) -> Bool {
        header.split(separator: "\n").contains { $0.hasPrefix("version:") }
    }

    /// Whether a `libinput record` header says it holds more than one device (`ndevices: 2`).
    static func declaresSeveralDevices(_ header: String) -> Bool {
        (ndevices(in: header).flatMap { Int($0) } ?? 1) > 1
    }

    private static func yamlString(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
