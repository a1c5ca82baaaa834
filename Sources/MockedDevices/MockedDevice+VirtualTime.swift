import Foundation
import LibinputEvents
import Recordings
import MonotonicClock

/// Where the steps of a replay fall on the virtual clock.
struct VirtualTimeline {
    /// What the program's clock reads when it starts, in nanoseconds: an arbitrary instant, the
    /// same on every run so that timestamps are too, and far enough from zero that no time
    /// libinput computes from it goes below.
    let start: Int64 = 1_000_000_000
    /// The instant of the recording's first event.
    let first: Int64
    let speed: Double

    init(timing: ReplayTiming) {
        first = start + timing.leadIn.nanoseconds
        speed = timing.speed
    }

    /// The instant of `micros` into the recording.
    func instant(_ micros: UInt64) -> Int64 {
        first + Int64(PlaybackSpeed.micros(micros, at: speed)) * 1000
    }

    /// Microseconds into the recording of `instant`.
    func recordingMicros(_ instant: Int64) -> Int64 {
        PlaybackSpeed.recordingMicros((instant - first) / 1000, at: speed)
    }
}

/// Delivery on the virtual clock (``ReplayClock/virtual``): the program's clock stands still
/// while it works and moves, to the earlier of the next frame and the next timer, only once it
/// has handled everything before and is idle. The program takes each step itself when idle; the
/// harness writes them ahead and waits only where it acts itself (an unplugged device) and at the end.
extension MockedDevice {
    func deliverOnVirtualClock(
        _ driver: VirtualClockDriver, timeline: VirtualTimeline, tail: Duration,
        faults: inout ArraySlice<(node: Node, fault: ReplayFault)>
    ) throws(HarnessError) -> Delivery {
        var driver = driver
        var delivery = try deliverSteps(&driver, timeline: timeline, tail: tail, faults: &faults)
        delivery.timerInstants = driver.timerInstants.map(timeline.recordingMicros)
        return delivery
    }

    private func deliverSteps(
        _ driver: inout VirtualClockDriver, timeline: VirtualTimeline, tail: Duration,
        faults: inout ArraySlice<(node: Node, fault: ReplayFault)>
    ) throws(HarnessError) -> Delivery {
        var delivery = Delivery(recordingOrigin: timeline.first)
        var buffer: [UInt8] = []
        var passed: [EvdevEvent] = []
        var last = timeline.first
        while stop?.isRequested != true, let next = try nextStep(&faults) {
            let at = timeline.instant(next.time)
            last = at
            buffer.removeAll(keepingCapacity: true)
            let target: Node
            var origin: Int?
            switch next.step {
            case .frame(let node, let frame):
                encode(frame, of: node, at: at, into: &buffer, scratch: &passed)
                if buffer.isEmpty { continue }
                target = node
                origin = node.taken - 1
                delivery.frames += 1
            case .removal(let node):
                // A removal carries no time for the program to read: the clock is moved for it, and
                // the program waits there while the device goes; then its reader is woken, by a
                // step, so that the program handles the removal before it takes the next.
                if let ended = try driver.pause(
                    at: at, for: "reach the removal at \(Self.seconds(next.time)) of \(node.files.devnode)")
                {
                    delivery.exit = ended
                    return delivery
                }
                try unplug(node)
                buffer = Self.wakeEvent(at: at)
                target = node
            case .synDropped(let node, let resumesAt):
                try dropFrames(of: node, before: resumesAt)
                Self.appendInputEvent(
                    EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0), at: at, to: &buffer)
                target = node
            }
            if let ended = try driver.frame(
                buffer, device: nodes.firstIndex { $0 === target } ?? 0, origin: origin, at: at,
                for: "take the step at \(Self.seconds(next.time)) of \(target.files.devnode)")
            {
                delivery.exit = ended
                return delivery
            }
            delivery.memory.sample(driver.pid, now: MonotonicClock.now())
        }
        delivery.exit = try driver.end(at: last + tail.nanoseconds)
        return delivery
    }

    /// `micros` as seconds into the recording, for messages.
    private static func seconds(_ micros: UInt64) -> String {
        String(format: "%.6f s", Double(micros) / 1e6)
    }
}
