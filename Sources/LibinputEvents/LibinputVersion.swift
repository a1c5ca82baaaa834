/// A libinput version as its releases are numbered, `1.28.1`, ordered number by number with a
/// missing or unreadable one as 0 (`1.29` is `1.29.0`): how the versions built, the changes
/// between them and the source lines cited are told apart, one way everywhere.
public struct LibinputVersion: Comparable, Sendable {
    /// Major, minor and micro, and any further numbers.
    public let numbers: [Int]

    /// The version `text` names, `1.28.1`.
    public init(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) ?? 0 }
        numbers = parts + Array(repeating: 0, count: max(0, 3 - parts.count))
    }

    public static func < (a: LibinputVersion, b: LibinputVersion) -> Bool {
        a.numbers.lexicographicallyPrecedes(b.numbers)
    }
}
