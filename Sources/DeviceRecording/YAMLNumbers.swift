import Yams

/// Guards Yams' integer construction, which traps instead of failing on a YAML 1.1 base-60
/// number (`1:30`, `+2040000000000000000:0`) too large for the integer: it multiplies without
/// overflow checks (found by fuzzing). Every scalar is checked before anything reads integers.
public enum YAMLNumbers {
    /// Throws bad data at the first scalar of `text` that Yams would read as a base-60 integer
    /// out of range. Text that is not YAML passes: its parser reports it.
    public static func check(_ text: String, file: String) throws(RecordingError) {
        guard let root = try? Yams.compose(yaml: text) else { return }
        try check(root, file: file)
    }

    static func check(_ root: Node, file: String) throws(RecordingError) {
        var pending = [root]
        while let node = pending.popLast() {
            switch node {
            case .scalar(let scalar):
                if overflows(scalar.string) {
                    throw RecordingError.bad(file, node.mark?.line, "\"\(scalar.string)\" is a base-60 number too large for an integer")
                }
            case .mapping(let mapping):
                for (key, value) in mapping { pending += [key, value] }
            case .sequence(let sequence):
                pending += Array(sequence)
            case .alias:
                continue
            }
        }
    }

    /// Whether Yams' sexagesimal integer arithmetic overflows a 64-bit integer on `text`: the
    /// digits are taken from the last, each times the running base, which grows by 60 after
    /// every digit, the last included.
    static func overflows(_ text: String) -> Bool {
        let unsigned = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
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
}
