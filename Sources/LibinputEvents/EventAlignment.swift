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

    /// Above this many cells a table of the whole would cost too much memory (four bytes each):
    /// longer sequences are lined up a window at a time.
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
        differences(a, b, moments: moments, cells: maximumCells)
    }

    /// ``differences(_:_:moments:)`` with a table of at most `cells`: past it, each window of
    /// √`cells` events a side is lined up by its own table, and its steps kept until either side
    /// has passed half its window, where what lies past the window's end weighs little on them;
    /// the next window begins there. Where differences are far apart next to a window, as two
    /// versions' are, this tells them as the whole table would; alike events may line up
    /// another way as good.
    static func differences(
        _ expected: [String], _ actual: [String], moments: (expected: [Int64], actual: [Int64])?, cells: Int
    ) -> [Difference] {
        // Each distinct event as a number: a table compares numbers, not texts, cell by cell.
        var ids: [String: Int32] = [:]
        func id(_ text: String) -> Int32 {
            if let id = ids[text] { return id }
            let id = Int32(ids.count)
            ids[text] = id
            return id
        }
        let a = expected.map(id), b = actual.map(id)
        let window = max(2, Int(Double(cells).squareRoot()))
        var result: [Difference] = []
        var (i, j) = (0, 0)
        func take(_ step: Step) {
            switch step {
            case .same: (i, j) = (i + 1, j + 1)
            case .changed:
                result.append(Difference(index: i, actualIndex: j, expected: expected[i], actual: actual[j]))
                (i, j) = (i + 1, j + 1)
            case .missing:
                result.append(Difference(index: i, actualIndex: j, expected: expected[i], actual: nil))
                i += 1
            case .extra:
                result.append(Difference(index: i, actualIndex: j, expected: nil, actual: actual[j]))
                j += 1
            }
        }
        // Where the alignment stands on two events alike at one moment, it takes them as the same
        // (as `steps` does), so a run of them needs no table. Past the last window the table of
        // what follows is the one the whole would have there; in the windows, a window would take
        // the run half a window at a time and begin the next there, so only such whole stretches
        // are passed, and every window begins where it would have.
        func alike(_ i: Int, _ j: Int) -> Bool {
            i < a.count && j < b.count && a[i] == b[j] && moments.map { $0.expected[i] == $0.actual[j] } ?? true
        }
        func passAlikeWindows() {
            while (a.count - i) * (b.count - j) > cells {
                let stretch = min((min(a.count, i + window) - i + 1) / 2, (min(b.count, j + window) - j + 1) / 2)
                guard stretch > 0, (0..<stretch).allSatisfy({ alike(i + $0, j + $0) }) else { return }
                (i, j) = (i + stretch, j + stretch)
            }
        }
        passAlikeWindows()
        while (a.count - i) * (b.count - j) > cells {
            let (from, to) = ((i, j), (min(a.count, i + window), min(b.count, j + window)))
            for step in steps(a, b, from: from, to: to, moments: moments) {
                if (i, j) != from && (2 * (i - from.0) >= to.0 - from.0 || 2 * (j - from.1) >= to.1 - from.1) {
                    break
                }
                take(step)
            }
            passAlikeWindows()
        }
        while alike(i, j) { (i, j) = (i + 1, j + 1) }
        steps(a, b, from: (i, j), to: (a.count, b.count), moments: moments).forEach(take)
        return result
    }

    /// One step of an alignment: both events alike, one changed into the other, or one side's
    /// event alone.
    private enum Step { case same, changed, missing, extra }

    /// The steps that line `a[from.0..<to.0]` up with `b[from.1..<to.1]`, by a table of their
    /// common subsequences.
    private static func steps(
        _ a: [Int32], _ b: [Int32], from: (Int, Int), to: (Int, Int), moments: (expected: [Int64], actual: [Int64])?
    ) -> [Step] {
        let a = Array(a[from.0..<to.0]), b = Array(b[from.1..<to.1])
        let moments = moments.map { (Array($0.expected[from.0..<to.0]), Array($0.actual[from.1..<to.1])) }
        // lengths[i][j]: common subsequence length of a[i...] and b[j...], in one flat array.
        let width = b.count + 1
        var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
        b.withUnsafeBufferPointer { b in
            lengths.withUnsafeMutableBufferPointer { lengths in
                for i in stride(from: a.count - 1, through: 0, by: -1) {
                    let (row, below, event) = (i * width, (i + 1) * width, a[i])
                    for j in stride(from: b.count - 1, through: 0, by: -1) {
                        lengths[row + j] =
                            event == b[j] ? lengths[below + j + 1] + 1 : max(lengths[below + j], lengths[row + j + 1])
                    }
                }
            }
        }
        var result: [Step] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                // Alike at two moments, where passing over the earlier keeps the common subsequence
                // and the next alike event on its side is nearer the other's moment: the earlier is
                // missing or extra, and that next one lines up with its own moment.
                switch moments {
                case let (ta, tb)?
                where ta[i] < tb[j] && lengths[(i + 1) * width + j] == lengths[i * width + j]
                    && nextAlike(a, after: i, moments: ta, isNearer: tb[j]):
                    result.append(.missing); i += 1
                case let (ta, tb)?
                where ta[i] > tb[j] && lengths[i * width + j + 1] == lengths[i * width + j]
                    && nextAlike(b, after: j, moments: tb, isNearer: ta[i]):
                    result.append(.extra); j += 1
                default:
                    result.append(.same); i += 1; j += 1
                }
            } else if i < a.count && j < b.count && lengths[(i + 1) * width + j + 1] == lengths[i * width + j] {
                // Neither is part of the common subsequence here: one event changed, or, at two
                // moments, the earlier one is missing or extra (either step keeps the subsequence).
                switch moments.map({ ($0.0[i], $0.1[j]) }) {
                case let (x, y)? where x < y:
                    result.append(.missing); i += 1
                case let (x, y)? where x > y:
                    result.append(.extra); j += 1
                default:
                    result.append(.changed); i += 1; j += 1
                }
            } else if j < b.count && (i == a.count || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j]) {
                result.append(.extra); j += 1
            } else {
                result.append(.missing); i += 1
            }
        }
        return result
    }

    /// Whether the first event after `index` alike to `events[index]` is at least as near `moment`
    /// as `events[index]` is: only then is the earlier one the odd one out.
    private static func nextAlike(
        _ events: [Int32], after index: Int, moments: [Int64], isNearer moment: Int64
    )
        -> Bool
    {
        guard let next = events[(index + 1)...].firstIndex(of: events[index]) else { return false }
        return abs(moments[next] - moment) <= abs(moments[index] - moment)
    }
}
