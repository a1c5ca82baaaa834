import Foundation

/// A JSON value, for comparing output by content: key order and number spelling aside.
public indirect enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    /// How far apart, relative to their size, two numbers may be and count as the same: a
    /// thousand times the rounding of a double, a billionth of a point on a 1440-point screen.
    public static let tolerance = 1e-12

    public static func parse(_ line: Substring) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Where this value first differs from `other`, as a path and both values; nil when equal.
    public func firstDifference(from other: JSONValue, ignoring: Set<String>, at path: String = "") -> String? {
        switch (self, other) {
        case let (.object(a), .object(b)):
            for key in Set(a.keys).union(b.keys).subtracting(ignoring).sorted() {
                guard let x = a[key], let y = b[key] else { return "\(path).\(key): present in one only" }
                if let difference = x.firstDifference(from: y, ignoring: ignoring, at: "\(path).\(key)") {
                    return difference
                }
            }
            return nil
        case let (.array(a), .array(b)):
            guard a.count == b.count else { return "\(path): \(a.count) elements against \(b.count)" }
            for (index, (x, y)) in zip(a, b).enumerated() {
                if let difference = x.firstDifference(from: y, ignoring: ignoring, at: "\(path)[\(index)]") {
                    return difference
                }
            }
            return nil
        case let (.number(a), .number(b)):
            return abs(a - b) <= Self.tolerance * max(1, abs(a), abs(b)) ? nil : "\(path): \(a) against \(b)"
        default:
            return self == other ? nil : "\(path): \(self) against \(other)"
        }
    }
}
