import Gestures

extension GestureValues.Entry {
    /// The key its final value has in JSON: `final` and the name, `finalScale`.
    public var key: String { "final" + name.prefix(1).uppercased() + name.dropFirst() }
}

extension GestureValue: Encodable {
    /// Its JSON form: a number (a scale; an angle in radians), `Point`'s form, or the row numbers.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .scale(let v), .angle(let v): try c.encode(v)
        case .vector(let p): try c.encode(p)
        case .rows(let rows): try c.encode(Array(rows))
        }
    }
}
