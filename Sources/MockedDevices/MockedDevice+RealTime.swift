import Foundation
import Histograms
import LibinputEvents
import Recordings
import MonotonicClock

#if canImport(Glibc)
import Glibc
#endif

/// Delivery on the machine's clock: each frame written on a wall-clock schedule, ahead of its
/// timestamp by ``ReplayTiming/writeAhead``, while libinput's timers run on their own.
extension MockedDevice {
    func deliverInRealTime(
        pid: pid_t, timing: ReplayTiming,
        faults: inout ArraySlice<(node: Node, fault: ReplayFault)>, channel: ChannelReceiver?
    ) throws(HarnessError) -> Delivery {
        // On a whole microsecond, as the frames' timestamps are: ``ReplayReport/recordingStart`` is exact.
        let origin = (MonotonicClock.now() + timing.leadIn.nanoseconds) / 1000 * 1000
        var delivery = Delivery(recordingOrigin: origin)
        var buffer: [UInt8] = []
        var passed: [EvdevEvent] = []
        while stop?.isRequested != true, let next = try nextStep(&faults) {
            let due = origin + Int64(PlaybackSpeed.micros(next.time, at: timing.speed)) * 1000
            // A removal has no timestamp for libinput to order by: it comes at its instant, after
            // every timer due before it, as a real unplug does.
            let isRemoval = if case .removal = next.step { true } else { false }
            let write = isRemoval ? due : due - timing.writeAhead.nanoseconds
            if let ended = try Self.sleep(until: write, watching: pid, draining: channel) {
                delivery.exit = ended
                return delivery
            }
            buffer.removeAll(keepingCapacity: true)
            let target: Node
            switch next.step {
            case .frame(let node, let frame):
                delivery.lateness.add((MonotonicClock.now() - write) / 1000)
                // Stamped with the instant the frame is due: libinput's timers run from these times, so
                // they must be real CLOCK_MONOTONIC times and keep the recording's exact spacing.
                encode(frame, of: node, at: due, into: &buffer, scratch: &passed)
                if buffer.isEmpty { continue }
                delivery.frames += 1
                // A device its program closed gets no frame, as a kernel's reader-less device (the
                // virtual clock drops it alike); its state follows them, which the program asks
                // for as it opens the device again.
                if isClosed(node) {
                    try answerCurrentState(of: node)
                    continue
                }
                target = node
            case .removal(let node):
                try unplug(node)
                // Only to wake the reader: a buffer too full to take it has woken it already.
                _ = Self.wakeEvent(at: MonotonicClock.now()).withUnsafeBytes {
                    Glibc.write(node.masterFD, $0.baseAddress, $0.count)
                }
                continue
            case .synDropped(let node, let resumesAt):
                try dropFrames(of: node, before: resumesAt)
                Self.appendInputEvent(
                    EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0), at: due, to: &buffer)
                target = node
            }
            if let ended = try writeAll(buffer, to: target, watching: pid, draining: channel) {
                delivery.exit = ended
                return delivery
            }
            delivery.memory.sample(pid, now: MonotonicClock.now())
        }
        delivery.exit = try Self.sleep(
            until: MonotonicClock.now() + timing.tail.nanoseconds, watching: pid, draining: channel)
        return delivery
    }

    /// Sleeps until `nanos` in slices, so that a program that ended (say, on Ctrl-C) is noticed
    /// during long gaps, draining `channel` meanwhile; returns how the program ended if it did.
    /// The last moments are slept precisely, as poll's timeout is in milliseconds, once what the
    /// channel holds is drained: frames closer together than that (a fast replay) would otherwise
    /// leave libinput's events waiting to the end, and their latency with them.
    private static func sleep(
        until nanos: Int64, watching pid: pid_t, draining channel: ChannelReceiver?
    ) throws(HarnessError) -> ChildProcess.Exit? {
        while true {
            if let exit = ChildProcess.exited(pid) { return exit }
            let now = MonotonicClock.now()
            if now >= nanos { return nil }
            let left = nanos - now
            if channel == nil || left < 2_000_000 {
                if channel != nil {
                    _ = try ChannelReceiver.poll(-1, for: 0, milliseconds: 0, draining: channel)
                    if MonotonicClock.now() >= nanos { return nil }
                }
                MonotonicClock.sleep(until: min(nanos, now + 100_000_000))
            } else {
                _ = try ChannelReceiver.poll(
                    -1, for: 0, milliseconds: Int32(min(left, 100_000_000) / 1_000_000) - 1, draining: channel)
            }
        }
    }
}
