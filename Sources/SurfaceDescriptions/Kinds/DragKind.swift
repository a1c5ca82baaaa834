import Gestures

/// `drag`: ``DragInteraction``.
public struct DragKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        /// Points, finite and not negative.
        public var allowableMovement: Double?
        /// Seconds, finite and not negative.
        public var liftDelay: Double?
        /// Points, finite and not negative.
        public var dragThreshold: Double?

        public init() {}
    }

    public static let kind = GestureKind.drag

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        let drag = DragInteraction(name: name)
        drag.allowableMovement = try InvalidOption.nonNegative(
            options.allowableMovement ?? drag.allowableMovement, "allowableMovement")
        drag.liftDelay = try InvalidOption.nonNegative(options.liftDelay ?? drag.liftDelay, "liftDelay")
        drag.dragThreshold = try InvalidOption.nonNegative(options.dragThreshold ?? drag.dragThreshold, "dragThreshold")
        return drag
    }
}
