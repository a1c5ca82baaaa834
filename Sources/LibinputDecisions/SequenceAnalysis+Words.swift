/// How explain writes its numbers and touches: lengths in tenths of a millimetre, times in whole
/// milliseconds, a rule's constants as its source writes them.
extension SequenceAnalysis {
    /// `touch 1`, `touches 1 and 2`, `touches 0, 1 and 2`.
    static func touches(_ slots: [Int]) -> String {
        guard let last = slots.last, slots.count > 1 else { return "touch \(slots.last.map(String.init) ?? "")" }
        return "touches " + slots.dropLast().map(String.init).joined(separator: ", ") + " and \(last)"
    }

    /// A rule's constant as its source writes it: `40`, `1.5`.
    static func number(_ value: Double) -> String { String(format: "%g", value) }

    /// A time in whole milliseconds: `64`.
    static func ms(_ value: Double) -> String { abs(value) < 1e15 ? String(Int(value.rounded())) : String(value) }

    /// A length to a tenth of a millimetre (``Millimetres/text(_:)``).
    static func mm(_ value: Double) -> String { Millimetres.text(value) }

    /// `value` and the `limit` it is told beside, printed so that neither reads as the other: as
    /// ``mm(_:)`` prints where that tells them apart, else both with as many more decimals (up to
    /// four) as it takes, the limit without trailing zeros: "0.48 mm, under the 0.5 mm", "3.25 mm,
    /// under the 3.31 mm" (not "the 3.3 mm", which 3.25 would read as under by rounding alone),
    /// "1.3004 mm, more than the 1.3 mm"; past four, "just over 1.3".
    static func mm(_ value: Double, beside limit: Double) -> (value: String, limit: String) {
        guard value != limit, mm(value) == mm(limit) else { return (mm(value), mm(limit)) }
        for decimals in 2...4 {
            let (printed, limitPrinted) = (
                String(format: "%.\(decimals)f", value), String(format: "%.\(decimals)f", limit)
            )
            if Double(printed) != Double(limitPrinted) { return (printed, withoutTrailingZeros(limitPrinted)) }
        }
        // The limit to four decimals, as the loop above left it: a limit under 0.005 mm is no word.
        let limitPrinted = withoutTrailingZeros(String(format: "%.4f", limit))
        return ((value > limit ? "just over " : "just under ") + limitPrinted, limitPrinted)
    }

    /// "1.3000" as "1.3": a decimal number's zeros past its first decimal, which say nothing.
    private static func withoutTrailingZeros(_ number: String) -> String {
        var number = Substring(number)
        while number.hasSuffix("0"), number.dropLast().contains("."), !number.dropLast().hasSuffix(".") {
            number = number.dropLast()
        }
        return String(number)
    }
}
