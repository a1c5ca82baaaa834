import Gestures

/// `rotation`: ``RotationGestureRecognizer``. No options of its own.
public struct RotationKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        public init() {}
    }

    public static let kind = GestureKind.rotation

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        RotationGestureRecognizer(name: name)
    }
}
