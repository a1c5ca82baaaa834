import AppEvents

/// `UIHoverGestureRecognizer`, continuous, driven by hover events: began when the pointer enters
/// its region, changed as it moves there, ended when it leaves (moves out, goes under a region
/// on top, or leaves the window). Unlike the window-level `regionEntered`/`regionExited` phases,
/// these states are about the recognizer's own region.
open class HoverGestureRecognizer: GestureRecognizer {
    /// A recognizer called `name` (default "hover").
    public init(name: String = GestureKind.hover.rawValue) {
        super.init(kind: .hover, name: name)
    }

    override var inputs: [InputSource] { [.hover] }

    override func hoverChanged(isInside: Bool, at time: Double) {
        switch (isInProgress, isInside) {
        case (false, true): transition(to: .began, at: time)
        case (true, true): transition(to: .changed, at: time)
        case (true, false): transition(to: .ended, at: time)
        case (false, false): break
        }
    }
}
