import Gestures

/// `hover`: ``HoverGestureRecognizer``. No options of its own.
public struct HoverKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        public init() {}
    }

    public static let kind = GestureKind.hover

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        HoverGestureRecognizer(name: name)
    }
}
