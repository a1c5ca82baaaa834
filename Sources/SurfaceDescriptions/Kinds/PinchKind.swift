import Gestures

/// `pinch`: ``PinchGestureRecognizer``. No options of its own.
public struct PinchKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        public init() {}
    }

    public static let kind = GestureKind.pinch

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        PinchGestureRecognizer(name: name)
    }
}
