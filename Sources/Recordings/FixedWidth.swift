/// Numbers at a fixed width, as printf's `%6d`, `%06llu` and `%04x` write them: the writers'
/// per-event text, where Foundation's `String(format:)` cost most of writing a long recording.
enum FixedWidth {
    /// `value` right-aligned in `width` columns, spaces before (`%6d`).
    static func spaced(_ value: some BinaryInteger, _ width: Int) -> String {
        padded(String(value), width, " ")
    }

    /// `value`, not negative, in `width` digits or more, zeros before (`%06llu`).
    static func zeroed(_ value: some BinaryInteger, _ width: Int) -> String {
        padded(String(value), width, "0")
    }

    /// `value`'s bits in lowercase hexadecimal, `width` digits or more (`%04x`; `%08x` of a
    /// negative 32-bit value is its two's complement).
    static func hex(_ value: some FixedWidthInteger, _ width: Int) -> String {
        padded(String(UInt64(truncatingIfNeeded: value) & (UInt64.max >> (64 - value.bitWidth)), radix: 16), width, "0")
    }

    /// `text` left-aligned in exactly `width` columns, spaces after, cut when longer (`%-20.20s`).
    static func left(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - count)
    }

    private static func padded(_ text: String, _ width: Int, _ pad: Character) -> String {
        text.count >= width ? text : String(repeating: pad, count: width - text.count) + text
    }
}
