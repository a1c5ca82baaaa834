import AppEvents

/// How a context menu opened or a drag began: the input, the touch, and how long after its touch-down.
public struct InteractionStart: Codable, Equatable, Sendable {
    /// What opened the menu or began the drag.
    public enum Input: String, Codable, Sendable {
        /// A touch-down with the secondary button: a right click, or a two-finger click or tap,
        /// which libinput reports as the right button.
        case secondaryClick
        /// A primary click with control held, counted as a secondary click.
        case controlClick
        /// A finger, or a pinch's simulated touch, held still long enough.
        case longPress
        /// A pointer pressed with the primary button and moved far enough.
        case clickAndDrag
    }

    /// What started it.
    public var input: Input
    /// Seconds, when the menu opened or the drag began.
    public var time: Double
    /// The starting touch's type: `indirectPointer` for indirect mode's pointer, else `direct`.
    public var touchType: TouchType
    /// One of compatibility mode's two touches for a trackpad pinch or rotation.
    public var isSimulated: Bool
    /// Where the touch was when it was started (arbitration may hold the start until later).
    public var location: Point
    /// Seconds from the touch's touch-down (when the recognizer first saw it, which the surface
    /// makes its touch-down) to ``time``.
    public var liftDelay: Double

    /// A start by `input` at `time`, of a touch of `touchType` at `location`, `liftDelay` after its touch-down.
    public init(input: Input, time: Double, touchType: TouchType, isSimulated: Bool, location: Point, liftDelay: Double)
    {
        self.input = input
        self.time = time
        self.touchType = touchType
        self.isSimulated = isSimulated
        self.location = location
        self.liftDelay = liftDelay
    }
}
