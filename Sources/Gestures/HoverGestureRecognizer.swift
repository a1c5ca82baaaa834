import AppEvents

/// `UIHoverGestureRecognizer`, continuous, driven by hover events: began when the pointer enters
/// its region, changed as it moves there, ended when it leaves (moves out, goes under a region
/// on top) or is hidden (locked, its last device removed). Unlike the window-level
/// `regionEntered`/`regionExited` phases, these states are about the recognizer's own region.
open class HoverGestureRecognizer: GestureRecognizer {
    /// A recognizer called `name` (default "hover").
    public init(name: String = GestureKind.hover.rawValue) {
        super.init(kind: .hover, name: name, inputs: [.hover])
    }

    override open func hoverChanged(isInside: Bool, with event: AppEvent) {
        switch (isInProgress, isInside) {
        case (false, true): transition(to: .began)
        case (true, true): transition(to: .changed)
        case (true, false): transition(to: .ended)
        case (false, false): break
        }
    }
}
