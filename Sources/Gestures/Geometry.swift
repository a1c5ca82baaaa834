import AppEvents

/// The line from one touch to another: what pinch (its length) and rotation (its angle) measure.
struct Segment {
    let start: Point
    let end: Point

    var length: Double { start.distance(to: end) }
    /// End minus start.
    var direction: Point { end.subtracting(start) }
}

/// Rate of change of a value between the last two samples, as UIKit's `velocity` properties.
struct RateTracker {
    private var last: (value: Point, time: Double)?

    /// Per second since the previous sample; nil when no time has passed (the caller keeps its last rate).
    mutating func rate(of value: Point, at time: Double) -> Point? {
        defer { last = (value, time) }
        guard let last, time > last.time else { return nil }
        return value.subtracting(last.value).scaled(by: 1 / (time - last.time))
    }

    mutating func rate(of value: Double, at time: Double) -> Double? {
        rate(of: Point(x: value, y: 0), at: time)?.x
    }
}
