import Gestures

/// `pinch`: ``PinchGestureRecognizer``. No options of its own.
public struct PinchKind: RecognizerKind {
    public typealias Options = NoOptions

    public static let kind = GestureKind.pinch

    public static func make(named name: String, options: NoOptions) throws(InvalidOption) -> GestureRecognizer {
        PinchGestureRecognizer(name: name)
    }
}
