import AppEvents

/// A touch as one recognizer has followed it: where it started and what the recognizer saw last.
struct TrackedTouch {
    let id: TouchID
    let type: TouchType
    /// Where the touch began (or where this recognizer first received it).
    let start: Point
    /// Location at the previous event this recognizer handled.
    var previous: Point
    var location: Point
    var phase: TouchPhase

    init(_ touch: Touch) {
        id = touch.id
        type = touch.type
        start = touch.location
        previous = touch.location
        location = touch.location
        phase = touch.phase
    }

    /// False once the touch ended or was cancelled (it stays listed until the event is processed).
    var isDown: Bool { phase != .ended && phase != .cancelled }

    /// Distance from where it began.
    var movement: Double { start.distance(to: location) }

    mutating func update(with touch: Touch) {
        previous = location
        location = touch.location
        phase = touch.phase
    }
}

/// The two touches a touch-driven pinch or rotation measures: the first two down, fixed once chosen.
struct TouchPair {
    // The segments are stored, not carried by `.tracking`: an enum payload of two segments was
    // copied twice per event (tools/cost).
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

    mutating func update(with touches: UnsafeBufferPointer<TrackedTouch>) -> Update {
        if ids == nil {
            // The first two down, found without building a list: this runs for every event
            // while only one touch is down.
            guard let first = touches.firstIndex(where: \.isDown),
                  let second = touches[(first + 1)...].firstIndex(where: \.isDown) else { return .waiting }
            ids = (touches[first].id, touches[second].id)
            initial = Segment(start: touches[first].location, end: touches[second].location)
        }
        guard let (a, b) = indices(in: touches) else { return .lost }
        current = Segment(start: touches[a].location, end: touches[b].location)
        return .tracking
    }

    /// Where the pair's touches lie in `touches` when both are there and down.
    func indices(in touches: UnsafeBufferPointer<TrackedTouch>) -> (first: Int, second: Int)? {
        guard let ids, let a = Self.index(of: ids.0, in: touches, at: 0), touches[a].isDown,
              let b = Self.index(of: ids.1, in: touches, at: 1), touches[b].isDown else { return nil }
        return (a, b)
    }

    /// Where `id` is in `touches`, looked for first at `likely`: the pair are usually the only
    /// touches, tracked in the order they formed.
    private static func index(of id: TouchID, in touches: UnsafeBufferPointer<TrackedTouch>, at likely: Int) -> Int? {
        likely < touches.count && touches[likely].id == id ? likely : touches.firstIndex { $0.id == id }
    }
}
