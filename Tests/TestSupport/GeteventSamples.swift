import Foundation

/// Logs as Android's `getevent -t` prints them (`[%8ld.%06ld] %04x %04x %08x`), made here.
public enum GeteventSamples {
    /// A finger landing mid-pad, moving 40 frames 8 ms apart down and to the right and lifting, as
    /// an Android touchscreen's driver writes it: tracking id, positions and pressure, and no slot,
    /// key or ABS_X event. Without a description the pad is inferred to end where the values do,
    /// so the finger begins in the middle and ends at the edges, where it did not begin to scroll.
    public static func oneFinger() -> String {
        func line(_ frame: Int, _ type: Int, _ code: Int, _ value: Int) -> String {
            func hex(_ v: Int, _ width: Int) -> String {
                let digits = String(UInt32(truncatingIfNeeded: v), radix: 16)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            return String(format: "[%15.6f] ", Double(frame) * 0.008)
                + "\(hex(type, 4)) \(hex(code, 4)) \(hex(value, 8))\n"
        }
        var text = line(0, 3, 0x39, 100) + line(0, 3, 0x35, 600) + line(0, 3, 0x36, 400) + line(0, 3, 0x3a, 60)
        text += line(0, 0, 0, 0)
        for frame in 1...40 {
            text += line(frame, 3, 0x35, 600 + 10 * frame) + line(frame, 3, 0x36, 400 + 10 * frame)
            text += line(frame, 0, 0, 0)
        }
        return text + line(41, 3, 0x39, -1) + line(41, 0, 0, 0)
    }
}
