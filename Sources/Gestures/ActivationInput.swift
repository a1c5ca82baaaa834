import AppEvents

/// What a recognizer followed when it began or was recognized: the touches, told apart as a
/// comparison of the two modes needs them. None for transform, scroll or hover input.
public struct ActivationInput: Equatable, Sendable {
    /// Seconds, on the events' clock: the activation's time.
    public var time: Double
    /// The touches it followed.
    public var touches: Int
    /// Those that were compatibility mode's simulated pair for a pinch or rotation.
    public var simulatedTouches: Int
    /// Those a pointer's click or drag made (``AppEvents/Touch/isPointer``).
    public var pointerTouches: Int
    /// Where each touch it followed came down (or first reached it), in screen points: where an
    /// accident happened.
    public var starts: [Point]

    /// An activation at `time` that followed `touches`, of which `simulatedTouches` were
    /// compatibility mode's simulated pair and `pointerTouches` a pointer's, come down at `starts`.
    public init(time: Double, touches: Int, simulatedTouches: Int = 0, pointerTouches: Int = 0, starts: [Point] = []) {
        self.time = time
        self.touches = touches
        self.simulatedTouches = simulatedTouches
        self.pointerTouches = pointerTouches
        self.starts = starts
    }

    /// What `followed` holds at `time`.
    public init(time: Double, followed: [TrackedTouch]) {
        self.time = time
        touches = followed.count
        simulatedTouches = followed.reduce(0) { $0 + ($1.isSimulated ? 1 : 0) }
        pointerTouches = followed.reduce(0) { $0 + ($1.isPointer ? 1 : 0) }
        starts = followed.map(\.start)
    }
}
