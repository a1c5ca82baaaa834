import Foundation

/// A JSON text built by appending: the view's frames are many and small, and the page reads
/// them in a fixed shape, so they are written directly rather than through an encoder.
struct JSONText {
    private(set) var text = ""
    private var needsComma: [Bool] = [false]

    mutating func open(_ bracket: Character, key: String? = nil) {
        separate(key)
        text.append(bracket)
        needsComma.append(false)
    }

    mutating func close(_ bracket: Character) {
        text.append(bracket)
        needsComma.removeLast()
    }

    mutating func object(_ key: String? = nil, _ body: (inout JSONText) -> Void) {
        open("{", key: key)
        body(&self)
        close("}")
    }

    mutating func array<S: Sequence>(_ key: String? = nil, _ items: S, _ body: (inout JSONText, S.Element) -> Void) {
        open("[", key: key)
        for item in items { body(&self, item) }
        close("]")
    }

    mutating func put(_ key: String?, _ value: String?) {
        separate(key)
        guard let value else { text += "null"; return }
        text.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            // "</" would end the <script> element a report embeds the timeline in, and the report
            // is XML too, where "<" and "&" start markup and "]]>" may not appear in text.
            case "<": text += "\\u003c"
            case "&": text += "\\u0026"
            case ">": text += "\\u003e"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text.append("\"")
    }

    /// Four decimals: a hundredth of a point or millimetre and a ten-thousandth of a scale.
    mutating func put(_ key: String?, _ value: Double?) { put(key, value, in: 10_000) }

    /// A time in seconds, to the microsecond libinput stamps: rounded to a ten-thousandth, as other
    /// numbers are, the page's milliseconds would round it again and part from replay's.
    mutating func put(_ key: String?, seconds value: Double) { put(key, value, in: 1_000_000) }

    /// `value` rounded to a `parts`th, or null when it is none or not finite.
    private mutating func put(_ key: String?, _ value: Double?, in parts: Double) {
        separate(key)
        guard let value, value.isFinite else { text += "null"; return }
        let rounded = (value * parts).rounded() / parts
        text += rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }

    mutating func put(_ key: String?, _ value: Int) {
        separate(key)
        text += String(value)
    }

    mutating func put(_ key: String?, _ value: Bool) {
        separate(key)
        text += value ? "true" : "false"
    }

    private mutating func separate(_ key: String?) {
        if needsComma[needsComma.count - 1] { text.append(",") }
        needsComma[needsComma.count - 1] = true
        if let key { text += "\"\(key)\":" }
    }
}
