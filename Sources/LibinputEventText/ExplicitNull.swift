/// An optional written as `null` when it is nil, where `Encodable` would leave its key out: one
/// side of a comparison that has nothing there (`diff`'s `difference`, `parting`,
/// `firstDifference`), so that a reader finds the key on every line and sees which side is empty.
@propertyWrapper
public struct ExplicitNull<Value: Encodable>: Encodable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension ExplicitNull: Equatable where Value: Equatable {}
extension ExplicitNull: Sendable where Value: Sendable {}
