import AppEvents

/// A touch as one recognizer has followed it: where it started and what the recognizer saw last.
public struct TrackedTouch: Equatable, Sendable {
    public let id: TouchID
    public let type: TouchType
    /// One of compatibility mode's two touches for a trackpad pinch or rotation.
    public let isSimulated: Bool
    /// The pointer's click or drag, in either mode (``AppEvents/Touch/isPointer``).
    public let isPointer: Bool
    /// Where the touch began (or where this recognizer first received it).
    public let start: Point
    /// Seconds: when the touch began (or when this recognizer first received it).
    public let startTime: Double
    /// Location at the previous event this recognizer handled.
    public internal(set) var previous: Point
    public internal(set) var location: Point
    public internal(set) var phase: TouchPhase

    init(_ touch: Touch, at time: Double) {
        id = touch.id
        type = touch.type
        isSimulated = touch.isSimulated
        isPointer = touch.isPointer
        start = touch.location
        startTime = time
        previous = touch.location
        location = touch.location
        phase = touch.phase
    }

    /// False once the touch ended or was cancelled (it stays listed until the event is processed).
    public var isDown: Bool { phase != .ended && phase != .cancelled }

    /// Distance from where it began.
    public var movement: Double { start.distance(to: location) }

    mutating func update(with touch: Touch) {
        previous = location
        location = touch.location
        phase = touch.phase
    }
}

/// The two touches a touch-driven pinch or rotation measures: the first two down, fixed once chosen.
struct TouchPair {
    enum Update {
        /// Fewer than two touches have been down.
        case waiting
        /// One of the pair lifted or was cancelled.
        case lost
        /// Both are down: ``initial`` and ``current`` hold the pair's segments.
        case tracking
    }

    private var ids: (TouchID, TouchID)?
    /// The pair's segment when it formed.
    private(set) var initial = Segment(start: .zero, end: .zero)
    /// The pair's segment at the last update that returned `.tracking`.
    private(set) var current = Segment(start: .zero, end: .zero)

    mutating func update(with touches: [TrackedTouch]) -> Update {
        if ids == nil {
            guard let first = touches.firstIndex(where: \.isDown),
                let second = touches[(first + 1)...].firstIndex(where: \.isDown)
            else { return .waiting }
            ids = (touches[first].id, touches[second].id)
            initial = Segment(start: touches[first].location, end: touches[second].location)
        }
        guard let (a, b) = indices(in: touches) else { return .lost }
        current = Segment(start: touches[a].location, end: touches[b].location)
        return .tracking
    }

    /// Where the pair's touches lie in `touches` when both are there and down.
    private func indices(in touches: [TrackedTouch]) -> (first: Int, second: Int)? {
        guard let ids, let a = touches.firstIndex(where: { $0.id == ids.0 }), touches[a].isDown,
            let b = touches.firstIndex(where: { $0.id == ids.1 }), touches[b].isDown
        else { return nil }
        return (a, b)
    }
}
