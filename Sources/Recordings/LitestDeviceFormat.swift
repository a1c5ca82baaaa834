import Foundation

/// A device of libinput's own test suite, as its C source describes it (`test/litest-device-*.c`
/// in libinput's source; MIT licensed): the name in `TEST_DEVICE(…)`, the `struct input_id` it
/// points at, its `events[]` (pairs of type and code, `INPUT_PROP_MAX` pairing a property, ended
/// by `-1, -1`), its `absinfo[]` (`{ code, minimum, maximum, fuzz, flat, resolution }`, ended by
/// `.value = -1`; each one also an `EV_ABS` code) and its `udev_properties`. Read declaratively,
/// without compiling or running anything: a file that declares other things is still read for
/// these.
public enum LitestDeviceFormat {
    /// The device a litest device file (`test/litest-device-*.c` in libinput's source) declares,
    /// named codes the kernel's header knows and TouchSynth's tables lack included; nil for a
    /// file that is not one (not `.c`, or no litest declaration).
    public static func device(inFile path: String) throws(RecordingError) -> DeviceDescription? {
        guard path.hasSuffix(".c") else { return nil }
        // Read as every text input is: a line that is not UTF-8 refused at its number.
        return try device(in: readText(path, of: "a litest device"), file: path)
    }

    /// ``device(inFile:)`` for `text`, read already from `file`.
    public static func device(in text: String, file: String) throws(RecordingError) -> DeviceDescription? {
        file.hasSuffix(".c") && looksLikeOne(text) ? try parse(text, file: file, kernelNames: systemKernelNames) : nil
    }

    /// The kernel's names of event codes, from the system's header (linux-libc-dev, which building
    /// TouchSynth needs): litest files name keys TouchSynth's own tables have no use for.
    private static let systemKernelNames: [String: UInt16] =
        FileManager.default.contents(atPath: "/usr/include/linux/input-event-codes.h")
        .map { kernelEventCodes(header: String(decoding: $0, as: UTF8.self)) } ?? [:]

    /// Whether `text` declares a litest device.
    public static func looksLikeOne(_ text: String) -> Bool {
        text.contains("TEST_DEVICE(") || text.contains("struct litest_test_device")
    }

