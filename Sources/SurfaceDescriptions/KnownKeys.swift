import LibinputEvents

/// Refuses a mapping of a description with a key that `Keys` does not list: a misspelt key
/// (`simultanous`) would otherwise be passed over, and the surface built without what it meant.
/// `what` names the mapping (`a region`); the error's place is the key, for its line.
func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(
    _ decoder: any Decoder, _: Keys.Type, of what: String
) throws {
    let known = Keys.allCases.map(\.stringValue)
    let container = try decoder.container(keyedBy: NamedKey.self)
    // Sorted, so that of several the same one is said every time.
    guard
        let unknown = container.allKeys.filter({ !known.contains($0.stringValue) }).min(by: {
            $0.stringValue < $1.stringValue
        })
    else { return }
    throw DecodingError.dataCorrupted(
        DecodingError.Context(
            codingPath: decoder.codingPath + [unknown],
            debugDescription: "\(what) has no key \(unknown.stringValue); its keys are \(known.joined(separator: ", "))"
        ))
}
