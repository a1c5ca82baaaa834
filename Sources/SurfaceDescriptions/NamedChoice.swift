/// A value a description names with one of a few words. Decoded, a word that names none of them
/// is refused with the words that do, where the derived decoder would name the Swift type.
public protocol NamedChoice: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension NamedChoice {
    /// The case the text names; another word is refused with the names there are.
    public init(from decoder: any Decoder) throws {
        self = try decodeChoice(decoder.singleValueContainer())
    }
}

/// The case of `T` that the text in `container` names.
func decodeChoice<T: RawRepresentable & CaseIterable>(_ container: any SingleValueDecodingContainer) throws -> T
where T.RawValue == String {
    let name = try container.decode(String.self)
    guard let value = T(rawValue: name) else {
        let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        throw DecodingError.dataCorruptedError(
            in: container,
            debugDescription: "unknown value \"\(name)\"; one of \(names)")
    }
    return value
}
