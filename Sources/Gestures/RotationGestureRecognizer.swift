import AppEvents
import Foundation

/// `UIRotationGestureRecognizer`, continuous. Driven by two touches (compatibility mode's
/// simulated pair, or fingers) or by transform events (indirect input mode).
open class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    /// Radians, clockwise positive. Touch-driven: how far the line between the two touches turned
    /// since the second came down (unwrapped, so it can exceed ±π). Transform-driven: the event's.
    /// ``velocity`` is radians per second.
    public var rotation: Double { value }
    /// How far, radians, the touches or the transform must turn before the rotation begins. UIKit
    /// does not publish its value; 0.05 rad (about 3°) is TouchSynth's approximation. Both sources
    /// use it, so a pure pinch begins a rotation recognizer in neither mode.
    public var hysteresis = 0.05

    /// A recognizer called `name` (default "rotation") with every option at its default.
    public init(name: String = GestureKind.rotation.rawValue) {
        super.init(kind: .rotation, name: name, restingValue: 0)
    }

    override open var currentValues: GestureValues { GestureValues(rotation: value) }

    override func canMeasure(_ current: Segment) -> Bool { current.direction != .zero }

    /// Sums the turn from the last segment measured: the angle stays continuous across atan2's
    /// ±π seam.
    override func measure(_ current: Segment) -> Bool {
        value += Self.angle(from: measuredDirection ?? pair.initial.direction, to: current.direction)
        return abs(value) > hysteresis
    }

    override func change(from: Segment, to: Segment) -> Double {
        Self.angle(from: from.direction, to: to.direction)
    }

    override func value(of transform: TransformEvent) -> Double { transform.rotation }

    override var transformLimit: Double { hysteresis }

    /// The angle that turns `a` onto `b`, in (-π, π], clockwise positive (y down).
    private static func angle(from a: Point, to b: Point) -> Double {
        atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
    }
}