    /// Reads `text`; `kernelNames` (``kernelEventCodes(header:)``) names the codes TouchSynth's own
    /// tables lack (`KEY_KP7`, `BTN_0`), by name.
    public static func parse(
        _ text: String, file: String, kernelNames: [String: UInt16] = [:]
    ) throws(RecordingError) -> DeviceDescription {
        let source = withoutComments(text)
        func line(of index: String.Index) -> Int { source[..<index].reduce(1) { $1 == "\n" ? $0 + 1 : $0 } }
        guard let device = source.range(of: "TEST_DEVICE(") ?? source.range(of: "struct litest_test_device") else {
            throw RecordingError.bad(file, nil, "not a litest device: no TEST_DEVICE(…) declaration")
        }
        let body = source[device.upperBound...]
        func field(_ name: String) -> Substring? {
            guard let match = body.firstMatch(of: try! Regex("\\.\(name)\\s*=\\s*&?([A-Za-z_][A-Za-z0-9_]*)")),
                let value = match.output[1].substring, value != "NULL"
            else { return nil }
            return value
        }
        guard let name = body.firstMatch(of: /\.name\s*=\s*"([^"]*)"/)?.output.1 else {
            throw RecordingError.bad(file, line(of: device.lowerBound), "the device has no .name")
        }
        var d = DeviceDescription(
            name: try DeviceDescription.checkedName(String(name), file: file, line: line(of: name.startIndex)))
        d.codes[Evdev.EV_SYN] = [Evdev.SYN_REPORT]
        if let id = field("id") {
            let block = try initializer(of: id, in: source, file: file, line: line(of:))
            for (key, value) in block.matches(of: /\.(bustype|vendor|product|version)\s*=\s*([^,}\s]+)/).map({
                ($0.output.1, $0.output.2)
            }) {
                guard let number = integer(value), let n = UInt16(exactly: number) else {
                    throw RecordingError.bad(
                        file, line(of: block.startIndex), "input_id .\(key) = \(value) is not a 16-bit number")
                }
                switch key {
                case "bustype": d.bustype = n
                case "vendor": d.vendor = n
                case "product": d.product = n
                default: d.version = n
                }
            }
        }
        if let events = field("events") {
            let block = try initializer(of: events, in: source, file: file, line: line(of:))
            let tokens = block.split(separator: ",").map { $0.drop { $0.isWhitespace } }.filter { !$0.isEmpty }
                .map { token in token.prefix { !$0.isWhitespace } }
            var i = 0
            while i + 1 < tokens.count, tokens[i] != "-1" {
                let (typeName, codeName) = (String(tokens[i]), String(tokens[i + 1]))
                if typeName == "INPUT_PROP_MAX" {
                    guard let property = Evdev.propertyCode(named: codeName) else {
                        throw RecordingError.bad(
                            file, line(of: tokens[i + 1].startIndex), "unknown input property \(codeName)")
                    }
                    d.properties.insert(property)
                } else {
                    guard let type = Evdev.typeCode(named: typeName),
                        let code = Evdev.code(named: codeName, type: type) ?? kernelNames[codeName]
                            ?? integer(codeName).flatMap(UInt16.init(exactly:))
                    else {
                        throw RecordingError.bad(
                            file, line(of: tokens[i + 1].startIndex), "unknown event code \(typeName) \(codeName)")
                    }
                    d.codes[type, default: []].insert(code)
                }
                i += 2
            }
        }
        var axisLines: [UInt16: Int] = [:]
        if let absinfo = field("absinfo") {
            let block = try initializer(of: absinfo, in: source, file: file, line: line(of:))
            for entry in block.matches(of: /\{([^{}]*)\}/) {
                let values = entry.output.1.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }.filter { !$0.isEmpty }
                if values.first?.hasPrefix(".value") == true { break }
                guard values.count >= 5,
                    let code = Evdev.code(named: values[0], type: Evdev.EV_ABS)
                        ?? integer(values[0]).flatMap(UInt16.init(exactly:))
                else {
                    throw RecordingError.bad(
                        file, line(of: entry.range.lowerBound),
                        "an absinfo entry is not { code, minimum, maximum, fuzz, flat, resolution }")
                }
                var numbers: [Int32] = []
                for value in values.dropFirst() {
                    guard let n = integer(value) ?? mtToolTypes[value] else {
                        throw RecordingError.bad(
                            file, line(of: entry.range.lowerBound), "absinfo value \(value) is not a number")
                    }
                    numbers.append(n)
                }
                d.codes[Evdev.EV_ABS, default: []].insert(code)
                axisLines[code] = line(of: entry.range.lowerBound)
                d.absinfo[code] = AbsInfo(
                    minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                    resolution: numbers.count > 4 ? numbers[4] : 0)
            }
        }
        if let properties = body.firstMatch(of: /\.udev_properties\s*=\s*\{((?:[^{}]|\{[^{}]*\})*)\}/)?.output.1 {
            for pair in properties.matches(of: /\{\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\}/) {
                let (key, value) = (String(pair.output.1), String(pair.output.2))
                if let problem = UdevProperty.problem(key: key, value: value) {
                    throw RecordingError.bad(file, line(of: pair.range.lowerBound), problem)
                }
                d.udevProperties[key] = value
            }
        }
        guard d.codes.count > 1 else {
            throw RecordingError.bad(file, line(of: device.lowerBound), "the device declares no events or axes")
        }
        // As every format's description: refused where libevdev would refuse an axis, at its line.
        try d.read(from: file, axisLines: axisLines, fallback: line(of: device.lowerBound))
        return d
    }

    /// The event codes `#define`d in the kernel's `linux/input-event-codes.h` (`header`, its
    /// text), by name; a name defined as another name takes that one's value.
    public static func kernelEventCodes(header: String) -> [String: UInt16] {
        var values: [String: String] = [:]
        for match in header.matches(of: /#define\s+((?:KEY|BTN|SW|LED|SND|REL|ABS|MSC)_[A-Z0-9_]+)\s+([A-Za-z0-9_]+)/) {
            values[String(match.output.1)] = String(match.output.2)
        }
        var codes: [String: UInt16] = [:]
        for name in values.keys {
            var value = values[name]
            for _ in 0..<4 where value.map({ integer($0) == nil }) ?? false { value = value.flatMap { values[$0] } }
            if let number = value.flatMap({ integer($0) }).flatMap(UInt16.init(exactly:)) { codes[name] = number }
        }
        return codes
    }

    /// `MT_TOOL_*`, which an `ABS_MT_TOOL_TYPE` axis's range is given in.
    private static let mtToolTypes: [String: Int32] = [
        "MT_TOOL_FINGER": 0, "MT_TOOL_PEN": 1, "MT_TOOL_PALM": 2, "MT_TOOL_DIAL": 0x0a, "MT_TOOL_MAX": 0x0f,
    ]

    /// The braces of `name`'s initializer, `name[] = { … }` or `name = { … }`, without them.
    private static func initializer(
        of name: Substring, in source: String, file: String,
        line: (String.Index) -> Int
    ) throws(RecordingError) -> Substring {
        guard let start = source.firstMatch(of: try! Regex("\\b\(name)\\s*(\\[\\s*\\])?\\s*=\\s*\\{")) else {
            throw RecordingError.bad(file, nil, "\(name) is used but not declared")
        }
        var depth = 1
        var index = start.range.upperBound
        while index < source.endIndex {
            switch source[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return source[start.range.upperBound..<index] }
            default: break
            }
            index = source.index(after: index)
        }
        throw RecordingError.bad(file, line(start.range.lowerBound), "\(name)'s initializer has no closing brace")
    }

    /// A C integer literal: decimal or hex, with a sign.
    private static func integer(_ text: some StringProtocol) -> Int32? {
        let negative = text.hasPrefix("-")
        let digits = negative ? Substring(text.dropFirst()) : Substring(text)
        let magnitude = digits.lowercased().hasPrefix("0x") ? Int64(digits.dropFirst(2), radix: 16) : Int64(digits)
        return magnitude.flatMap { Int32(exactly: negative ? -$0 : $0) }
    }

    /// `text` with its `/* … */` and `// …` comments blanked, lines kept where they were.
    private static func withoutComments(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("/*") {
                let end = rest.range(of: "*/")?.upperBound ?? text.endIndex
                out += String(repeating: "\n", count: text[index..<end].filter { $0 == "\n" }.count)
                index = end
            } else if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? text.endIndex
            } else if rest.hasPrefix("\"") {
                let end = rest.dropFirst().firstIndex(of: "\"").map { text.index(after: $0) } ?? text.endIndex
                out += text[index..<end]
                index = end
            } else {
                out.append(text[index])
                index = text.index(after: index)
            }
        }
        return out
    }
}
