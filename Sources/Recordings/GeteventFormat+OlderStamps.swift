extension GeteventFormat {
    /// `line` with the stamp older getevents wrote, Android 4.0's among them (`12345-678: `,
    /// `%ld-%ld`: seconds, a dash, and microseconds without their leading zeros) written as
    /// today's (`[   12345.000678] `), so that both read alike; any other line as it is. The node,
    /// when getevent watched every device, follows either stamp.
    static func withTodaysStamp(_ line: Substring) -> Substring {
        // Nearly every line begins otherwise: a bracket, a space, a letter.
        guard let first = line.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return line }
        let seconds = line.prefix { $0.isASCII && $0.isNumber }
        var rest = line.dropFirst(seconds.count)
        guard rest.first == "-" else { return line }
        rest = rest.dropFirst()
        let micros = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(micros.count)
        guard !micros.isEmpty, micros.count <= 6, rest.hasPrefix(": ") else { return line }
        let padded = String(repeating: "0", count: 6 - micros.count) + micros
        return Substring("[\(seconds).\(padded)] " + rest.dropFirst(2))
    }
}
