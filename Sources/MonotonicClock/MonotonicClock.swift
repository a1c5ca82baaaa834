#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC: the clock the kernel stamps evdev events with and libinput times its events
/// and timers by (under `touchsynth mock`, the replay's virtual clock). Everything that compares
/// a time with libinput's, or paces a recording's frames, reads it here.
public enum MonotonicClock {
    /// Now, in nanoseconds.
    public static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Now, in microseconds: the unit of libinput's event times.
    public static func microseconds() -> UInt64 { UInt64(now() / 1000) }

    /// Sleeps until `nanoseconds` on this clock: an absolute instant, so that delays never add up
    /// over a long recording.
    public static func sleep(until nanoseconds: Int64) {
        var ts = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}

extension Duration {
    /// The duration in whole nanoseconds, to add to ``MonotonicClock/now()``.
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
