import Gestures
import SurfaceDescriptions

/// The swipe back as a kind surface descriptions can name, `swipeBack`, once registered with
/// `RecognizerKinds.register(SwipeBackKind.self)`:
///
/// ```yaml
/// recognizers: [{kind: swipeBack, distance: 120}]
/// ```
public struct SwipeBackKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        /// Points to the right that count as a swipe back, 0 or more. Default 100.
        public var distance: Double?

        public init() {}
    }

    public static let kind = GestureKind("swipeBack")

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        let swipe = SwipeBack(name: name)
        swipe.distance = try InvalidOption.nonNegative(options.distance ?? swipe.distance, "distance")
        return swipe
    }
}
