import Gestures

/// `swipe`: ``SwipeGestureRecognizer``.
public struct SwipeKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        /// The ways it may go, at least one; absent, `right` alone, as UIKit.
        public var direction: [Direction]?
        /// At least 1.
        public var numberOfTouchesRequired: Int?
        /// Points, finite and not negative.
        public var minimumDistance: Double?
        /// Degrees, from 0 to 90.
        public var maximumAngle: Double?
        /// Seconds, finite and not negative.
        public var maximumDuration: Double?

        public init() {}
    }

    /// A way a swipe goes, as ``Gestures/SwipeDirection`` names it.
    public enum Direction: String, Codable, Sendable, NamedChoice {
        case right, left, up, down

        var swipeDirection: SwipeDirection {
            switch self {
            case .right: .right
            case .left: .left
            case .up: .up
            case .down: .down
            }
        }
    }

    public static let kind = GestureKind.swipe

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        let swipe = SwipeGestureRecognizer(name: name)
        if let ways = options.direction {
            guard !ways.isEmpty else {
                throw InvalidOption(
                    "direction",
                    must: "name at least one of " + Direction.allCases.map(\.rawValue).joined(separator: ", "))
            }
            swipe.direction = ways.reduce(into: SwipeDirection()) { $0.insert($1.swipeDirection) }
        }
        swipe.numberOfTouchesRequired = try InvalidOption.positive(
            options.numberOfTouchesRequired ?? swipe.numberOfTouchesRequired, "numberOfTouchesRequired")
        swipe.minimumDistance = try InvalidOption.nonNegative(
            options.minimumDistance ?? swipe.minimumDistance, "minimumDistance")
        let angle = options.maximumAngle ?? swipe.maximumAngle
        guard (0...90).contains(angle) else { throw InvalidOption("maximumAngle", must: "be from 0 to 90") }
        swipe.maximumAngle = angle + 0
        swipe.maximumDuration = try InvalidOption.nonNegative(
            options.maximumDuration ?? swipe.maximumDuration, "maximumDuration")
        return swipe
    }
}
