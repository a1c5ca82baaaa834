/// Times written in seconds or milliseconds (a command line's `--start`, a fault's time, a
/// configured interval), in microseconds on libinput's clock: rounded to the nearest, since
/// 1.001 s is 1000999.99… µs in binary and must name the event stamped 1.001000 s.
public enum Microseconds {
    /// `seconds` in microseconds; a negative or NaN time as 0, and one past `UInt64` as its largest.
    public static func of(seconds: Double) -> UInt64 { clamped(seconds * 1e6) }

    /// `milliseconds` in microseconds, held as ``of(seconds:)`` holds seconds.
    public static func of(milliseconds: Double) -> UInt64 { clamped(milliseconds * 1e3) }

    /// Held to `UInt64`'s range: a library caller's time has not passed a command line's checks,
    /// and must not trap.
    private static func clamped(_ micros: Double) -> UInt64 {
        guard micros > 0 else { return 0 }
        return micros < Double(UInt64.max) ? UInt64(micros.rounded()) : .max
    }
}
