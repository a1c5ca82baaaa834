import Histograms
import Foundation
import PreloadProtocol
import Recordings
import ReplayChannel
import MonotonicClock

#if canImport(Glibc)
import Glibc
#endif

/// A replay: the program started, every frame delivered on the chosen clock, the program stopped.
extension MockedDevice {
    /// What delivering the frames came to.
    struct Delivery {
        /// How the program ended, if it did before the last step.
        var exit: ChildProcess.Exit?
        var frames = 0
        var lateness = DelayHistogram()
        var memory = PeakSampler()
        var timerInstants: [Int64] = []
        /// Where the recording's time 0 fell on the program's clock, in nanoseconds.
        var recordingOrigin: Int64?
        /// The program ended, successfully, before it opened the device.
        var endedBeforeReady = false
    }

    /// Runs `command` against the device: starts it, waits until it is ready, delivers every frame
    /// on `timing`'s clock, lets timers fire, then stops it with SIGINT and waits for it. The stop
    /// signals sent to this process (but those it leaves ignored, ``StopSignal/staysIgnored(_:)``)
    /// are passed on to the program, which ends the run early. A
    /// program that is killed, or (on the virtual clock) does not handle a step within
    /// ``ReplayTiming/idleTimeout``, is a ``HarnessError/Kind/programFailed`` error.
    /// `standardOutput`, if given, becomes the command's stdout; otherwise it shares this process's.
    /// The program runs with touchsynth-preload preloaded (``BuildProducts/preload()``).
    public func run(
        _ command: [String], timing: ReplayTiming = ReplayTiming(), standardOutput: Int32? = nil
    ) throws(HarnessError) -> ReplayReport {
        try run(
            command, timing: timing, preload: try BuildProducts.preload(), standardOutput: standardOutput, channel: nil)
    }

    /// ``run(_:timing:standardOutput:)`` for a program that links touchsynth-preload in
    /// (`preload` nil) or not, and that reports to `channel` (the libinput side), which then
    /// also says when the program is ready. A libinput side that ends before the harness stops
    /// it, unasked and reporting no failure, is a ``HarnessError/Kind/programFailed`` error: part
    /// of the recording went unplayed.
    package func run(
        _ command: [String], timing: ReplayTiming, preload: String?, standardOutput: Int32?,
        channel: ChannelReceiver?
    ) throws(HarnessError) -> ReplayReport {
        try timing.check()
        var faults = try orderedFaults()[...]
        // Each run's programs write the readiness byte and take the clock anew.
        try setRunState(\.readiness_sent, to: 0)
        try setRunState(\.clock_claimed, to: 0)
        for node in nodes { try setRunState(\.closed, index: node.files.eventNumber, to: 0) }
        let (notifyRead, notifyWrite) = try closeOnExecPair()
        defer { close(notifyRead) }
        var link =
            timing.clock == .virtual
            ? try VirtualClockLink(masters: nodes.map(\.masterFD), eventNumbers: nodes.map(\.files.eventNumber)) : nil
        defer { link?.close() }
        var env = environment(preload: preload)
        if let dmi { try testbed.setDMI(dmi) }
        if !quirks.isEmpty { env["LIBINPUT_QUIRKS_DIR"] = try quirksDirectory() }
        env[LibinputSideConfiguration.readinessVariable] = String(LibinputSideConfiguration.readinessDescriptor)
        var descriptors = [LibinputSideConfiguration.readinessDescriptor: notifyWrite]
        if let channel {
            env.merge(channel.configuration.environment) { $1 }
            descriptors[LibinputSideConfiguration.eventsDescriptor] = channel.programEnd
        }
        let timeline = VirtualTimeline(timing: timing)
        channel?.recordingMicros = { UInt64(clamping: timeline.recordingMicros($0)) }
        if let link {
            env.merge(link.environment(start: timeline.start)) { $1 }
            descriptors.merge(link.descriptors) { $1 }
        }

        let started = MonotonicClock.now()
        let cpuAtStart = CPUTime.ofThisProcess()
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(command, env: env, descriptors: descriptors, standardOutput: standardOutput)
        } catch {
            close(notifyWrite)
            // A program of the user's that cannot start ends as a shell's would: 127 not found,
            // 126 found but not runnable (as env, nice and timeout end).
            guard channel == nil, let code = error.spawnErrno, [ENOENT, EACCES, ENOEXEC, EISDIR].contains(code) else {
                throw error
            }
            throw HarnessError(.programFailed, error.message, programStatus: code == ENOENT ? 127 : 126)
        }
        close(notifyWrite)
        link?.programStarted()
        channel?.programStarted()
        let forwarding = SignalForwarding(to: pid)
        var exit: ChildProcess.Exit?
        // Whatever ends the run, the program does not outlive it (nor its testbed).
        defer {
            if exit == nil { _ = ChildProcess.stop(pid, reachingStarted: channel == nil) }
            forwarding.end()
        }

