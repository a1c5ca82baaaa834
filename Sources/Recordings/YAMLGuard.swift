import Yams

/// Keeps untrusted YAML (recording headers, surface files) from trapping or stalling Yams, whose
/// failure modes fuzzing found:
/// - it reads a YAML 1.1 base-60 integer (`1:30`) by multiplying without overflow checks, so a
///   large one (`+2040000000000000000:0`) traps;
/// - it checks a mapping's keys for duplicates by sorting them with a comparison that recurses
///   twice per level, so duplicate non-scalar keys nested a few dozen deep (`? ? ? …`) take
///   longer than the age of the universe;
/// - aliases expand in the composed tree, so a few lines of anchors can stand for billions of
///   nodes that anything walking the tree then visits.
/// Neither libinput's records nor surface descriptions have keys that are not scalars, or need
/// more than a million nodes, so such input is refused as bad data with its line.
public enum YAMLGuard {
    /// The most nodes a composed document may have, aliases expanded.
    static let maxNodes = 1_000_000

    /// Checks `text` (before and after composing it) for everything above. Text that is not
    /// YAML passes: its parser reports it.
    public static func check(_ text: String, file: String) throws(RecordingError) {
        try checkBeforeComposing(text, file: file)
        guard let root = try? Yams.compose(yaml: text) else { return }
        try check(root, file: file)
    }

    /// Where Yams found the text malformed.
    static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        case .reader(_, let offset?, _, let yaml):
            // A character offset into the text.
            return 1 + yaml.prefix(offset).count(where: \.isNewline)
        case .duplicatedKeysInMapping(_, let context):
            return context.mark.line
        case .no, .memory, .reader, .writer, .emitter, .representer, .dataCouldNotBeDecoded:
            return nil
        }
    }

    /// What Yams found wrong, without its description of where (which spans lines and quotes
    /// the text).
    static func problem(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _),
            .reader(let problem, _, _, _), .writer(let problem), .emitter(let problem), .representer(let problem):
            // libyaml names its own function (with a stray parenthesis) for its nesting limit.
            return problem.hasPrefix("Maximum nesting level reached")
                ? "lists or mappings nested deeper than the YAML parser allows" : problem
        case .duplicatedKeysInMapping(let duplicates, _):
            return "a key given twice in one mapping: " + duplicates.sorted().joined(separator: ", ")
                + " (the first on this line)"
        case .dataCouldNotBeDecoded:
            return "not text in the expected encoding"
        case .memory:
            return "out of memory"
        case .no:
            return "the parser failed without saying why"
        }
    }

    /// Refuses a mapping key that is not a scalar: an explicit `?` key, a flow collection or an
    /// alias before `:`. A scan of the text, as Yams stalls while composing.
    static func checkBeforeComposing(_ text: String, file: String) throws(RecordingError) {
        if let line = complexKeyLine(in: text) {
            throw RecordingError.bad(
                file, line,
                "a mapping key that is not a plain value (`?`, a list, a mapping or an alias): not supported")
        }
    }

    /// Walks the composed tree (aliases expanded) for base-60 integers out of range, up to
    /// ``maxNodes`` nodes.
    static func check(_ root: Node, file: String) throws(RecordingError) {
        var pending = [root]
        var visited = 0
        while let node = pending.popLast() {
            visited += 1
            guard visited <= maxNodes else {
                throw RecordingError.bad(
                    file, root.mark?.line,
                    "more than \(maxNodes) values once aliases are expanded: not a recording or surface")
            }
            switch node {
            // Yams reads numbers of plain scalars only.
            case .scalar(let scalar) where scalar.style == .plain || scalar.style == .any:
                if overflows(scalar.string) {
                    throw RecordingError.bad(
                        file, node.mark?.line, "\"\(scalar.string)\" is a base-60 number too large for an integer")
                }
            case .mapping(let mapping):
                for (key, value) in mapping { pending += [key, value] }
            case .sequence(let sequence):
                pending += Array(sequence)
            case .scalar, .alias:
                continue
            }
        }
    }

    /// Whether Yams' sexagesimal integer arithmetic overflows a 64-bit integer on `text`: the
    /// digits are taken from the last, each times the running base, which grows by 60 after
    /// every digit, the last included. Yams drops every `_` (YAML 1.1's digit separator) first.
    static func overflows(_ text: String) -> Bool {
        let number = text.filter { $0 != "_" }
        let unsigned = number.hasPrefix("-") || number.hasPrefix("+") ? number.dropFirst() : Substring(number)
        // Yams reads these prefixes in another radix before looking for colons.
        guard unsigned.contains(":"), !unsigned.hasPrefix("0") else { return false }
        let components = unsigned.split(separator: ":", omittingEmptySubsequences: false)
        let digits = components.compactMap { Int64($0, radix: 10) }
        guard digits.count == components.count else { return false }
        var base: Int64 = 1, value: Int64 = 0
        for digit in digits.reversed() {
            let (product, productOverflow) = digit.multipliedReportingOverflow(by: base)
            let (sum, sumOverflow) = value.addingReportingOverflow(product)
            let (next, baseOverflow) = base.multipliedReportingOverflow(by: 60)
            if productOverflow || sumOverflow || baseOverflow { return true }
            (value, base) = (sum, next)
        }
        return false
    }

    /// The line of the first key that is not a scalar, outside quotes and comments: `?` followed
    /// by a blank, `]` or `}` followed by `:` and a blank, or an alias followed by `:` and a
    /// blank. A block scalar's text is scanned too, so a `? ` there is refused as well.
    static func complexKeyLine(in text: String) -> Int? {
        let bytes = Array(text.utf8)
        func byte(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        func isBlank(_ b: UInt8?) -> Bool { b == nil || b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        func isFlowIndicator(_ b: UInt8?) -> Bool { b == 0x2C || b == 0x5B || b == 0x5D || b == 0x7B || b == 0x7D }
        /// Whether a `:` after blanks from `i` makes what came before a key.
        func keyColon(from i: Int) -> Bool {
            var j = i
            while byte(j) == 0x20 || byte(j) == 0x09 { j += 1 }
            return byte(j) == 0x3A && (isBlank(byte(j + 1)) || isFlowIndicator(byte(j + 1)))
        }
        var line = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let tokenStart = i == 0 || isBlank(bytes[i - 1]) || isFlowIndicator(bytes[i - 1])
            switch b {
            case 0x0A:
                line += 1
            case 0x23 where i == 0 || isBlank(bytes[i - 1]): // # comment
                while i + 1 < bytes.count && bytes[i + 1] != 0x0A { i += 1 }
            case 0x22 where tokenStart, 0x27 where tokenStart: // " or ' quoted scalar
                i += 1
                while i < bytes.count {
                    if bytes[i] == 0x0A { line += 1 }
                    if b == 0x22 && bytes[i] == 0x5C { i += 2; continue }
                    if bytes[i] == b {
                        if b == 0x27 && byte(i + 1) == 0x27 { i += 2; continue }
                        break
                    }
                    i += 1
                }
            case 0x3F where tokenStart && isBlank(byte(i + 1)): // ? explicit key
                return line
            case 0x5D, 0x7D: // ] or }
                if keyColon(from: i + 1) { return line }
            case 0x2A where tokenStart: // * alias
                var j = i + 1
                while let c = byte(j), !isBlank(c), !isFlowIndicator(c) { j += 1 }
                if keyColon(from: j) { return line }
                i = j - 1
            default:
                break
            }
            i += 1
        }
        return nil
    }
}
