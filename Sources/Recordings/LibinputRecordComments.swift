/// What `libinput record` says of a device only in the comments above its `evdev:` keys: each
/// switch's and LED's state as the recording began (`#       State 1` under `#   Event code 1
/// (SW_TABLET_MODE)`), which no key of its YAML holds. Comments are a person's reading, so one
/// that does not fit the device is passed over rather than refused.
enum LibinputRecordComments {
    /// Takes into `device` the switches and LEDs on that the comment block just above `line`
    /// (the first key of its `evdev:` mapping, 1-based) of `lines` says were on.
    static func readStates(into device: inout DeviceDescription, above line: Int, of lines: [Substring]) {
        var first = min(line - 1, lines.count)
        while first > 0, lines[first - 1].drop(while: { $0 == " " }).hasPrefix("#") { first -= 1 }
        var type: UInt16?, code: UInt16?
        for raw in lines[first..<min(line - 1, lines.count)] {
            let text = raw.drop(while: { $0 == " " }).dropFirst().drop(while: { $0 == " " })
            if let n = number(after: "Event type ", in: text) {
                (type, code) = (n, nil)
            } else if let n = number(after: "Event code ", in: text) {
                code = n
            } else if let state = number(after: "State ", in: text), let type, let code,
                device.has(type: type, code: code)
            {
                device.initiallyOn.set(code, of: type, on: state != 0)
            }
        }
    }

    /// The number `text` holds after `prefix` (`Event code 1 (SW_TABLET_MODE)` gives 1).
    private static func number(after prefix: String, in text: Substring) -> UInt16? {
        guard text.hasPrefix(prefix) else { return nil }
        return UInt16(text.dropFirst(prefix.count).prefix { $0.isNumber })
    }
}
