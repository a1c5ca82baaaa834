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
