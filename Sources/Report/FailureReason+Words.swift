import Foundation
import Gestures

extension FailureReason {
    /// The reason as compare and the testing kit say it: `a touch moved 31.2 pt, past the 10.0 pt
    /// it allows`.
    public var inWords: String {
        switch self {
        case .lostArbitration: "another recognizer won arbitration"
        case .buttons(let pressed, let required): "the press was \(pressed), where it takes \(required)"
        case .tooManyTouches(let count, let maximum): "\(Self.touches(count)), more than the \(maximum) it takes"
        case .tooFewTouches(let count, let required): "\(Self.touches(count)), where it needs \(required)"
        case .moved(let distance, let allowed):
            "a touch moved \(Self.points(distance)) pt, past the \(Self.points(allowed)) pt it allows"
        case .liftedTooSoon(let held, let needed):
            "the press lifted after \(Self.seconds(held)), short of the \(Self.seconds(needed)) it needs"
        case .liftedBeforeMoving(let moved, let needed):
            "the input lifted having moved \(Self.points(moved)) pt (the centroid of its touches), short of the "
                + "\(Self.points(needed)) pt "
                + "it needs to begin"
        case .clickOpensNothing: "a primary click, which opens no context menu"
        case .acrossItsAxis(let motion, let axis):
            "the input moved \(motion), more across its \(axis.rawValue) axis than along it"
        case .offDirection(let motion, let allowed):
            "the input moved \(motion), not near enough to " + allowed.names.joined(separator: " or ")
        case .tooSlow(let allowed): "the input was not made within \(Self.seconds(allowed)) of its first touch"
        case .nextTapLate(let taps, let required, let interval):
            "\(taps) of its \(required) taps came, and the next not within \(Self.seconds(interval))"
        case .endedBeforeMoving: "the input ended before it moved enough to begin"
        case .declined: "its condition to begin said no"
        case .cancelled: "the input it followed was cancelled"
        case .turnedAway: "a shouldReceive hook turned away the event that ended its input"
        }
    }

    private static func touches(_ count: Int) -> String { count == 1 ? "1 touch" : "\(count) touches" }

    private static func points(_ value: Double) -> String { fixed(value, decimals: 1) }

    private static func seconds(_ value: Double) -> String { fixed(value, decimals: 3) + "s" }

    /// `value` to `decimals` places, or in three figures where that would run to many digits (a
    /// description's `1e300`).
    private static func fixed(_ value: Double, decimals: Int) -> String {
        abs(value) < 1e7 ? String(format: "%.\(decimals)f", value) : String(format: "%.3g", value)
    }
}
