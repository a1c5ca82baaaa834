import AppEvents

/// What a recognizer followed when it began, was recognized or failed: the touches, told apart as
/// a comparison of the two modes needs them, or where the transform, scroll or hover event it
/// followed instead was.
public struct ActivationInput: Equatable, Sendable {
    /// Seconds, on the events' clock: when it activated (or failed).
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
    /// Where the transform, scroll or hover event it followed instead of touches was (the
    /// pointer's location, which chose its region); nil when it followed touches.
    public var eventLocation: Point?
    /// Why it failed, for a failure whose recognizer said (``GestureRecognizer/fail(_:)``); nil
    /// for an activation.
    public var failure: FailureReason?

    /// An activation at `time` that followed `touches`, of which `simulatedTouches` were
    /// compatibility mode's simulated pair and `pointerTouches` a pointer's, come down at `starts`;
    /// or, with no touches, an event at `eventLocation`; a failure for `failure`.
    public init(
        time: Double, touches: Int, simulatedTouches: Int = 0, pointerTouches: Int = 0, starts: [Point] = [],
        eventLocation: Point? = nil, failure: FailureReason? = nil
    ) {
        self.time = time
        self.touches = touches
        self.simulatedTouches = simulatedTouches
        self.pointerTouches = pointerTouches
        self.starts = starts
        self.eventLocation = eventLocation
        self.failure = failure
    }

    /// What `followed` holds at `time`, or, where it follows an event instead, that event's
    /// `eventLocation`; with the `failure`'s reason for a failure.
    public init(time: Double, followed: [TrackedTouch], eventLocation: Point? = nil, failure: FailureReason? = nil) {
        self.init(
            time: time, touches: followed.count, simulatedTouches: followed.reduce(0) { $0 + ($1.isSimulated ? 1 : 0) },
            pointerTouches: followed.reduce(0) { $0 + ($1.isPointer ? 1 : 0) }, starts: followed.map(\.start),
            eventLocation: eventLocation, failure: failure)
    }
}
