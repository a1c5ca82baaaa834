import Foundation

/// The one way `--json` output is written: each line a value's `Encodable` form, its keys sorted,
/// so that the same input gives the same bytes.
enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as one line of JSON, without the newline.
    static func line(_ value: some Encodable) -> String {
        reportingErrors { String(decoding: try encoder.encode(value), as: UTF8.self) }
    }
}

/// A key named at run time, for objects whose keys are data (a mode's name, a reason).
struct NamedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
