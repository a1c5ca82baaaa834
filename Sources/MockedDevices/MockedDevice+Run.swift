import Foundation
import Recordings

#if canImport(Glibc)
import Glibc
#endif

/// A replay: the program started, every frame delivered on the chosen clock, the program stopped.
extension MockedDevice {
    /// When the program is ready for the first frame.
    public enum Readiness: Sendable {
        /// When it opens the device (touchsynth-preload reports the open); for any program.
        case deviceOpened
        /// When it says so itself, through ``notifyReadyIfAsked()``, after libinput set the device up.
        case programSignals
    }

    /// What delivering the frames came to.
    struct Delivery {
        /// How the program ended, if it did before the last step.
        var exit: ChildProcess.Exit?
        var frames = 0
        var lateness = DelayHistogram()
        var memory = PeakSampler()
        var timerInstants: [Int64] = []
    }

    /// Runs `command` against the device: starts it, waits until it is ready, delivers every frame
    /// on `timing`'s clock, lets timers fire, then stops it with SIGINT and waits for it. SIGINT and
    /// SIGTERM sent to this process are passed on to the program, which ends the run early. A
    /// program that is killed, or (on the virtual clock) does not handle a step within
    /// ``ReplayTiming/idleTimeout``, is a ``HarnessError/Kind/programFailed`` error.
    /// `standardOutput`, if given, becomes the command's stdout; otherwise it shares this process's.
    public func run(_ command: [String], timing: ReplayTiming = ReplayTiming(), readiness: Readiness = .deviceOpened,
                    standardOutput: Int32? = nil) throws(HarnessError) -> ReplayReport {
        var faults = try orderedFaults()[...]
        let preload = try Self.locatePreload()
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw HarnessError(.system, "pipe: \(String(cString: strerror(errno)))") }
        // Above the numbers the program's descriptors are moved to at spawn.
        let notifyRead = fcntl(pipeFDs[0], F_DUPFD_CLOEXEC, 10), notifyWrite = fcntl(pipeFDs[1], F_DUPFD_CLOEXEC, 10)
        close(pipeFDs[0])
        close(pipeFDs[1])
        defer { close(notifyRead) }
        var link = timing.clock == .virtual ? try VirtualClockLink() : nil
        defer { link?.close() }
        let notifyFD: Int32 = 3
        var env = environment(preload: preload)
        env["TOUCHSYNTH_NOTIFY_FD"] = String(notifyFD)
        if readiness == .programSignals { env["TOUCHSYNTH_NOTIFY_BY_PROGRAM"] = "1" }
        var descriptors = [notifyFD: notifyWrite]
        let timeline = VirtualTimeline(timing: timing)
        if let link {
            env.merge(VirtualClockLink.environment(start: timeline.start)) { $1 }
            descriptors[VirtualClockLink.programDescriptor] = link.programEnd
        } else {
            env[Self.writeAheadVariable] = String(timing.writeAhead.nanoseconds / 1000)
        }

