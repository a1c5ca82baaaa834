/// Text written one item to a line where the harness puts it: a device's name and a udev
/// property's value in udev's database and in umockdev's description of the device, which ends a
/// line at a control character and at a Unicode line or paragraph separator. The kernel's names
/// are C strings besides, which a NUL cuts.
enum OneLineText {
    /// The first character of `text` that would end or cut its line, in words with its code point
    /// (`a control character, U+0009`); nil when there is none.
    static func breaking(_ text: String) -> String? {
        guard
            let scalar = text.unicodeScalars.first(where: {
                $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x2028 || $0.value == 0x2029
            })
        else { return nil }
        let code = String(format: "U+%04X", scalar.value)
        return scalar.value < 0x2028 ? "a control character, \(code)" : "a line or paragraph separator, \(code)"
    }
}
