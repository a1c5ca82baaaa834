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
        let rowHeight = options.rowHeight ?? list.rowHeight
        guard rowHeight > 0, rowHeight.isFinite else {
            throw InvalidOption("rowHeight", must: "be a finite number over 0")
        }
        list.rowHeight = rowHeight
        return list
    }
}
