import Foundation
import IndirectInput

/// `UIRotationGestureRecognizer`, continuous. Driven by two touches (compatibility mode's
/// simulated pair, or fingers) or by transform events (indirect input mode).
open class RotationGestureRecognizer: GestureRecognizer {
    /// Radians, clockwise positive. Touch-driven: how far the line between the two touches turned
    /// since the second came down (unwrapped, so it can exceed ±π). Transform-driven: the event's.
    public internal(set) var rotation = 0.0
    /// Radians per second.
    public internal(set) var velocity = 0.0
    /// How far, radians, the touches or the transform must turn before the rotation begins. UIKit
    /// does not publish its value; 0.05 rad (about 3°) is TouchSynth's approximation. Both sources
    /// use it, so a pure pinch begins a rotation recognizer in neither mode.
    public var hysteresis = 0.05

    private var pair = TouchPair()
    private var lastAngle: Double?
    private var rate = RateTracker()

    /// A recognizer called `name` (default "rotation") with every option at its default.
    public init(name: String = GestureKind.rotation.rawValue) {
        super.init(kind: .rotation, name: name)
    }

    override func handles(_ event: AppEvent) -> Bool {
        event.type == .touches || event.type == .transform
    }

    override var currentValues: GestureValues { GestureValues(rotation: rotation) }

    override func prepareForNewGesture() {
        rotation = 0
        velocity = 0
        rate = RateTracker()
    }

    override func reset() {
        super.reset()
        pair = TouchPair()
        lastAngle = nil
    }

    override func touchesChanged(at time: Double) {
        switch pair.update(with: trackedTouches) {
        case .waiting:
            if !trackedTouches.contains(where: \.isDown) { transition(to: .failed, at: time) }
        case .lost:
            transition(to: isInProgress ? .ended : .failed, at: time)
        case .tracking(let initial, let current):
            // Summing wrapped steps keeps the angle continuous across atan2's ±π seam.
            rotation += remainder(current.angle - (lastAngle ?? initial.angle), 2 * .pi)
            lastAngle = current.angle
            velocity = rate.rate(of: rotation, at: time) ?? velocity
            if isInProgress {
                transition(to: .changed, at: time)
            } else if abs(rotation) > hysteresis {
                transition(to: .began, at: time)
            }
        }
    }

    override func transformChanged(_ transform: TransformEvent, at time: Double) {
        rotation = transform.rotation
        velocity = rate.rate(of: rotation, at: time) ?? velocity
        follow(transform.phase, at: time, movedEnough: abs(rotation) > hysteresis)
    }
}
