import Foundation
import AppEvents

/// `UIRotationGestureRecognizer`, continuous. Driven by two touches (compatibility mode's
/// simulated pair, or fingers) or by transform events (indirect input mode).
open class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Radians, clockwise positive. Touch-driven: how far the line between the two touches turned
    /// since the second came down (unwrapped, so it can exceed ±π). Transform-driven: the event's.
    /// ``velocity`` is radians per second.
    public var rotation: Double {
        withSurface { $0.catchUpSteadyInput() }
        return value
    }
    /// How far, radians, the touches or the transform must turn before the rotation begins. UIKit
    /// does not publish its value; 0.05 rad (about 3°) is TouchSynth's approximation. Both sources
    /// use it, so a pure pinch begins a rotation recognizer in neither mode.
    @exclusivity(unchecked) public var hysteresis = 0.05 {
        // A steady run's events are handed over under the old value, its check made with it.
        willSet { withSurface { $0.endSteadyInput() } }
    }

    /// A recognizer called `name` (default "rotation") with every option at its default.
    public init(name: String = GestureKind.rotation.rawValue) {
        super.init(kind: .rotation, name: name, sampling: .deferredWithinQuarterTurn, restingValue: 0)
    }

    override var currentValues: GestureValues { GestureValues(rotation: value) }

    override func actionBeforeBegin(_ current: Segment) -> SampleAction {
        let direction = current.direction
        guard direction != .zero else { return .skip }
        return SteadyCheck.isTurn(direction, from: measuredDirection ?? pair.initial.direction, within: deferredSlope) ? .defer : .measure
    }

    /// Deferred while the turn is surely under half of what is left of the hysteresis (atan(x) ≤ x,
    /// so |angle| ≤ |cross| / dot): the largest cross product per dot product deferred.
    private var deferredSlope: Double { (hysteresis - abs(measuredValue)) / 2 }

    override func steadyCheckBeforeBegin(first: Int, second: Int) -> SteadyCheck? {
        .pairTurn(first: first, second: second, reference: measuredDirection ?? pair.initial.direction, slope: deferredSlope)
    }

    override func measure(_ current: Segment) -> Bool {
        // Summing the steps keeps the angle continuous across atan2's ±π seam. A step is the
        // angle between the last segment measured and this one, in (-π, π]: one atan2 of their
        // cross and dot products, where the difference of two angles took two and a remainder
        // (5 % of compatibility mode, tools/cost).
        measuredValue += Self.angle(from: measuredDirection ?? pair.initial.direction, to: current.direction)
        return abs(measuredValue) > hysteresis
    }

    override func change(from: Segment, to: Segment) -> Double {
        Self.angle(from: from.direction, to: to.direction)
    }

    /// The angle that turns `a` onto `b`, in (-π, π], clockwise positive (y down).
    private static func angle(from a: Point, to b: Point) -> Double {
        atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
    }

    override var transformLimit: Double { hysteresis }
}