        let started = Clock.now()
        let cpuAtStart = Self.cpuSecondsOfThisProcess()
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(command, env: env, descriptors: descriptors, standardOutput: standardOutput)
        } catch {
            close(notifyWrite)
            throw error
        }
        close(notifyWrite)
        link?.programStarted()
        let forwarding = SignalForwarding(to: pid)
        var exit: ChildProcess.Exit?
        // Whatever ends the run, the program does not outlive it (nor its testbed).
        defer {
            if exit == nil { _ = ChildProcess.stop(pid) }
            forwarding.end()
        }

        func report(_ delivery: Delivery, ready: Int64) -> ReplayReport {
            ReplayReport(exitStatus: delivery.exit?.status ?? 0, framesDelivered: delivery.frames, lateness: delivery.lateness,
                         wallSeconds: Double(Clock.now() - started) / 1e9, startupSeconds: Double(ready - started) / 1e9,
                         programPeakKiB: delivery.memory.peak, interruption: forwarding.received, clock: timing.clock,
                         harnessCPUSeconds: Self.cpuSecondsOfThisProcess() - cpuAtStart, programCPUSeconds: delivery.exit?.cpuSeconds ?? 0,
                         timerInstants: delivery.timerInstants)
        }

        if let early = try waitForReady(pid: pid, notifyRead: notifyRead, timeout: timing.openTimeout) {
            exit = early
            // Stopped on the user's word before it was ready: a run interrupted before its first
            // frame, not a program that failed.
            if forwarding.received != nil { return report(Delivery(exit: early), ready: Clock.now()) }
            if let signal = early.signal {
                throw HarnessError(.programFailed, "\(command[0]) was killed by signal \(signal) (\(Self.signalName(signal))) before it was ready for \(devnode)")
            }
            throw HarnessError(.programFailed, "\(command.joined(separator: " ")) exited (status \(early.status)) before it was ready for \(devnode)",
                               programStatus: early.status)
        }
        let ready = Clock.now()
        for node in nodes { node.next = try readFrame(of: node) }
        var delivery = if let link {
            try deliverOnVirtualClock(VirtualClockDriver(link: link, pid: pid, start: timeline.start, timeout: timing.idleTimeout),
                                      timeline: timeline, tail: timing.tail, faults: &faults)
        } else {
            try deliverInRealTime(pid: pid, timing: timing, faults: &faults)
        }
        if delivery.exit == nil {
            delivery.memory.sample(pid, now: Clock.now(), force: true)
            delivery.exit = ChildProcess.stop(pid)
        } else if let signal = delivery.exit?.signal, forwarding.received == nil {
            exit = delivery.exit
            throw HarnessError(.programFailed, "\(command[0]) was killed by signal \(signal) (\(Self.signalName(signal))) during the replay")
        }
        exit = delivery.exit
        return report(delivery, ready: ready)
    }

    /// The faults to inject, in time order, each with its device.
    private func orderedFaults() throws(HarnessError) -> [(node: Node, fault: ReplayFault)] {
        var faults: [(node: Node, fault: ReplayFault)] = []
        for fault in self.faults.sorted(by: { $0.time < $1.time }) {
            guard let node = nodes.first(where: { $0.files.devnode == fault.devnode }) else {
                throw HarnessError(.usage, "no device \(fault.devnode) in the testbed to inject a fault into")
            }
            faults.append((node, fault))
        }
        return faults
    }

    /// Returns nil once the program is ready, or how it ended if it did first.
    private func waitForReady(pid: pid_t, notifyRead: Int32, timeout: Duration) throws(HarnessError) -> ChildProcess.Exit? {
        let deadline = Clock.now() + timeout.nanoseconds
        while true {
            var pfd = pollfd(fd: notifyRead, events: Int16(POLLIN), revents: 0)
            let rc = poll(&pfd, 1, 20)
            if rc > 0 {
                var byte: UInt8 = 0
                if read(notifyRead, &byte, 1) == 1 { return nil }
            }
            if let exit = ChildProcess.exited(pid) { return exit }
            if Clock.now() > deadline {
                throw HarnessError(.unavailable, "the program did not open \(devnode) within \(timeout)")
            }
        }
    }

    /// Writes a frame; while the device's buffer is full (the program reads slower than frames
    /// come), waits for room, and returns how the program ended if it does meanwhile. A
    /// program that reads nothing for 10 s is an error rather than a hang.
    func writeAll(_ buffer: [UInt8], to node: Node, watching pid: pid_t) throws(HarnessError) -> ChildProcess.Exit? {
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
                if let exit = ChildProcess.exited(pid) { return exit }
                continue
            }
            blockedSince = nil
            offset += n
        }
        return nil
    }

    /// `frame` as the node's reader gets it, stamped `nanos`, appended to `buffer`: through the
    /// kernel input core's filter unless the recording is what a kernel delivered. Nothing is
    /// appended for a frame the kernel would drop whole.
    func encode(_ frame: EvdevFrame, of node: Node, at nanos: Int64, into buffer: inout [UInt8], scratch passed: inout [EvdevEvent]) {
        passed.removeAll(keepingCapacity: true)
        if filtersLikeKernel { node.inputCore.pass(frame.events, into: &passed) } else { passed = frame.events }
        for event in passed { Self.appendInputEvent(event, at: nanos, to: &buffer) }
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

    /// User and system CPU time of this process so far, in seconds.
    private static func cpuSecondsOfThisProcess() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func signalName(_ signal: Int32) -> String {
        guard let name = strsignal(signal) else { return "signal \(signal)" }
        return String(cString: name)
    }
}
