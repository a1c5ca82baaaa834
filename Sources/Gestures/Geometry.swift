import Foundation
import AppEvents

/// An axis-aligned rectangle in screen points (origin top-left, y down), like `CGRect`.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Extent to the right of `x`.
    public var width: Double
    /// Extent below `y`.
    public var height: Double

    /// The rectangle with top-left corner (`x`, `y`) and the given size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Half-open on the far edges, as `CGRect.contains`, so adjacent regions never both claim a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }

    /// `[x, y, width, height]`, the form a ``RegionDescription`` frame takes.
    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

extension Point {
    func adding(_ other: Point) -> Point { Point(x: x + other.x, y: y + other.y) }
    func subtracting(_ other: Point) -> Point { Point(x: x - other.x, y: y - other.y) }
    func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }
    var magnitude: Double { (x * x + y * y).squareRoot() }
}

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
