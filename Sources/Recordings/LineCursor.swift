/// A cursor over one line's bytes, for event lines read without the cost of characters
/// (``EvemuFormat/plainEventLine(_:)``, ``GeteventFormat/plainEventLine(_:)``).
struct LineCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Whether the next byte is `byte`, taken if so.
    mutating func take(_ byte: UInt8) -> Bool {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// Skips spaces, tabs and carriage returns; whether there was one. A blank, digit or `.`
    /// followed by a non-ASCII byte (a combining mark) is another character: not read here.
    mutating func blanks() -> Bool {
        let start = at
        while at < bytes.count,
            bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t") || bytes[at] == UInt8(ascii: "\r")
        { at += 1 }
        return at > start && (at == bytes.count || bytes[at] < 0x80)
    }

    /// A run of `digits` digits in `radix`, followed by an ASCII byte or the end.
    mutating func number(radix: UInt64, digits: ClosedRange<Int>) -> UInt64? {
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
