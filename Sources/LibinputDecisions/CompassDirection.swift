import Foundation

/// libinput's direction of a movement: a set of compass octants (bit 0 north, clockwise to bit 7
/// north-west; y grows down), and its test of two movements going the same way: their octants
/// overlap or touch. There is no angle limit (`xy_get_direction` in src/libinput-private.h,
/// `tp_gesture_same_directions` in src/evdev-mt-touchpad-gestures.c).
struct CompassDirection: Equatable {
    let octants: UInt32

    /// The direction of a movement of `x`, `y` mm.
    init(x: Double, y: Double) {
        let n: UInt32 = 1, ne: UInt32 = 2, e: UInt32 = 4, se: UInt32 = 8, s: UInt32 = 16, sw: UInt32 = 32
        let w: UInt32 = 64, nw: UInt32 = 128
        // A short movement is vague: three octants around its quadrant or axis.
        if abs(x) < 2 && abs(y) < 2 {
            func sign(_ v: Double) -> Int { v > 0 ? 1 : v < 0 ? -1 : 0 }
            octants =
                switch (sign(x), sign(y)) {
                case (1, 1): s | se | e
                case (1, -1): n | ne | e
                case (-1, 1): s | sw | w
                case (-1, -1): n | nw | w
                case (1, 0): ne | e | se
                case (-1, 0): nw | w | sw
                case (0, 1): se | s | sw
                case (0, -1): ne | n | nw
                default: 0xff
                }
        } else {
            let r = fmod(atan2(y, x) + 2.5 * Double.pi, 2 * Double.pi) * 4 / Double.pi
            octants = (1 << UInt32(Int(r + 0.9) % 8)) | (1 << UInt32(Int(r + 0.1) % 8))
        }
    }

    /// The octants of `octants`, bit 0 north, clockwise.
    init(octants: UInt32) { self.octants = octants }

    /// Whether libinput takes `self` and `other` as the same way.
    func isSame(as other: CompassDirection) -> Bool {
        let a = octants, b = other.octants
        return ((a | (a >> 1)) & b) != 0 || ((b | (b >> 1)) & a) != 0 || (a & 0x80 != 0 && b & 0x01 != 0)
            || (b & 0x80 != 0 && a & 0x01 != 0)
    }

    /// The octants' names, `E` or `NE+E`.
    var name: String {
        if octants == 0xff { return "nowhere" }
        return (0..<8).filter { octants & (1 << UInt32($0)) != 0 }.map { Self.names[$0] }.joined(separator: "+")
    }

    /// An octant of each that lie side by side (libinput's "same way" for octants that do not
    /// overlap), by name; nil when none do.
    func neighbours(of other: CompassDirection) -> (String, String)? {
        for i in 0..<8 where octants & (1 << UInt32(i)) != 0 {
            for j in [(i + 1) % 8, (i + 7) % 8] where other.octants & (1 << UInt32(j)) != 0 {
                return (Self.names[i], Self.names[j])
            }
        }
        return nil
    }

    private static let names = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
}
