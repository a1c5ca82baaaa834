import Foundation
import IndirectInput

/// `UIRotationGestureRecognizer`, continuous. Driven by two touches (compatibility mode's
/// simulated pair, or fingers) or by transform events (indirect input mode).
open class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Radians, clockwise positive. Touch-driven: how far the line between the two touches turned
    /// since the second came down (unwrapped, so it can exceed ±π). Transform-driven: the event's.
    /// ``velocity`` is radians per second.
    @exclusivity(unchecked) public internal(set) var rotation = 0.0
    /// How far, radians, the touches or the transform must turn before the rotation begins. UIKit
    /// does not publish its value; 0.05 rad (about 3°) is TouchSynth's approximation. Both sources
    /// use it, so a pure pinch begins a rotation recognizer in neither mode.
    @exclusivity(unchecked) public var hysteresis = 0.05

    /// The pair's segment, end minus start, at the last measure.
    @exclusivity(unchecked) private var lastDirection: Point?

    /// A recognizer called `name` (default "rotation") with every option at its default.
    public init(name: String = GestureKind.rotation.rawValue) {
        super.init(kind: .rotation, name: name)
    }

    override var currentValues: GestureValues { GestureValues(rotation: rotation) }

    override func resetValue() { rotation = 0 }

    override func resetTracking() { lastDirection = nil }

    override func measure(initial: Segment, current: Segment) -> (value: Double, movedEnough: Bool)? {
        // Summing the steps keeps the angle continuous across atan2's ±π seam. A step is the
        // angle between the last segment and this one, in (-π, π]: one atan2 of their cross and
        // dot products, where the difference of two angles took two and a remainder (5 % of
        // compatibility mode, tools/cost).
        let direction = current.direction
        guard direction != .zero else { return nil }
        let last = lastDirection ?? initial.direction
        rotation += atan2(last.x * direction.y - last.y * direction.x, last.x * direction.x + last.y * direction.y)
        lastDirection = direction
        return (rotation, abs(rotation) > hysteresis)
    }

    override func measure(_ transform: TransformEvent) -> (value: Double, movedEnough: Bool) {
        rotation = transform.rotation
        return (rotation, abs(rotation) > hysteresis)
    }
}
