import Gestures

/// `hover`: ``HoverGestureRecognizer``. No options of its own.
public struct HoverKind: RecognizerKind {
    public typealias Options = NoOptions

    public static let kind = GestureKind.hover

    public static func make(named name: String, options: NoOptions) throws(InvalidOption) -> GestureRecognizer {
        HoverGestureRecognizer(name: name)
    }
}
