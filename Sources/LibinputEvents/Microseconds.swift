/// Times written in seconds or milliseconds (a command line's `--start`, a fault's time, a
/// configured interval), in microseconds on libinput's clock: rounded to the nearest, since
/// 1.001 s is 1000999.99… µs in binary and must name the event stamped 1.001000 s.
public enum Microseconds {
    /// `seconds` (finite, not negative) in microseconds.
    public static func of(seconds: Double) -> UInt64 { UInt64((seconds * 1e6).rounded()) }

    /// `milliseconds` (finite, not negative) in microseconds.
    public static func of(milliseconds: Double) -> UInt64 { UInt64((milliseconds * 1e3).rounded()) }
}
