import AppEvents

/// The line from one touch to another: what pinch (its length) and rotation (its angle) measure.
struct Segment {
    let start: Point
    let end: Point

    var length: Double { start.distance(to: end) }
    /// End minus start.
    var direction: Point { end.subtracting(start) }
}

/// Rate of change between the last two samples, as UIKit's `velocity` properties: of a point, a
/// number, or anything whose change between two samples can be measured (a pair's segment).
struct RateTracker<Sample> {
    private var last: (sample: Sample, time: Double)?

    /// `change` per second since the previous sample; nil when no time has passed (the caller
    /// keeps its last rate) or there is none.
    mutating func rate<Change>(
        of sample: Sample, at time: Double, change: (Sample, Sample) -> Change, scaled: (Change, Double) -> Change
    ) -> Change? {
        defer { last = (sample, time) }
        guard let last, time > last.time else { return nil }
        return scaled(change(last.sample, sample), 1 / (time - last.time))
    }
}

extension RateTracker where Sample == Point {
    mutating func rate(of value: Point, at time: Double) -> Point? {
        rate(of: value, at: time, change: { $1.subtracting($0) }, scaled: { $0.scaled(by: $1) })
    }
}

extension RateTracker where Sample == Double {
    mutating func rate(of value: Double, at time: Double) -> Double? {
        rate(of: value, at: time, change: { $1 - $0 }, scaled: { $0 * $1 })
    }
}
