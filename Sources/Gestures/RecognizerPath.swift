/// A recognizer as comparisons, reports and expectations name it: its region and its name,
/// `region/name`, with `#N` for the Nth recognizer of that name in that region (N from 2), so
/// that two pans of one region stay apart.
public struct RecognizerPath: Hashable, Sendable, CustomStringConvertible {
    /// The recognizer's region ("" when it belongs to none).
    public var region: String
    /// The recognizer's own name, without `#N`.
    public var name: String
    /// 1 for the first recognizer of this name in the region, 2 for the second…
    public var occurrence: Int

    public init(region: String, name: String, occurrence: Int = 1) {
        self.region = region
        self.name = name
        self.occurrence = occurrence
    }

    /// `name`, or `name#N` for a repeated name: the name a comparison row shows.
    public var numberedName: String { occurrence == 1 ? name : "\(name)#\(occurrence)" }

    /// `region/name` or `region/name#N`.
    public var description: String { "\(region)/\(numberedName)" }

    /// The path of each of `items`, in order, given each one's region and name: a repeated
    /// name in a region is numbered in the order the items come.
    public static func paths<Item>(
        of items: [Item], region: (Item) -> String, name: (Item) -> String
    ) -> [RecognizerPath] {
        // Counted by region and name as values: a region "a/b" with a "c" is not a region "a" with a "b/c".
        var seen: [RecognizerPath: Int] = [:]
        return items.map { item in
            let first = RecognizerPath(region: region(item), name: name(item))
            seen[first, default: 0] += 1
            return RecognizerPath(region: first.region, name: first.name, occurrence: seen[first] ?? 1)
        }
    }

    /// Each record's path, in delivery order.
    public static func paths(of records: [GestureRecord]) -> [RecognizerPath] {
        paths(of: records, region: \.region, name: \.name)
    }

    /// Each of a surface's recognizers' paths, in delivery order.
    public static func paths(of recognizers: [GestureRecognizer]) -> [RecognizerPath] {
        paths(of: recognizers, region: { $0.region?.name ?? "" }, name: \.name)
    }
}
