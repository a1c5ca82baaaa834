import Foundation

/// For a path that names no file, the name beside it that a typo would most likely have meant:
/// the one in its directory fewest edits away, when a few would do, so that a misspelt
/// recording is found without listing the directory; and so for any name among others (a
/// recognizer's, in the testing kit).
public enum NearestName {
    /// `; did you mean pinch-in.yml?`, or empty when no name is near (or the directory is missing,
    /// which the path shows).
    static func hint(for path: String) -> String {
        let given = (path as NSString).deletingLastPathComponent
        let directory = given.isEmpty ? "." : given
        let name = (path as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return "" }
        return nearest(to: name, among: names).map { "; did you mean \($0)?" } ?? ""
    }

    /// The one of `names` fewest edits from `name`, when a typo's few would do (a quarter of its
    /// characters, at least two); the first in order of those as near.
    public static func nearest(to name: String, among names: [String]) -> String? {
        let limit = max(2, name.count / 4)
        let near = names.compactMap { other in edits(name, other, atMost: limit).map { (other, $0) } }
        return near.min(by: { ($0.1, $0.0) < ($1.1, $1.0) })?.0
    }

    /// The insertions, deletions and substitutions that turn `a` into `b`; nil past `limit`.
    static func edits(_ a: String, _ b: String, atMost limit: Int) -> Int? {
        let (a, b) = (Array(a), Array(b))
        guard abs(a.count - b.count) <= limit else { return nil }
        // Row by row: `previous[j]` is the edits from a's first i - 1 characters to b's first j.
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
