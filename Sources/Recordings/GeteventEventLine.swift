extension GeteventFormat {
    /// The event of a getevent line written the plain way, read byte by byte: `[`, spaces,
    /// `sec.usec` with six digits of microseconds, `]`, then words of printable ASCII between
    /// spaces: a node ending in `:` or none, and the type, code and value (``type(_:)``,
    /// ``code(_:type:)``, ``value(_:)``); nothing after but blanks. nil for any other line, which
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
        guard at == bytes.count, let type = GeteventFormat.type(text(first)), let max = Evdev.maxCode(ofType: type),
            let code = GeteventFormat.code(text(codeWord), type: type), code <= max,
            let value = GeteventFormat.value(text(valueWord))
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

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
