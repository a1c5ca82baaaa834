extension EvemuFormat {
    /// The event of an evemu line written the plain way, read byte by byte: `E:`, then `sec.usec`
    /// with six digits of microseconds, the type and the code in up to four hex digits and the
    /// value in up to ten decimal ones (a `-` allowed), blanks between, and nothing after but
    /// blanks or a comment. nil for any other line, which ``anyEventLine(_:file:line:)`` reads, so
    /// that a line means the same either way. Long recordings are mostly such lines, and reading
    /// them as Characters took about 5 µs a line.
    static func plainEventLine(_ text: String) -> (UInt64, EvdevEvent)? {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var line = LineCursor(bytes)
            return line.evemuEvent()
        } ?? nil
    }
}

extension LineCursor {
    /// The event of an evemu line (``EvemuFormat/plainEventLine(_:)``), read from the start.
    mutating func evemuEvent() -> (UInt64, EvdevEvent)? {
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
}
