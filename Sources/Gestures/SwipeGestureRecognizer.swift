import AppEvents
import Foundation

/// `UISwipeGestureRecognizer.Direction`: the ways a swipe may go.
public struct SwipeDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// UIKit's bits: right 1, left 2, up 4, down 8.
    public let rawValue: Int
    /// The directions with these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Towards larger x on the screen.
    public static let right = SwipeDirection(rawValue: 1 << 0)
    /// Towards smaller x.
    public static let left = SwipeDirection(rawValue: 1 << 1)
    /// Towards the top of the screen, smaller y.
    public static let up = SwipeDirection(rawValue: 1 << 2)
    /// Towards the bottom, larger y.
    public static let down = SwipeDirection(rawValue: 1 << 3)

    /// Each direction with its name and its way on the screen (y grows downwards).
    static let named: [(direction: SwipeDirection, name: String, way: Point)] = [
        (.right, "right", Point(x: 1, y: 0)), (.left, "left", Point(x: -1, y: 0)),
        (.up, "up", Point(x: 0, y: -1)), (.down, "down", Point(x: 0, y: 1)),
    ]

    /// Its directions' names, in UIKit's order: right, left, up, down.
    public var names: [String] { Self.named.filter { contains($0.direction) }.map(\.name) }

    /// "right", "left|up": its directions' names.
    public var description: String { names.joined(separator: "|") }

    /// Whether `motion` goes one of these ways within `degrees`.
    func holds(_ motion: Point, within degrees: Double) -> Bool {
        let length = motion.distance(to: .zero)
        guard length > 0 else { return false }
        let cosine = cos(degrees * .pi / 180)
        return Self.named.contains {
            contains($0.direction) && (motion.x * $0.way.x + motion.y * $0.way.y) / length >= cosine
        }
    }
}

/// `UISwipeGestureRecognizer`, discrete: recognized as soon as the required touches have moved
/// together far enough one of the allowed ways, by the event that lifts them at the latest.
///
/// Apple documents that a swipe is recognized once the touches "moved mostly in an allowable
/// direction far enough", and that a slow swipe needs more precision and less distance than a
/// fast one (https://developer.apple.com/documentation/uikit/uiswipegesturerecognizer). The
/// figures are not published: TouchSynth's approximation judges the touches' average motion once
/// it reaches ``minimumDistance``, against ``maximumAngle``, within ``maximumDuration`` of the
/// first touch coming down, with one precision at every speed. Pointer touches swipe too (a
/// click-and-drag flick), and so do compatibility mode's simulated pinch touches when the pinch
/// drifts: a two-touch swipe set off by accident.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// UIKit's default: `.right`.
    public var direction: SwipeDirection = .right
    /// Default 1.
    public var numberOfTouchesRequired = 1
    /// How far, points, the touches' average motion must go. TouchSynth's approximation: 50.
    public var minimumDistance = 50.0
    /// How far, degrees, that motion may turn from an allowed direction. TouchSynth's
    /// approximation: 30.
    public var maximumAngle = 30.0
    /// Seconds from the first touch down within which the swipe must be made. TouchSynth's
    /// approximation: 0.5.
    public var maximumDuration = 0.5

    private var mostTouches = 0

    /// A recognizer called `name` (default "swipe") with every option at its default.
    public init(name: String = GestureKind.swipe.rawValue) {
        super.init(kind: .swipe, name: name, inputs: [.touches])
    }

    /// Not swiped in time.
    override open func timerFired(at time: Double) {
        fail(.tooSlow(allowed: maximumDuration))
    }

    override open func reset() {
        super.reset()
        mostTouches = 0
    }

    override open func touchesChanged(_ touches: [Touch], with event: AppEvent) {
        if mostTouches == 0, let first = trackedTouches.map(\.startTime).min() {
            armTimer(at: first + maximumDuration)
        }
        mostTouches = max(mostTouches, trackedTouches.count)
        if mostTouches > numberOfTouchesRequired {
            fail(.tooManyTouches(count: mostTouches, maximum: numberOfTouchesRequired))
            return
        }
        let motion = trackedTouches.reduce(Point.zero) { $0.adding($1.location.subtracting($1.start)) }
            .scaled(by: 1 / Double(max(trackedTouches.count, 1)))
        let moved = motion.distance(to: .zero)
        // A flick's last move may come with its lift: the move is judged first, once there is one.
        if mostTouches == numberOfTouchesRequired, moved >= minimumDistance, moved > 0 {
            if direction.holds(motion, within: maximumAngle) {
                transition(to: .recognized)
            } else {
                fail(.offDirection(motion: motion, allowed: direction))
            }
        } else if !trackedTouches.allSatisfy(\.isDown) {
            fail(
                mostTouches < numberOfTouchesRequired
                    ? .tooFewTouches(count: mostTouches, required: numberOfTouchesRequired)
                    : .liftedBeforeMoving(moved: moved, needed: minimumDistance))
        }
    }
}
