import Gestures

/// `multiSelect`: ``MultipleSelectionInteraction``, a list's two-finger pan into multiple selection.
public struct MultiSelectKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        /// The list's opt-in; false, it never begins. Default true.
        public var shouldBeginMultipleSelectionInteraction: Bool?
        /// Points, above 0. Default 44.
        public var rowHeight: Double?

        public init() {}
    }

    public static let kind = GestureKind.multiSelect

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        let list = MultipleSelectionInteraction(name: name)
        list.shouldBeginMultipleSelectionInteraction = options.shouldBeginMultipleSelectionInteraction ?? true
        list.rowHeight = try InvalidOption.nonNegative(options.rowHeight ?? list.rowHeight, "rowHeight")
        guard list.rowHeight > 0 else { throw InvalidOption("rowHeight", must: "be more than 0") }
        return list
    }
}
