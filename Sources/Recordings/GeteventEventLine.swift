extension GeteventFormat {
    /// The event of a getevent line written the plain way, read byte by byte: `[`, spaces,
    /// `sec.usec` with six digits of microseconds, `]`, then words between spaces: a node ending
    /// in `:` or none, and the type, code and value, in four, four and up to eight hex digits or
    /// by name (`-l`; no name is all hex digits); nothing after but blanks. nil for any other line, which
    /// ``eventLine(_:file:line:)`` reads, so that a line means the same either way. Long logs are
    /// mostly such lines, and reading them as characters took about 10 µs a line.
    static func plainEventLine(_ line: Substring) -> (String?, UInt64, EvdevEvent)? {
        line.utf8.withContiguousStorageIfAvailable { bytes in
            var cursor = LineCursor(bytes)
            return cursor.geteventEvent()
        } ?? nil
    }
}

extension LineCursor {
    /// The event of a getevent line (``GeteventFormat/plainEventLine(_:)``), read from the start.
    fileprivate mutating func geteventEvent() -> (String?, UInt64, EvdevEvent)? {
        guard take(UInt8(ascii: "[")) else { return nil }
        spaces()
        guard let seconds = number(radix: 10, digits: 1...11), seconds <= EvemuFormat.latestSecond,
            take(UInt8(ascii: ".")), let micro = number(radix: 10, digits: 6...6), take(UInt8(ascii: "]"))
        else { return nil }
        spaces()
        guard var first = word() else { return nil }
        var node: String?
        if bytes[first.upperBound - 1] == UInt8(ascii: ":") {
            node = text(first.lowerBound..<first.upperBound - 1)
            spaces()
            guard let next = word() else { return nil }
            first = next
        }
        spaces()
        guard let codeWord = word() else { return nil }
        spaces()
        guard let valueWord = word() else { return nil }
        while take(UInt8(ascii: " ")) || take(UInt8(ascii: "\t")) {}
        guard at == bytes.count,
            let type = hex(first, digits: 4...4).map(UInt16.init) ?? Evdev.typeCode(named: text(first)),
            let max = Evdev.maxCode(ofType: type)
        else { return nil }
        let code: UInt16
        if let number = hex(codeWord, digits: 4...4), number <= max {
            code = UInt16(number)
        } else if let named = Evdev.code(named: text(codeWord), type: type), named <= max {
            code = named
        } else {
            return nil
        }
        guard
            let value = hex(valueWord, digits: 1...8).map(Int32.init(bitPattern:))
                ?? GeteventFormat.valueNames[text(valueWord)]
        else { return nil }
        return (node, seconds * 1_000_000 + micro, EvdevEvent(type: type, code: code, value: value))
    }

    private mutating func spaces() { while take(UInt8(ascii: " ")) {} }

    /// The printable ASCII up to the next space or the end; nil when there is none, or another byte.
    private mutating func word() -> Range<Int>? {
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: " ") {
            guard bytes[at] > 0x20 && bytes[at] < 0x7F else { return nil }
            at += 1
        }
        return at > start ? start..<at : nil
    }

    /// The bytes of `range` as hex digits, as many as `digits` says.
    private func hex(_ range: Range<Int>, digits: ClosedRange<Int>) -> UInt32? {
        guard digits.contains(range.count) else { return nil }
        var value: UInt32 = 0
        for byte in bytes[range] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
