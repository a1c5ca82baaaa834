/// Text written one item to a line: a device's name and a udev property's value in udev's
/// database and in umockdev's description of the device, and an error's file name and message on
/// a terminal. Each ends a line at a control character (C0, DEL and C1, whose NEL umockdev takes
/// for a newline) and at a Unicode line or paragraph separator; the kernel's names are C strings
/// besides, which a NUL cuts.
public enum OneLineText {
    /// Whether `scalar` would end or cut the line it is written on.
    public static func breaks(_ scalar: Unicode.Scalar) -> Bool {
        [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
    }

    /// The first character of `text` that would end or cut its line, in words with its code point
    /// (`a control character, U+0009`); nil when there is none.
    public static func breaking(_ text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: breaks) else { return nil }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return scalar.properties.generalCategory == .control
            ? "a control character, \(code)" : "a line or paragraph separator, \(code)"
    }
}
