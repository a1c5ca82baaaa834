/// Where two explanations of one recording part: with and without a quirks file, or on two
/// libinput versions. Sequences are the recording's, so the same in both.
public struct ExplanationChange: Equatable, Sendable {
    /// The sequence, from 1.
    public var number: Int
    /// Each explanation's closing line.
    public var before: String
    public var after: String

    /// The sequences whose closing lines differ, in order.
    public static func changes(from before: Explanation, to after: Explanation) -> [ExplanationChange] {
        zip(before.sequences, after.sequences).compactMap { a, b in
            a.conclusion == b.conclusion
                ? nil : ExplanationChange(number: a.number, before: a.conclusion, after: b.conclusion)
        }
    }
}
