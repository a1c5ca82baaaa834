import Foundation
import IndirectInput

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
struct RateTracker<Value: RateMeasurable> {
    // Plain fields rather than an optional tuple, and no detour through a point for a number:
    // this runs at every update of every continuous gesture (tools/cost).
    private var lastValue = Value.zero
    private var lastTime = 0.0
    private var hasSample = false

    /// Per second since the previous sample; `current` (the caller's last rate) when there was
    /// none or no time has passed.
    mutating func rate(of value: Value, at time: Double, otherwise current: Value) -> Value {
        defer {
            lastValue = value
            lastTime = time
            hasSample = true
        }
        guard hasSample && time > lastTime else { return current }
        return (value - lastValue).scaled(by: 1 / (time - lastTime))
    }
}

/// What ``RateTracker`` measures: a number or a point.
protocol RateMeasurable {
    static var zero: Self { get }
    static func - (lhs: Self, rhs: Self) -> Self
    func scaled(by factor: Double) -> Self
}

extension Double: RateMeasurable {
    func scaled(by factor: Double) -> Double { self * factor }
}

extension Point: RateMeasurable {
    static func - (lhs: Point, rhs: Point) -> Point { lhs.subtracting(rhs) }
}
