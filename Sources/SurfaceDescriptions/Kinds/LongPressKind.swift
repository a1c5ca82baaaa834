import Gestures

/// `longPress`: ``LongPressGestureRecognizer``.
public struct LongPressKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        /// At least 1.
        public var numberOfTouchesRequired: Int?
        /// Seconds, finite and not negative.
        public var minimumPressDuration: Double?
        /// Points, finite and not negative.
        public var allowableMovement: Double?

        public init() {}
    }

    public static let kind = GestureKind.longPress

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        let press = LongPressGestureRecognizer(name: name)
        press.numberOfTouchesRequired = try InvalidOption.positive(
            options.numberOfTouchesRequired ?? press.numberOfTouchesRequired, "numberOfTouchesRequired")
        press.minimumPressDuration = try InvalidOption.nonNegative(
            options.minimumPressDuration ?? press.minimumPressDuration, "minimumPressDuration")
        press.allowableMovement = try InvalidOption.nonNegative(
            options.allowableMovement ?? press.allowableMovement, "allowableMovement")
        return press
    }
}
