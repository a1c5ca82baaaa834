import Gestures

/// `contextMenu`: ``ContextMenuInteraction``.
public struct ContextMenuKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        /// Seconds, finite and not negative.
        public var minimumPressDuration: Double?
        /// Points, finite and not negative.
        public var allowableMovement: Double?
        public var treatsControlClickAsSecondary: Bool?

        public init() {}
    }

    public static let kind = GestureKind.contextMenu

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        let menu = ContextMenuInteraction(name: name)
        menu.minimumPressDuration = try InvalidOption.nonNegative(
            options.minimumPressDuration ?? menu.minimumPressDuration, "minimumPressDuration")
        menu.allowableMovement = try InvalidOption.nonNegative(
            options.allowableMovement ?? menu.allowableMovement, "allowableMovement")
        menu.treatsControlClickAsSecondary = options.treatsControlClickAsSecondary ?? menu.treatsControlClickAsSecondary
        return menu
    }
}
