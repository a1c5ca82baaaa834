extension EvemuFormat {
    /// The event of an evemu line written the plain way, read byte by byte: `E:`, then `sec.usec`
    /// with six digits of microseconds, the type and the code in up to four hex digits and the
    /// value in up to ten decimal ones (a `-` allowed), blanks between, and nothing after but
    /// blanks or a comment. nil for any other line, which ``anyEventLine(_:file:line:)`` reads, so
    /// that a line means the same either way. Long recordings are mostly such lines, and reading
    /// them as Characters took about 5 µs a line.
    static func plainEventLine(_ text: String) -> (UInt64, EvdevEvent)? {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var line = PlainLine(bytes)
            return line.event()
        } ?? nil
    }
}

/// A cursor over one line's bytes for ``EvemuFormat/plainEventLine(_:)``.
private struct PlainLine {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func event() -> (UInt64, EvdevEvent)? {
        while at < bytes.count, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
        guard take(UInt8(ascii: "E")), take(UInt8(ascii: ":")) else { return nil }
        _ = blanks()
        guard let seconds = number(radix: 10, digits: 1...11), seconds <= EvemuFormat.latestSecond,
            take(UInt8(ascii: ".")),
            let micro = number(radix: 10, digits: 6...6), blanks(),
            let type = number(radix: 16, digits: 1...4), blanks(),
            let code = number(radix: 16, digits: 1...4), blanks()
        else { return nil }
        let negative = take(UInt8(ascii: "-"))
        guard let magnitude = number(radix: 10, digits: 1...10) else { return nil }
        let value = negative ? -Int64(magnitude) : Int64(magnitude)
        guard let value32 = Int32(exactly: value) else { return nil }
        _ = blanks()
        // A comment ends the line; a combining mark after `#` would make it another character.
        guard at == bytes.count || (bytes[at] == UInt8(ascii: "#") && (at + 1 == bytes.count || bytes[at + 1] < 0x80))
        else { return nil }
        return (seconds * 1_000_000 + micro, EvdevEvent(type: UInt16(type), code: UInt16(code), value: value32))
    }

    /// Whether the next byte is `byte`, taken if so.
    private mutating func take(_ byte: UInt8) -> Bool {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// Skips spaces, tabs and carriage returns; whether there was one. A blank, digit or `.`
    /// followed by a non-ASCII byte (a combining mark) is another character: not read here.
    private mutating func blanks() -> Bool {
        let start = at
        while at < bytes.count,
            bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") || bytes[at] == UInt8(ascii: "\r")
        { at += 1 }
        return at > start && (at == bytes.count || bytes[at] < 0x80)
    }

    /// A run of `digits` digits in `radix`, followed by an ASCII byte or the end.
    private mutating func number(radix: UInt64, digits: ClosedRange<Int>) -> UInt64? {
        var value: UInt64 = 0
        let start = at
        while at < bytes.count, let digit = Self.digit(bytes[at], radix: radix) {
            value = value * radix + digit
            at += 1
            guard at - start <= digits.upperBound else { return nil }
        }
        guard digits.contains(at - start), at == bytes.count || bytes[at] < 0x80 else { return nil }
        return value
    }

    private static func digit(_ byte: UInt8, radix: UInt64) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt64(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
