import AppEvents

/// A recognizer's touch bookkeeping as one value: the touches it follows, and what it counted at
/// the last event it handled (what ``GestureRecognizer/location``,
/// ``GestureRecognizer/numberOfTouches`` and ``GestureRecognizer/location(ofTouch:)`` report).
struct TouchBookkeeping {
    /// Touches followed, in the order they began; those that ended are dropped after the event
    /// that ended them.
    private(set) var tracked: [TrackedTouch] = []
    /// Locations of the touches counted at the last handled event, ending ones included; none
    /// for transform and scroll events, one for a hover inside the region.
    private(set) var counted: [Point] = []
    /// Centroid of the touches counted, or the location of the transform, scroll or hover event
    /// handled last.
    private(set) var location = Point.zero

    /// Whether `touch` is new, or one already followed; others were refused or began elsewhere.
    func isRelevant(_ touch: Touch) -> Bool {
        (touch.phase == .began) != tracked.contains { $0.id == touch.id }
    }

    /// Follows new touches and moves known ones, of an event at `time`, without counting them
    /// (the recognizer does not process them).
    mutating func track(_ touches: [Touch], at time: Double) {
        for touch in touches {
            if let index = tracked.firstIndex(where: { $0.id == touch.id }) {
                tracked[index].update(with: touch)
            } else {
                tracked.append(TrackedTouch(touch, at: time))
            }
        }
    }

    /// Follows `touches` and counts every touch followed, for an event at `time` the recognizer handles.
    mutating func handle(_ touches: [Touch], at time: Double) {
        track(touches, at: time)
        if counted.count == tracked.count {
            for index in tracked.indices { counted[index] = tracked[index].location }
        } else {
            counted.removeAll(keepingCapacity: true)
            for touch in tracked { counted.append(touch.location) }
        }
        location = counted.reduce(Point.zero) { $0.adding($1) }.scaled(by: 1 / Double(counted.count))
    }

    /// Counts no touch, the event's location standing for them: a transform or scroll event.
    mutating func count(eventAt location: Point) {
        counted.removeAll(keepingCapacity: true)
        self.location = location
    }

    /// Counts the pointer's one location while it hovers over the region, none once it left.
    mutating func count(hoverAt location: Point, isInside: Bool) {
        counted.removeAll(keepingCapacity: true)
        if isInside { counted.append(location) }
        self.location = location
    }

    /// Forgets what was counted, as a reset does; the location stays.
    mutating func forgetCount() {
        counted.removeAll(keepingCapacity: true)
    }

    /// Stops following the touches that `touches` end or cancel; true when it followed some
    /// and now follows none.
    mutating func stopFollowing(endedIn touches: [Touch]) -> Bool {
        let wasFollowing = !tracked.isEmpty
        tracked.removeAll { tracked in
            touches.contains { $0.id == tracked.id && $0.phase.isFinal }
        }
        return wasFollowing && tracked.isEmpty
    }

    /// Drops the touches that ended or were cancelled; true when none is left.
    mutating func dropLifted() -> Bool {
        tracked.removeAll { !$0.isDown }
        return tracked.isEmpty
    }
}
