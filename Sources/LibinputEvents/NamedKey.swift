/// A JSON object's key by its name, for objects whose keys are data (a mode's name, a reason)
/// or read under more than one spelling.
public struct NamedKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
