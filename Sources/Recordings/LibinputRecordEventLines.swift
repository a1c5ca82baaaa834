extension LibinputRecordFormat {
    /// Whether `line` is the `  events:` key that opens a device's events, as libinput record
    /// writes it (indented by two), whatever comment or blanks follow it.
    static func opensEvents(_ line: String) -> Bool {
        line.hasPrefix("  e") && content(of: Substring(line)) == "events:"
    }

    /// A line without its comment and the blanks around it.
    static func content(of line: Substring) -> Substring {
        var content = line.prefix { $0 != "#" }
        while let first = content.first, first == " " || first == "\t" { content = content.dropFirst() }
        while let last = content.last, last == " " || last == "\t" || last == "\r" { content = content.dropLast() }
        return content
    }

    /// Reads the lines of the first device's `events:` list as libinput record writes them:
    /// `  - evdev:` entries of `    - [sec, usec, type, code, value]` rows; other entries
    /// (`- libinput:` descriptions of what libinput did) are skipped.
    ///
    /// A replay reads a row for every evdev event as it plays, millions in a long recording: each
    /// line is scanned once over its bytes, without a string or an array made for its fields.
    struct EventLines {
        private var inEvdev = false
        /// The events are over: the YAML document ended, or the next device began.
        private(set) var ended = false
        /// Whether the `events:` line that opens the list has been read.
        private var opened = false
        /// The list is one device's of several (``LibinputRecordSections``): the next device's
        /// `- node:` ends it.
        var endsAtNextDevice = false

        mutating func parse(_ text: String, file: String, line: Int) throws(RecordingError) -> (UInt64, EvdevEvent)? {
            guard !ended else { return nil }
            var text = text
            switch text.withUTF8(Row.init) {
            case .blank:
                return nil
            case .nextDevice where endsAtNextDevice:
                ended = true
                return nil
            case .nextDevice:
                throw RecordingError.bad(
                    file, line,
                    "another device's \"- node:\", in a file whose header declares one: a file of several says "
                        + "so (ndevices: 2)")
            case .documentEnd:
                ended = true
                return nil
            case .refused(let problem):
                throw RecordingError.bad(file, line, problem)
            case .entry(let isEvdev):
                inEvdev = isEvdev
                return nil
            case .key("events:") where !opened:
                opened = true
                return nil
            case .key("libinput:"):
                // libinput record --with-libinput may close an evdev entry with a bare `libinput:` key.
                inEvdev = false
                return nil
            case .key(let key):
                throw RecordingError.bad(file, line, "unexpected \"\(key)\" in the events")
            case .event(let numbers):
                guard inEvdev else { return nil }
                return try LibinputRecordFormat.event(numbers, file: file, line: line)
            case .malformed(let problem):
                guard inEvdev else { return nil }
                throw RecordingError.bad(file, line, problem)
            }
        }
    }

    /// What one line of the `events:` list is.
    private enum Row {
        case blank
        /// `- node:`, not indented: the next device's, which a file read this way (of one device) refuses.
        case nextDevice
        /// `...`, the end of the YAML document, as YAML tools may write it.
        case documentEnd
        /// A line that is no part of the list wherever it comes, which would end the events
        /// early if it were passed over: anything else not indented, or indented with a tab.
        case refused(String)
        /// `  - NAME:` at the list's indentation; whether NAME is `evdev`.
        case entry(isEvdev: Bool)
        /// A bare `NAME:` key.
        case key(String)
        case event([Int64])
        case malformed(String)

        init(_ line: UnsafeBufferPointer<UInt8>) {
            let hash = line.firstIndex(of: UInt8(ascii: "#")) ?? line.endIndex
            let content = Self.trimmed(line.startIndex..<hash, of: line)
            guard !content.isEmpty else { self = .blank; return }
            guard line[0] == UInt8(ascii: " ") else {
                if line[0] == UInt8(ascii: "\t") {
                    self = .refused("a line indented with a tab, which YAML does not allow")
                } else if Self.has(prefix: "- node:", at: content, of: line) {
                    self = .nextDevice
                } else if Self.equals(content, "...", in: line) {
                    self = .documentEnd
                } else {
                    self = .refused("expected an evdev event, or the next device's \"- node:\"")
                }
                return
            }
            let indent = line.prefix { $0 == UInt8(ascii: " ") }.count
            let startsAsItem = Self.has(prefix: "- ", at: content, of: line)
            // An event row indented as an entry would end its `- evdev:` entry, and the frame with it.
            if indent == 2, startsAsItem, !Self.has(prefix: "- [", at: content, of: line) {
                let isEvdev = Self.equals(content, "- evdev:", in: line)
                // Frames written on the entry's own line would be passed over as another entry's.
                if !isEvdev && Self.has(prefix: "- evdev:", at: content, of: line) {
                    self = .refused("an evdev entry's events go on the lines below its \"- evdev:\", one row each")
                    return
                }
                self = .entry(isEvdev: isEvdev)
                return
            }
            if indent < 4, startsAsItem {
                self = .malformed("an evdev event is indented under its \"- evdev:\" entry")
                return
            }
            if line[content.upperBound - 1] == UInt8(ascii: ":"), !startsAsItem {
                self = .key(Self.text(content, of: line))
                return
            }
            guard Self.has(prefix: "- [", at: content, of: line), line[content.upperBound - 1] == UInt8(ascii: "]")
            else {
                self = .malformed("expected an evdev event \"- [sec, usec, type, code, value]\"")
                return
            }
            self = Self.fields(content.lowerBound + 3..<content.upperBound - 1, of: line)
        }

        /// The five comma-separated integers of `range` (empty fields skipped, as YAML's flow
        /// sequence reader of this format did), or what is wrong with them.
        private static func fields(_ range: Range<Int>, of line: UnsafeBufferPointer<UInt8>) -> Row {
            var numbers: [Int64] = []
            numbers.reserveCapacity(5)
            var count = 0
            var notInteger: Range<Int>?
            var start = range.lowerBound
            for i in range.lowerBound...range.upperBound where i == range.upperBound || line[i] == UInt8(ascii: ",") {
                defer { start = i + 1 }
                guard i > start else { continue }
                count += 1
                if count > 5 { break }
                let digits = trimmed(start..<i, of: line)
                if let n = integer(digits, of: line) {
                    numbers.append(n)
                } else if notInteger == nil {
                    notInteger = digits
                }
            }
            guard count == 5 else {
                return .malformed(
                    (count < 5 ? "truncated event" : "an event with more than its fields")
                        + ": expected [sec, usec, type, code, value]")
            }
            if let digits = notInteger {
                return .malformed(
                    "\"\(text(digits, of: line))\" is not an integer")
            }
            return .event(numbers)
        }

        /// A decimal integer with an optional sign, as `Int64(_:)` reads one; nil if it is not one
        /// or does not fit.
        private static func integer(_ range: Range<Int>, of line: UnsafeBufferPointer<UInt8>) -> Int64? {
            var i = range.lowerBound
            let negative = i < range.upperBound && line[i] == UInt8(ascii: "-")
            if i < range.upperBound, line[i] == UInt8(ascii: "-") || line[i] == UInt8(ascii: "+") { i += 1 }
            guard i < range.upperBound else { return nil }
            var magnitude: UInt64 = 0
            while i < range.upperBound {
                let digit = line[i] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
                guard !o1, !o2 else { return nil }
                magnitude = sum
                i += 1
            }
            if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
            return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
        }

        private static func text(_ range: Range<Int>, of line: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        }

        /// `range` without leading and trailing spaces and tabs.
        private static func trimmed(_ range: Range<Int>, of line: UnsafeBufferPointer<UInt8>) -> Range<Int> {
            func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, isBlank(line[lower]) { lower += 1 }
            while upper > lower, isBlank(line[upper - 1]) { upper -= 1 }
            return lower..<upper
        }

        private static func has(prefix: StaticString, at range: Range<Int>, of line: UnsafeBufferPointer<UInt8>) -> Bool
        {
            let count = prefix.utf8CodeUnitCount
            guard range.count >= count else { return false }
            for k in 0..<count where line[range.lowerBound + k] != prefix.utf8Start[k] { return false }
            return true
        }

        private static func equals(
            _ range: Range<Int>, _ text: StaticString, in line: UnsafeBufferPointer<UInt8>
        ) -> Bool {
            range.count == text.utf8CodeUnitCount && has(prefix: text, at: range, of: line)
        }
    }
}