        func report(_ delivery: Delivery, ready: Int64) -> ReplayReport {
            let cpu = CPUTime.ofThisProcess()
            return ReplayReport(
                exitStatus: delivery.exit?.status ?? 0, framesDelivered: delivery.frames, lateness: delivery.lateness,
                wallSeconds: Double(MonotonicClock.now() - started) / 1e9,
                startupSeconds: Double(ready - started) / 1e9,
                programPeakKiB: delivery.memory.peak, interruption: forwarding.received, clock: timing.clock,
                harnessCPUSeconds: cpu.total - cpuAtStart.total,
                harnessSystemCPUSeconds: cpu.system - cpuAtStart.system,
                programCPUSeconds: delivery.exit?.cpuSeconds ?? 0,
                timerInstants: delivery.timerInstants,
                recordingStart: delivery.recordingOrigin.map { UInt64($0 / 1000) },
                endedBeforeReady: delivery.endedBeforeReady,
                stoppedByHarness: delivery.exit.map { $0.stopped && $0.signal == SIGINT } ?? false,
                killedAfterSeconds: delivery.exit?.killedAfterSeconds)
        }

        if let early = try waitForReady(pid: pid, notifyRead: notifyRead, timeout: timing.openTimeout, channel: channel)
        {
            exit = early
            // Stopped on the user's word before it was ready: a run interrupted before its first
            // frame, not a program that failed.
            if forwarding.received != nil { return report(Delivery(exit: early), ready: MonotonicClock.now()) }
            try channel?.finish()
            if let failure = channel?.failure {
                let kind: HarnessError.Kind =
                    switch failure.kind {
                    case .unavailable: .unavailable
                    case .deviceRejected: .deviceRejected
                    case .system: .system
                    }
                var error = HarnessError(kind, failure.message)
                error.device = failure.device
                throw error
            }
            if let signal = early.signal {
                throw HarnessError(
                    .programFailed,
                    "\(command[0]) was killed by signal \(signal) (\(Self.signalName(signal))) before it was ready "
                        + "for \(devnode)",
                    programStatus: channel == nil ? early.status : nil)
            }
            // A program of the user's that did its work without the device (`echo {devnode}`)
            // succeeded; the report says that nothing was played.
            if channel == nil && early.status == 0 {
                var delivery = Delivery(exit: early)
                delivery.endedBeforeReady = true
                return report(delivery, ready: MonotonicClock.now())
            }
            throw HarnessError(
                .programFailed,
                "\(command.joined(separator: " ")) exited (status \(early.status)) before it was ready for \(devnode)",
                programStatus: early.status)
        }
        let ready = MonotonicClock.now()
        for node in nodes { node.next = try readFrame(of: node) }
        var delivery =
            if let link {
                try deliverOnVirtualClock(
                    VirtualClockDriver(link: link, pid: pid, timeout: timing.idleTimeout, channel: channel),
                    timeline: timeline, tail: timing.tail, faults: &faults)
            } else {
                try deliverInRealTime(pid: pid, timing: timing, faults: &faults, channel: channel)
            }
        if delivery.exit == nil {
            delivery.memory.sample(pid, now: MonotonicClock.now(), force: true)
            delivery.exit = ChildProcess.stop(pid, once: link != nil, reachingStarted: channel == nil)
        } else if let signal = delivery.exit?.signal, forwarding.received == nil {
            exit = delivery.exit
            throw HarnessError(
                .programFailed,
                "\(command[0]) was killed by signal \(signal) (\(Self.signalName(signal))) during the replay",
                programStatus: channel == nil ? delivery.exit?.status : nil)
        }
        exit = delivery.exit
        try channel?.finish()
        // The libinput side ends when the harness stops it, or fails saying why: one that ended
        // unasked (another program's SIGINT or SIGTERM) left part of the recording unplayed.
        if channel?.failure == nil, channel != nil, let ended = delivery.exit, !ended.stopped,
            forwarding.received == nil
        {
            throw HarnessError(
                .programFailed,
                "\(command[0]) ended (status \(ended.status)) during the replay, which did not stop it, with part of "
                    + "the recording unplayed")
        }
        return report(delivery, ready: ready)
    }

    /// The faults to inject, in time order, each with its device.
    private func orderedFaults() throws(HarnessError) -> [(node: Node, fault: ReplayFault)] {
        var faults: [(node: Node, fault: ReplayFault)] = []
        for fault in self.faults.sorted(by: { $0.time < $1.time }) {
            guard let node = nodes.first(where: { $0.files.devnode == fault.devnode }) else {
                let present = nodes.map { $0.files.devnode.replacingOccurrences(of: "/dev/input/", with: "") }
                throw HarnessError(
                    .usage,
                    "no device \(fault.devnode) in the testbed to inject a fault into: it has "
                        + present.joined(separator: ", ") + (present.count == 1 ? " (--with adds more)" : ""))
            }
            // A device stays plugged in after its own last frame (a key still held), until the replay ends.
            let ends = nodes.map(\.duration)
            if ends.allSatisfy({ $0 != nil }), let end = ends.compactMap({ $0 }).max(), fault.time > end {
                let (at, last) = (Double(fault.time + faultTimeOffset) / 1e6, Double(end + faultTimeOffset) / 1e6)
                // To the microsecond where milliseconds would show the two the same.
                let seconds = String(format: "%.3f", at) == String(format: "%.3f", last) ? "%.6f" : "%.3f"
                throw HarnessError(
                    .usage,
                    String(
                        format: "%@ \(seconds) s into the recording on %@ falls after its end (\(seconds) s)",
                        fault.name, at, fault.devnode, last))
            }
            faults.append((node, fault))
        }
        return faults
    }

    /// Returns nil once the program is ready, or how it ended if it did first.
    private func waitForReady(
        pid: pid_t, notifyRead: Int32, timeout: Duration, channel: ChannelReceiver?
    ) throws(HarnessError) -> ChildProcess.Exit? {
        let deadline = MonotonicClock.now() + timeout.nanoseconds
        while true {
            if try ChannelReceiver.poll(notifyRead, for: Int16(POLLIN), milliseconds: 20, draining: channel) != 0 {
                var byte: UInt8 = 0
                if read(notifyRead, &byte, 1) == 1 { return nil }
            }
            if let exit = ChildProcess.exited(pid) { return exit }
            if MonotonicClock.now() > deadline {
                throw HarnessError(.unavailable, "the program did not open \(devnode) within \(timeout)")
            }
        }
    }

    /// Writes a frame; while the device's buffer is full (the program reads slower than frames
    /// come), waits for room, and returns how the program ended if it does meanwhile. A
    /// program that reads nothing for 10 s is an error rather than a hang.
    func writeAll(
        _ buffer: [UInt8], to node: Node, watching pid: pid_t, draining channel: ChannelReceiver?
    ) throws(HarnessError) -> ChildProcess.Exit? {
        let devnode = node.files.devnode
        var offset = 0
        var blockedSince: Int64?
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { write(node.masterFD, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                guard errno == EAGAIN else {
                    throw HarnessError(.system, "writing to \(devnode): \(String(cString: strerror(errno)))")
                }
                let since = blockedSince ?? MonotonicClock.now()
                blockedSince = since
                if MonotonicClock.now() - since > 10_000_000_000 {
                    throw HarnessError(.programFailed, "the program stopped reading \(devnode) (nothing read for 10 s)")
                }
                _ = try ChannelReceiver.poll(node.masterFD, for: Int16(POLLOUT), milliseconds: 100, draining: channel)
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
    func encode(
        _ frame: EvdevFrame, of node: Node, at nanos: Int64, into buffer: inout [UInt8],
        scratch passed: inout [EvdevEvent]
    ) {
        passed.removeAll(keepingCapacity: true)
        // Through the filter either way: it keeps the device's state, which SYN_DROPPED resyncs to.
        node.inputCore.pass(frame.events, into: &passed)
        if !filtersLikeKernel {
            passed.removeAll(keepingCapacity: true)
            passed.append(contentsOf: frame.events)
        }
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

    static func signalName(_ signal: Int32) -> String {
        guard let name = strsignal(signal) else { return "signal \(signal)" }
        return String(cString: name)
    }
}
