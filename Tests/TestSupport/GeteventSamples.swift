import Foundation

/// Logs as Android's `getevent -t` prints them (`[%8ld.%06ld] %04x %04x %08x`), made here.
public enum GeteventSamples {
    /// A finger landing mid-pad, moving 40 frames 8 ms apart down and to the right and lifting, as
    /// an Android touchscreen's driver writes it: tracking id, positions and pressure, and no slot,
    /// key or ABS_X event. Without a description the pad is inferred to end just past the largest
    /// values, so the finger begins in the middle and ends at the edges, where it did not begin to scroll.
    public static func oneFinger() -> String {
        func line(_ frame: Int, _ type: UInt32, _ code: UInt32, _ value: Int32) -> String {
            String(format: "[%15.6f] %04x %04x %08x\n", Double(frame) * 0.008, type, code, UInt32(bitPattern: value))
        }
        var text = line(0, 3, 0x39, 100) + line(0, 3, 0x35, 600) + line(0, 3, 0x36, 400) + line(0, 3, 0x3a, 60)
        text += line(0, 0, 0, 0)
        for frame in 1...40 {
            text += line(frame, 3, 0x35, 600 + 10 * Int32(frame)) + line(frame, 3, 0x36, 400 + 10 * Int32(frame))
            text += line(frame, 0, 0, 0)
        }
        return text + line(41, 3, 0x39, -1) + line(41, 0, 0, 0)
    }
}
