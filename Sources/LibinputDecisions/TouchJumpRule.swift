import Recordings

/// libinput's test for a touch jump (`tp_detect_jumps`, src/evdev-mt-touchpad.c, the same in
/// 1.22.1 to 1.31.3): a move scaled to a 12 ms frame is a jump past 20 mm, or 7 mm longer than
/// the touch's last scaled move; moves over a gap past 30 ms are not weighed.
public enum TouchJumpRule {
    /// The frame interval libinput's thresholds were measured at, µs.
    public static let referenceInterval = 12_000.0
    /// A move longer than this at the reference interval is a jump, mm.
    public static let absoluteLimit = 20.0
    /// A move this much longer than the touch's last, at the reference interval, is a jump, mm.
    public static let relativeLimit = 7.0
    /// How many jumps libinput's log tells a day: past them it discards jumps unsaid
    /// (`ratelimit_init(&tp->jump.warning, …24 hours, 5)`).
    public static let loggedPerDay = 5
    /// The longest gap between frames whose move is weighed, µs.
    public static let longestInterval = 2.5 * referenceInterval

    /// `distance` mm over `interval` µs at the reference interval; nil for a gap libinput does
    /// not weigh.
    public static func scaled(_ distance: Double, over interval: Double) -> Double? {
        guard interval > 0, interval <= longestInterval else { return nil }
        return distance * referenceInterval / interval
    }

    /// Whether a move of `scaled` mm after one of `last` mm (both at the reference interval) is a jump.
    public static func isJump(_ scaled: Double, after last: Double) -> Bool {
        scaled > absoluteLimit || scaled - last > relativeLimit
    }
}

/// One touch's history as `tp_detect_jumps` keeps it: the last move it weighed. Walks over a
/// script's frames and over a recording's tracks both weigh their moves here.
public struct TouchJumpHistory: Sendable {
    /// The last move weighed, mm at the reference interval; 0 where the history started again.
    public private(set) var last = 0.0

    public init() {}

    /// Weighs a move of `distance` mm over `interval` µs, at a frame the touch changed in, and
    /// returns it scaled with the last move it is weighed against. Nil where libinput weighs none:
    /// at a frame it started the touch's history again (`restarted`: the touch began, or the count
    /// of fingers changed at this frame or the one before), which makes the last move 0, and over
    /// a gap past ``TouchJumpRule/longestInterval``, which keeps it. A jump starts the history
    /// again too, but libinput pushes the jumped-to point before the next frame, so the move after
    /// a jump is weighed, against the jump.
    public mutating func weigh(
        _ distance: Double, over interval: Double, restarted: Bool
    )
        -> (scaled: Double, last: Double)?
    {
        guard !restarted else {
            last = 0
            return nil
        }
        guard let scaled = TouchJumpRule.scaled(distance, over: interval) else { return nil }
        defer { last = scaled }
        return (scaled, last)
    }
}

extension DeviceDescription {
    /// Whether libinput's log tells of the touch jumps it discards on this pad: not on a semi-MT
    /// one (`tp_process_state` logs them only where `!tp->semi_mt`).
    public var libinputLogsTouchJumps: Bool { !has(property: Evdev.INPUT_PROP_SEMI_MT) }
}
