extension StringProtocol {
    /// The text without the spaces and tabs at either end, as `trimmingCharacters(in: .whitespaces)`
    /// gives it, but without Foundation's trip through `NSString`, which cost more than reading
    /// the rest of a log's event line.
    var trimmedOfWhitespace: String {
        // Scalar indices, not characters: a character may join a blank to what precedes it.
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isBlank }),
            let last = scalars.lastIndex(where: { !$0.isBlank })
        else { return "" }
        return String(self[first..<scalars.index(after: last)])
    }
}

extension Unicode.Scalar {
    /// A tab, a space separator or the zero-width space: what `CharacterSet.whitespaces` holds in
    /// swift-corelibs-foundation.
    fileprivate var isBlank: Bool {
        self == " " || self == "\t"
            || (value > 0x7F && (properties.generalCategory == .spaceSeparator || value == 0x200B))
    }
}
