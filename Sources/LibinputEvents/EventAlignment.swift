/// Lines two sequences up (longest common subsequence) so that a missing or extra event shows as
/// one difference instead of shifting every later one.
public enum EventAlignment {
    /// One event changed, missing or extra.
    public struct Difference: Equatable, Sendable {
        /// Position in the expected sequence (where the actual event would go, for an extra one).
        public var index: Int
        /// Position in the actual sequence (where the expected event would go, for a missing one).
        public var actualIndex: Int
        /// The expected event; nil for an extra one.
        public var expected: String?
        /// The actual event; nil for a missing one.
        public var actual: String?
    }

    /// Above this many cells the table would cost too much memory: compare position by position.
    public static let maximumCells = 20_000_000

    /// Where `b` (actual) differs from `a` (expected), in order. With `moments` (each event's
    /// time, on a clock the two share), an event is taken as changed only into one at the same
    /// moment; otherwise the earlier of the two is missing or extra, so that a version that lost
    /// an event is told so rather than every event after it changed. Of two alike events at two
    /// moments, the earlier is missing or extra where the rest still lines up without it: a
    /// version that lost the first of a run of alike events lost that one, not a later one.
    public static func differences(
        _ a: [String], _ b: [String], moments: (expected: [Int64], actual: [Int64])? = nil
    ) -> [Difference] {
        guard a.count * b.count <= maximumCells else {
            return (0..<max(a.count, b.count)).compactMap { i in
                let x = i < a.count ? a[i] : nil, y = i < b.count ? b[i] : nil
                return x == y ? nil : Difference(index: i, actualIndex: i, expected: x, actual: y)
            }
        }
        // lengths[i][j]: common subsequence length of a[i...] and b[j...], in one flat array.
        let width = b.count + 1
        var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var result: [Difference] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                // Alike at two moments, where passing over the earlier keeps the common subsequence
                // and the next alike event on its side is nearer the other's moment: the earlier is
                // missing or extra, and that next one lines up with its own moment.
                switch moments.map({ ($0.expected, $0.actual) }) {
                case let (ta, tb)?
                where ta[i] < tb[j] && lengths[(i + 1) * width + j] == lengths[i * width + j]
                    && nextAlike(a, after: i, moments: ta, isNearer: tb[j]):
                    result.append(Difference(index: i, actualIndex: j, expected: a[i], actual: nil)); i += 1
                case let (ta, tb)?
                where ta[i] > tb[j] && lengths[i * width + j + 1] == lengths[i * width + j]
                    && nextAlike(b, after: j, moments: tb, isNearer: ta[i]):
                    result.append(Difference(index: i, actualIndex: j, expected: nil, actual: b[j])); j += 1
                default:
                    i += 1; j += 1
                }
            } else if i < a.count && j < b.count && lengths[(i + 1) * width + j + 1] == lengths[i * width + j] {
                // Neither is part of the common subsequence here: one event changed, or, at two
                // moments, the earlier one is missing or extra (either step keeps the subsequence).
                switch moments.map({ ($0.expected[i], $0.actual[j]) }) {
                case let (x, y)? where x < y:
                    result.append(Difference(index: i, actualIndex: j, expected: a[i], actual: nil)); i += 1
                case let (x, y)? where x > y:
                    result.append(Difference(index: i, actualIndex: j, expected: nil, actual: b[j])); j += 1
                default:
                    result.append(Difference(index: i, actualIndex: j, expected: a[i], actual: b[j])); i += 1; j += 1
                }
            } else if j < b.count && (i == a.count || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j]) {
                result.append(Difference(index: i, actualIndex: j, expected: nil, actual: b[j])); j += 1
            } else {
                result.append(Difference(index: i, actualIndex: j, expected: a[i], actual: nil)); i += 1
            }
        }
        return result
    }

    /// Whether the first event after `index` alike to `events[index]` is at least as near `moment`
    /// as `events[index]` is: only then is the earlier one the odd one out.
    private static func nextAlike(
        _ events: [String], after index: Int, moments: [Int64], isNearer moment: Int64
    )
        -> Bool
    {
        guard let next = events[(index + 1)...].firstIndex(of: events[index]) else { return false }
        return abs(moments[next] - moment) <= abs(moments[index] - moment)
    }
}
