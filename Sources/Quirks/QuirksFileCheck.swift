import Recordings

/// A quirks file read line by line as libinput's parser reads it (`parse_file` in
/// `src/quirks.c`, the same in 1.22.1, 1.28.1 and 1.31.3): a line libinput would refuse, named
/// by its number. libinput itself names none at run time, and drops every quirk, its own too,
/// when one file fails; the values' own forms (a number, `WxH`, `N:M`) it checks key by key.
public enum QuirksFileCheck {
    /// The first line of `text` (the file at `path`) libinput's parser would refuse, as
    /// `path:line: problem`; nil when every line is of a form it reads.
    public static func problem(in text: String, path: String) -> String? {
        enum State { case section, match, matchOrValue, valueOrSection }
        var state = State.section
        var section: (name: String, hasMatch: Bool, hasProperty: Bool)?
        var number = 0, lastRead = 0
        for raw in lines(of: text) {
            number += 1
            if number == 1 && raw.unicodeScalars.first == "\u{FEFF}" {
                return "\(path):1: a byte order mark (U+FEFF) begins the file, which libinput reads as part of "
                    + "its first line"
            }
            if RecordingStream.hasLoneCarriageReturn(raw) {
                return "\(path):\(number): " + RecordingStream.loneCarriageReturns
            }
            // `fgets` into a 512-byte buffer (`parse_file`, src/quirks.c:922 of 1.22.1, :945 of 1.28.1, :1011
            // of 1.31.3): a longer line comes in pieces, the rest read as lines of their own.
            if raw.utf8.count > 511 {
                return "\(path):\(number): a line of \(raw.utf8.count) bytes, over the 511 libinput reads as one: "
                    + "it reads the rest as lines of their own"
            }
            let line = withoutComment(Substring(raw))
            guard let first = line.first, let last = line.last else { continue }
            lastRead = number
            func refused(_ problem: String) -> String { "\(path):\(number): \(problem)" }
            if last == "\r" {
                return refused("the line ends in a carriage return: libinput does not read Windows (CRLF) line endings")
            }
            if last == " " || last == "\t" { return refused("trailing white space") }
            switch first {
            case " ", "\t":
                return refused("white space before '\(line.trimmingPrefix(while: { $0 == " " || $0 == "\t" }))'")
            case "[":
                guard last == "]" else { return refused("closing ] missing in \(line)") }
                if let section, state != .valueOrSection || !(section.hasMatch && section.hasProperty) {
                    return refused(
                        "the section before, \(section.name), has no \(section.hasMatch ? "value" : "Match")")
                }
                state = .match
                section = (String(line), false, false)
            case "A"..."Z":
                let isMatch = line.hasPrefix("Match")
                switch state {
                case .section: return refused("expected a [Section] before \(line)")
                case .match where !isMatch:
                    return refused("expected a MatchKey=value first in the section, have \(line)")
                case .match: state = .matchOrValue
                case .matchOrValue where !isMatch: state = .valueOrSection
                case .valueOrSection where isMatch: return refused("\(line) comes after the section's values")
                default: break
                }
                guard let parts = Self.keyAndValue(line) else { return refused("expected Key=value, have \(line)") }
                if parts.value.hasPrefix("\"") || parts.value.hasPrefix("'") {
                    return refused("a value in quotes: \(line)")
                }
                if isMatch {
                    section?.hasMatch = true
                } else if parts.key.hasPrefix("Model") || parts.key.hasPrefix("Attr") {
                    section?.hasProperty = true
                } else {
                    return refused("a key neither Match…, Model… nor Attr…: \(line)")
                }
            default:
                return refused("unexpected line \(line)")
            }
        }
        guard let section else { return "\(path): no section: libinput refuses an empty quirks file" }
        if !(section.hasMatch && section.hasProperty) {
            return
                "\(path):\(lastRead): the last section, \(section.name), has no \(section.hasMatch ? "value" : "Match")"
        }
        return nil
    }

    /// The lines as libinput's `fgets` reads them, cut at each line feed alone: a carriage return
    /// before one stays in its line (to Swift, `\r\n` is one character, which a split at `\n` misses).
    static func lines(of text: String) -> [Substring] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The value `text` gives `key` in the section `name` (`[Section]`), as libinput reads it.
    public static func value(ofKey key: String, inSection name: String, of text: String) -> String? {
        guard let line = line(ofKey: key, inSection: name, of: text) else { return nil }
        return keyAndValue(withoutComment(lines(of: text)[line - 1])).map { String($0.value) }
    }

    /// `line` as libinput's `parse_file` keeps it: cut at a `#`, and the blanks before it.
    static func withoutComment(_ line: Substring) -> Substring {
        guard let hash = line.firstIndex(of: "#") else { return line }
        var kept = line[..<hash]
        while let last = kept.last, last == " " || last == "\t" { kept = kept.dropLast() }
        return kept
    }

    /// A `Key=value` line cut as libinput cuts it (`strv_from_string(line, "=")`, which passes
    /// over separators side by side, so `Key==v` is `Key` and `v`); nil unless it is two pieces.
    static func keyAndValue(_ line: Substring) -> (key: Substring, value: Substring)? {
        let parts = line.split(separator: "=")
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Where libinput's error `Unknown key KEY in [Section]` points in `text`: the line of that
    /// key in that section, 1-based.
    public static func line(ofKey key: String, inSection name: String, of text: String) -> Int? {
        var inSection = false
        for (index, raw) in lines(of: text).enumerated() {
            if raw.hasPrefix("[") { inSection = raw == name }
            if inSection && raw.hasPrefix(key + "=") { return index + 1 }
        }
        return nil
    }
}
