/// A point in the virtual screen's coordinate space (points, origin top-left, y down), like
/// `CGPoint`; also a vector between two points.
public struct Point: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Straight-line distance in points.
    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }

    /// This point moved by `other`.
    public func adding(_ other: Point) -> Point { Point(x: x + other.x, y: y + other.y) }

    /// The vector from `other` to this point.
    public func subtracting(_ other: Point) -> Point { Point(x: x - other.x, y: y - other.y) }

    /// Both coordinates times `factor`.
    public func scaled(by factor: Double) -> Point { Point(x: x * factor, y: y * factor) }

    /// Length, as a vector.
    public var magnitude: Double { (x * x + y * y).squareRoot() }

    public var description: String { "(\(x.rounded2), \(y.rounded2))" }
}

/// A size in points, like `CGSize`.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// 1440 × 900 points: a 13-inch laptop screen, the size a Mac Catalyst window often has.
    public static let defaultScreen = Size(width: 1440, height: 900)

    /// A size written `WIDTHxHEIGHT` (`1440x900`), each side from 1 to 100,000 points: any real
    /// screen, and far from arithmetic limits.
    public init?(dimensions: String) {
        let parts = dimensions.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), (1...100_000).contains(w),
            (1...100_000).contains(h)
        else { return nil }
        self.init(width: w, height: h)
    }

    /// The size as ``init(dimensions:)`` reads it: `1440x900`, whole sides without decimals.
    public var dimensions: String {
        func side(_ v: Double) -> String { abs(v) < 1e15 && v == v.rounded() ? String(Int(v)) : String(v) }
        return "\(side(width))x\(side(height))"
    }
}

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

    /// The rectangle of `size` at the origin: a whole screen.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The rectangle `[x, y, width, height]`, the form a surface description's frame takes, where it
    /// is one something can lie in: four finite values and no negative size; nil otherwise.
    public init?(frame values: [Double]) {
        guard values.count == 4, values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0 else { return nil }
        self.init(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// Whether this is a rectangle something can lie in, as ``init(frame:)`` takes one.
    public var isFrame: Bool { Rect(frame: [x, y, width, height]) != nil }

    /// Half-open on the far edges, as `CGRect.contains`, so adjacent rectangles never both claim a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }

    /// The largest coordinates the rectangle holds, its far edges excluded (``nearest(to:)`` of a
    /// point past its bottom-right corner): where the pointer stops at a screen's right and bottom.
    public var lastPoint: Point { nearest(to: Point(x: .infinity, y: .infinity)) }

    /// The point of the rectangle nearest `point`: `point` itself when it lies in it, else
    /// clamped to its edges, the far ones excluded as ``contains(_:)`` excludes them; of one with
    /// no width (or height), its left (or top) edge, which is all there is of it.
    public func nearest(to point: Point) -> Point {
        func clamp(_ v: Double, _ low: Double, _ length: Double) -> Double {
            max(min(v, (low + length).nextDown), low)
        }
        return Point(x: clamp(point.x, x, width), y: clamp(point.y, y, height))
    }

    /// Whether `other` lies wholly within this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// `[x, y, width, height]`, the form a surface description's frame takes.
    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

extension Double {
    /// At most two decimals, without a trailing ".0": how points print in tables.
    var rounded2: String {
        // The scaling and Int hold moderate values only: larger ones, infinities and NaN print
        // as they are (Int(v) traps on them).
        guard abs(self) < 1e15 else { return String(self) }
        let v = (self * 100).rounded() / 100
        return v == v.rounded() ? String(Int(v)) : String(v)
    }

    /// Zero for infinities and NaN: how the translator takes a non-finite delta.
    var finiteOrZero: Double { isFinite ? self : 0 }
}
