import LibinputEventText

/// Where two explanations of one recording part: with and without a quirks file, or on two
/// libinput versions. Each pairs the sequences that cover the same stretch of the recording:
/// one with one where both divide it alike, which they do unless one reads the touches
/// differently (a pad without slots read through mtdev from 1.29, or touches begun at other
/// thresholds).
public struct ExplanationChange: Equatable, Sendable {
    /// The later explanation's sequences over the stretch, from 1 (none where it saw no finger).
    public var numbers: [Int]
    /// The earlier explanation's sequences over the same stretch, from 1: `numbers` unless the
    /// two divide the recording differently.
    public var beforeNumbers: [Int]
    /// Each explanation's closing lines over the stretch, "; then " between several.
    public var before: String
    public var after: String
    /// What libinput reported in each of the stretch's sequences, by each explanation.
    public var reportedBefore: [[ReportedGesture]]
    public var reportedAfter: [[ReportedGesture]]

    /// The sequence, from 1: the later explanation's first over the stretch, else the earlier's.
    public var number: Int { numbers.first ?? beforeNumbers.first ?? 0 }

    /// Whether the two explanations divide this stretch into the same sequences.
    public var dividedAlike: Bool { numbers == beforeNumbers }

    /// The stretches whose closing lines differ, or that the two divide into as many sequences
    /// otherwise, in order. Closing lines that differ only in where their rules are in each
    /// version's source (``SequenceExplanation/conclusionAcrossVersions``) are alike.
    public static func changes(from before: Explanation, to after: Explanation) -> [ExplanationChange] {
        stretches(before.sequences, after.sequences).compactMap { a, b in
            // As many sequences ending alike are no change, whatever the numbers before them.
            guard a.count != b.count || closing(a, \.conclusionAcrossVersions) != closing(b, \.conclusionAcrossVersions)
            else { return nil }
            return ExplanationChange(
                numbers: b.map(\.number), beforeNumbers: a.map(\.number), before: closing(a, \.conclusion),
                after: closing(b, \.conclusion), reportedBefore: a.map(\.reported), reportedAfter: b.map(\.reported))
        }
    }

    private static func closing(
        _ sequences: [SequenceExplanation], _ conclusion: KeyPath<SequenceExplanation, String>
    ) -> String {
        sequences.isEmpty ? "no finger touched" : sequences.map { $0[keyPath: conclusion] }.joined(separator: "; then ")
    }

    /// The two lists of sequences cut into stretches: each the smallest run of both that no
    /// sequence of either crosses out of, both in time order.
    private static func stretches(
        _ a: [SequenceExplanation], _ b: [SequenceExplanation]
    ) -> [([SequenceExplanation], [SequenceExplanation])] {
        var result: [([SequenceExplanation], [SequenceExplanation])] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            var end = min(i < a.count ? a[i].end : .max, j < b.count ? b[j].end : .max)
            let (firstA, firstB) = (i, j)
            // Take in every sequence that begins before the stretch ends, which may lengthen it.
            var grew = true
            while grew {
                grew = false
                if i < a.count, a[i].start <= end {
                    end = max(end, a[i].end)
                    i += 1
                    grew = true
                }
                if j < b.count, b[j].start <= end {
                    end = max(end, b[j].end)
                    j += 1
                    grew = true
                }
            }
            result.append((Array(a[firstA..<i]), Array(b[firstB..<j])))
        }
        return result
    }
}
