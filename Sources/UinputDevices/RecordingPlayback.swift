import Foundation
import Recordings

#if canImport(Glibc)
import Glibc
#endif

/// A recording played on a real uinput device on the wall clock, as `libinput replay` and
/// `evemu-play` play theirs: every evdev reader on the machine (libinput, a compositor, the VM
/// tier's listeners) sees the recorded device and its frames at their recorded intervals.
///
/// The device is made from the recording's whole description, each axis's current value
/// included, so the kernel starts where the recording's header says it was (`ABS_MT_SLOT`'s
/// value is the slot readers were last told of). Key repeats (value 2) are not written: the
/// kernel repeats held keys itself on a device with `EV_REP`, as it did for the recorded one.
public struct RecordingPlayback {
    /// The frames to play, in order, timed from the recording's first frame.
    public var frames: [EvdevFrame]

    public init(frames: [EvdevFrame]) {
        self.frames = frames
    }

    /// The events of `frame` a uinput device is given: nil when nothing but its `SYN_REPORT` is
    /// left once key repeats are taken out.
    public static func written(_ frame: EvdevFrame) -> [EvdevEvent]? {
        let events = frame.events.filter { !($0.type == Evdev.EV_KEY && $0.value == 2) }
        return events.contains(where: { $0.type != Evdev.EV_SYN }) ? events : nil
    }

    /// Writes each frame to `device` at its time after now; returns once the last is written.
    public func play(on device: UinputDevice) throws(UinputError) {
        let start = Self.monotonicNanoseconds()
        for frame in frames {
            guard let events = Self.written(frame) else { continue }
            Self.sleep(until: start + Int64(frame.time) * 1000)
            try device.write(events)
        }
    }

    static func monotonicNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Sleeps until an absolute instant, so that delays never add up over a long recording.
    static func sleep(until nanoseconds: Int64) {
        var ts = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
