import Gestures

/// `rotation`: ``RotationGestureRecognizer``. No options of its own.
public struct RotationKind: RecognizerKind {
    public typealias Options = NoOptions

    public static let kind = GestureKind.rotation

    public static func make(named name: String, options: NoOptions) throws(InvalidOption) -> GestureRecognizer {
        RotationGestureRecognizer(name: name)
    }
}
