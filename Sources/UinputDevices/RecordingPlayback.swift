import Foundation
import Recordings

#if canImport(Glibc)
import Glibc
import MonotonicClock
#endif

/// Recorded devices played on real uinput devices on the wall clock, as `libinput replay` and
/// `evemu-play` play theirs: every evdev reader on the machine (libinput, a compositor, the VM
/// tier's listeners) sees the recorded devices and their frames at their recorded intervals.
///
/// Each device is made from its recording's whole description, each axis's current value
/// included, and the switches and LEDs on that it began with, so the kernel starts where
/// the recording's header says it was (`ABS_MT_SLOT`'s value is the slot readers were last told
/// of). Key repeats (value 2) are not written: the kernel repeats held keys itself on a device
/// with `EV_REP`, as it did for the recorded one.
public struct RecordingPlayback {
    /// Every device's frames in the order they are written: by time, and at one instant in the
    /// order of the devices. `device` is an index into the devices given to ``play(on:)``.
    public private(set) var timeline: [(device: Int, frame: EvdevFrame)]

    /// Several devices' frames on one clock, as a file of several devices holds them (a touchpad
    /// and a keyboard of one `libinput record`) or as `--with` plays them beside a recording.
    public init(devices: [[EvdevFrame]]) {
        timeline = devices.enumerated().flatMap { device, frames in frames.map { (device, $0) } }
            .enumerated().sorted { ($0.element.frame.time, $0.offset) < ($1.element.frame.time, $1.offset) }
            .map(\.element)
    }

    /// The events of `frame` a uinput device is given: nil when nothing but its `SYN_REPORT` is
    /// left once key repeats are taken out.
    public static func written(_ frame: EvdevFrame) -> [EvdevEvent]? {
        let events = frame.events.filter { !($0.type == Evdev.EV_KEY && $0.value == 2) }
        return events.contains(where: { $0.type != Evdev.EV_SYN }) ? events : nil
    }

    /// Writes each frame to its device among `devices` at its time after now; returns once the
    /// last is written.
    public func play(on devices: [UinputDevice]) throws(UinputError) {
        let start = MonotonicClock.now()
        for (device, frame) in timeline where device < devices.count {
            guard let events = Self.written(frame) else { continue }
            MonotonicClock.sleep(until: start + Int64(frame.time) * 1000)
            try devices[device].write(events)
        }
    }
}
