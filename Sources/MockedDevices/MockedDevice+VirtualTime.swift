import Foundation
import Recordings

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
        speed == 1 ? first + Int64(micros) * 1000 : first + Int64((Double(micros) * 1000 / speed).rounded())
    }

    /// Microseconds into the recording of `instant`.
    func recordingMicros(_ instant: Int64) -> Int64 {
        speed == 1 ? (instant - first) / 1000 : Int64((Double(instant - first) / 1000 * speed).rounded())
    }
}

/// Delivery on the virtual clock (``ReplayClock/virtual``): the program's clock stands still
/// while it works and moves, to the earlier of the next frame and the next timer, only once it
/// has handled everything before and is idle.
extension MockedDevice {
    func deliverOnVirtualClock(_ driver: VirtualClockDriver, timeline: VirtualTimeline, tail: Duration,
                               faults: inout ArraySlice<(node: Node, fault: ReplayFault)>) throws(HarnessError) -> Delivery {
        var driver = driver
        var delivery = try deliverSteps(&driver, timeline: timeline, tail: tail, faults: &faults)
        delivery.timerInstants = driver.timerInstants.map(timeline.recordingMicros)
        return delivery
    }

    private func deliverSteps(_ driver: inout VirtualClockDriver, timeline: VirtualTimeline, tail: Duration,
                              faults: inout ArraySlice<(node: Node, fault: ReplayFault)>) throws(HarnessError) -> Delivery {
        var delivery = Delivery(recordingOrigin: timeline.first)
        var buffer: [UInt8] = []
        var passed: [EvdevEvent] = []
        if let ended = try driver.waitUntilIdle(for: "set up \(devnode) and wait for input") {
            delivery.exit = ended
            return delivery
        }
        var last = timeline.first
        while let next = try nextStep(&faults) {
            let at = timeline.instant(next.time)
            last = at
            // A removal carries no time for the program to read: the clock is moved for it.
            let isRemoval = if case .removal = next.step { true } else { false }
            if let ended = try isRemoval ? driver.move(to: at) : driver.prepareFrame(at: at) {
                delivery.exit = ended
                return delivery
            }
            buffer.removeAll(keepingCapacity: true)
            let target: Node
            // What the program is to do with the write, for the message if it never does.
            let task: StaticString
            switch next.step {
            case .frame(let node, let frame):
                encode(frame, of: node, at: at, into: &buffer, scratch: &passed)
                if buffer.isEmpty { continue }
                target = node
                delivery.frames += 1
                task = "read the frame"
            case .removal(let node):
                driver.written += UInt64(try remove(node, at: at))
                if let ended = try driver.waitUntilIdle(for: "notice the removal at \(Self.seconds(next.time)) of \(node.files.devnode)") {
                    delivery.exit = ended
                    return delivery
                }
                continue
            case .synDropped(let node, let resumesAt):
                try skipFrames(of: node, before: resumesAt)
                Self.appendInputEvent(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0), at: at, to: &buffer)
                target = node
                task = "read the SYN_DROPPED"
            }
            if let ended = try writeAll(buffer, to: target, watching: driver.pid, draining: driver.channel) {
                delivery.exit = ended
                return delivery
            }
            driver.written += UInt64(buffer.count)
            try readAhead()
            if let ended = try driver.waitUntilIdle(for: "\(task) at \(Self.seconds(next.time)) of \(target.files.devnode)") {
                delivery.exit = ended
                return delivery
            }
            delivery.memory.sample(driver.pid, now: Clock.now())
        }
        let end = last + tail.nanoseconds
        delivery.exit = try driver.move(to: end)
        return delivery
    }

    /// `micros` as seconds into the recording, for messages.
    private static func seconds(_ micros: UInt64) -> String {
        String(format: "%.6f s", Double(micros) / 1e6)
    }
}
