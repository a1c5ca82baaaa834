import Foundation
import Recordings

#if canImport(Glibc)
import Glibc
#endif

/// A replay: the program started, frames written on schedule, the program stopped.
extension MockedDevice {
    /// When the program is ready for the first frame.
    public enum Readiness: Sendable {
        /// When it opens the device (touchsynth-preload reports the open); for any program.
        case deviceOpened
        /// When it says so itself, through ``notifyReadyIfAsked()``, after libinput set the device up.
        case programSignals
    }

    /// Runs `command` against the device: starts it, waits until it is ready, delivers every frame
    /// on schedule, lets timers fire, then stops it with SIGINT and waits for it. SIGINT and SIGTERM
    /// sent to this process are passed on to the program, which ends the run early.
    /// `standardOutput`, if given, becomes the command's stdout; otherwise it shares this process's.
    public func run(_ command: [String], timing: ReplayTiming = ReplayTiming(), readiness: Readiness = .deviceOpened,
                    standardOutput: Int32? = nil) throws(HarnessError) -> ReplayReport {
        var faults: [(node: Node, fault: ReplayFault)] = []
        for fault in self.faults.sorted(by: { $0.time < $1.time }) {
            guard let node = nodes.first(where: { $0.files.devnode == fault.devnode }) else {
                throw HarnessError(.usage, "no device \(fault.devnode) in the testbed to inject a fault into")
            }
            faults.append((node, fault))
        }
        let preload = try Self.locatePreload()
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw HarnessError(.system, "pipe: \(String(cString: strerror(errno)))") }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(pipeFDs[0]) }
        let notifyFD: Int32 = 3
        var env = environment(preload: preload)
        env["TOUCHSYNTH_NOTIFY_FD"] = String(notifyFD)
        env[Self.writeAheadVariable] = String(timing.writeAhead.nanoseconds / 1000)
        if readiness == .programSignals { env["TOUCHSYNTH_NOTIFY_BY_PROGRAM"] = "1" }

        let started = Clock.now()
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(command, env: env, notifyWrite: pipeFDs[1], notifyFD: notifyFD, standardOutput: standardOutput)
        } catch {
            close(pipeFDs[1])
            throw error
        }
        close(pipeFDs[1])
        let forwarding = SignalForwarding(to: pid)
        var status: Int32?
        // Whatever ends the run, the program does not outlive it (nor its testbed).
        defer {
            if status == nil { _ = ChildProcess.stop(pid) }
            forwarding.end()
        }

        if let early = try waitForReady(pid: pid, notifyRead: pipeFDs[0], timeout: timing.openTimeout) {
            status = early
            // Stopped on the user's word before it was ready: a run interrupted before its first
            // frame, not a program that failed.
            if let signal = forwarding.received {
                let wall = Double(Clock.now() - started) / 1e9
                return ReplayReport(exitStatus: early, framesDelivered: 0, lateness: DelayHistogram(), wallSeconds: wall,
                                    startupSeconds: wall, programPeakKiB: nil, interruption: signal)
            }
            throw HarnessError(.programFailed, "\(command.joined(separator: " ")) exited (status \(early)) before it was ready for \(devnode)",
                               programStatus: early)
        }

        let ready = Clock.now()
        let origin = ready + timing.leadIn.nanoseconds
        var lateness = DelayHistogram()
        var delivered = 0
        var buffer: [UInt8] = []
        var passed: [EvdevEvent] = []
        var pendingFaults = faults[...]
        var memory = PeakSampler()
        for node in nodes { node.next = try readFrame(of: node) }
        while let next = try nextStep(&pendingFaults) {
            let due = origin + Int64(Double(next.time) * 1000 / timing.speed)
            // A removal has no timestamp for libinput to order by: it comes at its instant, after
            // every timer due before it, as a real unplug does.
            let isRemoval = if case .removal = next.step { true } else { false }
            let write = isRemoval ? due : due - timing.writeAhead.nanoseconds
            if let ended = Self.sleep(until: write, watching: pid) {
                status = ended
                break
            }
            buffer.removeAll(keepingCapacity: true)
            let target: Node
            switch next.step {
            case .frame(let node, let frame):
                lateness.add((Clock.now() - write) / 1000)
                // Stamped with the instant the frame is due: libinput's timers run from these times, so
                // they must be real CLOCK_MONOTONIC times and keep the recording's exact spacing.
                passed.removeAll(keepingCapacity: true)
                if filtersLikeKernel { node.inputCore.pass(frame.events, into: &passed) } else { passed = frame.events }
                for event in passed { Self.appendInputEvent(event, at: due, to: &buffer) }
                // A frame the kernel would drop whole is not written.
                if buffer.isEmpty { continue }
                target = node
                delivered += 1
            case .removal(let node):
                try remove(node)
                continue
            case .synDropped(let node, let resumesAt):
                while let frame = node.next, frame.time < resumesAt { node.next = try readFrame(of: node) }
                Self.appendInputEvent(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0), at: due, to: &buffer)
                target = node
            }
            if let ended = try writeAll(buffer, to: target, watching: pid) {
                status = ended
                break
            }
            memory.sample(pid, now: Clock.now())
        }
        if status == nil {
            status = Self.sleep(until: Clock.now() + timing.tail.nanoseconds, watching: pid)
        }
        if status == nil {
            memory.sample(pid, now: Clock.now(), force: true)
            status = ChildProcess.stop(pid)
        }
        let wall = Double(Clock.now() - started) / 1e9
        return ReplayReport(exitStatus: status ?? 0, framesDelivered: delivered, lateness: lateness, wallSeconds: wall,
                            startupSeconds: Double(ready - started) / 1e9, programPeakKiB: memory.peak,
                            interruption: forwarding.received)
    }

    /// Sleeps until `nanos` in slices, so that a program that ended (say, on Ctrl-C) is noticed
    /// during long gaps; returns its exit status if it did.
    private static func sleep(until nanos: Int64, watching pid: pid_t) -> Int32? {
        while true {
            if let status = ChildProcess.exited(pid) { return status }
            let now = Clock.now()
            if now >= nanos { return nil }
            Clock.sleep(until: min(nanos, now + 100_000_000))
        }
    }

    /// Returns nil once the program is ready, or the exit status if it ended first.
    private func waitForReady(pid: pid_t, notifyRead: Int32, timeout: Duration) throws(HarnessError) -> Int32? {
        let deadline = Clock.now() + timeout.nanoseconds
        while true {
            var pfd = pollfd(fd: notifyRead, events: Int16(POLLIN), revents: 0)
            let rc = poll(&pfd, 1, 20)
            if rc > 0 {
                var byte: UInt8 = 0
                if read(notifyRead, &byte, 1) == 1 { return nil }
            }
            if let status = ChildProcess.exited(pid) { return status }
            if Clock.now() > deadline {
                throw HarnessError(.unavailable, "the program did not open \(devnode) within \(timeout)")
            }
        }
    }

    /// Writes a frame; while the device's buffer is full (the program reads slower than frames
    /// come), waits for room, and returns the program's exit status if it ends meanwhile. A
    /// program that reads nothing for 10 s is an error rather than a hang.
    private func writeAll(_ buffer: [UInt8], to node: Node, watching pid: pid_t) throws(HarnessError) -> Int32? {
        let devnode = node.files.devnode
        var offset = 0
        var blockedSince: Int64?
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { write(node.masterFD, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                guard errno == EAGAIN else { throw HarnessError(.system, "writing to \(devnode): \(String(cString: strerror(errno)))") }
                let since = blockedSince ?? Clock.now()
                blockedSince = since
                if Clock.now() - since > 10_000_000_000 {
                    throw HarnessError(.programFailed, "the program stopped reading \(devnode) (nothing read for 10 s)")
                }
                var pfd = pollfd(fd: node.masterFD, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, 100)
                if let status = ChildProcess.exited(pid) { return status }
                continue
            }
            blockedSince = nil
            offset += n
        }
        return nil
    }

    /// `struct input_event` on 64-bit Linux: timeval (2 × 64 bit), type, code, value.
    static func appendInputEvent(_ e: EvdevEvent, at nanos: Int64, to buffer: inout [UInt8]) {
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { buffer.append(contentsOf: $0) } }
        put(Int64(nanos / 1_000_000_000))
        put(Int64((nanos % 1_000_000_000) / 1000))
        put(e.type)
        put(e.code)
        put(e.value)
    }
}
