import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The harness's side of the virtual clock: it moves the program's time and waits, each time,
/// until the program has handled what the move (or a frame) gave it and is idle again.
struct VirtualClockDriver {
    let link: VirtualClockLink
    let pid: pid_t
    /// The libinput side's channel, drained while the driver waits.
    let channel: ChannelReceiver?
    /// The program's virtual time, nanoseconds.
    private(set) var now: Int64
    /// Wall-clock nanoseconds a step may take.
    let timeout: Int64
    /// Bytes written to the devices that the program is to consume.
    var written: UInt64 = 0
    /// The program's latest idle moment.
    private var idle: VirtualClockLink.Report?
    /// The acknowledgement of the latest move of the clock, until it is taken.
    private var advanced: VirtualClockLink.Report?
    /// The instants the clock moved to that made timers due, in order.
    private(set) var timerInstants: [Int64] = []

    init(link: VirtualClockLink, pid: pid_t, start: Int64, timeout: Duration, channel: ChannelReceiver?) {
        self.link = link
        self.pid = pid
        self.channel = channel
        now = start
        self.timeout = timeout.nanoseconds
    }

    /// Waits until the program is idle, every byte written consumed and, if given, after idle
    /// moment `sequence`. Returns how the program ended if it did instead; a program that takes
    /// longer than the timeout is killed and reported, naming `what` it was to do.
    mutating func waitUntilIdle(after sequence: UInt64 = 0, for what: @autoclosure () -> String) throws(HarnessError) -> ChildProcess.Exit? {
        let deadline = Clock.now() + timeout
        while true {
            if let idle, idle.sequence > sequence, idle.deviceBytes >= written { return nil }
            if let exit = try receive(until: deadline, for: what()) { return exit }
        }
    }

    /// Moves the clock to `instant`, and waits until the program has handled the timers that
    /// made due. Returns how the program ended if it did instead.
    private mutating func advance(to instant: Int64) throws(HarnessError) -> ChildProcess.Exit? {
        guard instant > now else { return nil }
        try link.send(now: instant)
        now = instant
        let deadline = Clock.now() + timeout
        var acknowledged: VirtualClockLink.Report?
        while acknowledged == nil {
            if let exit = try receive(until: deadline, for: "acknowledge the time \(Self.seconds(instant))") { return exit }
            acknowledged = advanced
        }
        advanced = nil
        guard let ack = acknowledged, ack.fired > 0 else { return nil }
        timerInstants.append(instant)
        return try waitUntilIdle(after: ack.sequence, for: "run its timers due at \(Self.seconds(instant))")
    }

    /// Moves the clock to `instant` through each armed timer's expiry on the way, so that every
    /// timer fires at its own instant, and the timers those arm fire too.
    mutating func move(to instant: Int64) throws(HarnessError) -> ChildProcess.Exit? {
        if let exit = try runTimers(through: instant) { return exit }
        return try advance(to: instant)
    }

    /// Fires every timer due by `instant`, each at its own instant, before a frame stamped
    /// `instant` is written: a timer due at the frame's instant fires first, as libinput, reading
    /// the frame, would run it first too. The program's clock reaches the frame's time as it
    /// reads the frame (Preload/virtual-clock.c), so the frame needs no move of its own.
    mutating func prepareFrame(at instant: Int64) throws(HarnessError) -> ChildProcess.Exit? {
        if let exit = try runTimers(through: instant) { return exit }
        now = max(now, instant)
        return nil
    }

    private mutating func runTimers(through instant: Int64) throws(HarnessError) -> ChildProcess.Exit? {
        while let expiry = idle?.nextExpiry, expiry <= instant {
            guard expiry > now else {
                throw HarnessError(.system, "the program's clock reports a timer at \(Self.seconds(expiry)), not after its time \(Self.seconds(now))")
            }
            if let exit = try advance(to: expiry) { return exit }
        }
        return nil
    }

    /// Takes the program's next report, or returns how it ended. Past `deadline`, the program
    /// is wedged or stopped: it is killed, and the error names `what` it did not do.
    private mutating func receive(until deadline: Int64, for what: @autoclosure () -> String) throws(HarnessError) -> ChildProcess.Exit? {
        let left = deadline - Clock.now()
        guard left > 0 else {
            kill(pid, SIGKILL)
            throw HarnessError(.programFailed, "the program did not \(what()) within \(timeout / 1_000_000_000) s of wall time on the virtual clock "
                               + "(a program that waits for input other than in poll, select or epoll on its main thread needs real time)")
        }
        switch try link.receive(draining: channel) {
        case .report(let report):
            switch report.kind {
            case .idle: idle = report
            case .advanced: advanced = report
            }
            return nil
        case .nothing:
            return ChildProcess.exited(pid)
        case .closed:
            // Its end closes as it exits: wait for the exit itself.
            while Clock.now() < deadline {
                if let exit = ChildProcess.exited(pid) { return exit }
                usleep(1000)
            }
            kill(pid, SIGKILL)
            throw HarnessError(.programFailed, "the program closed its clock without exiting, before it could \(what())")
        }
    }

    private static func seconds(_ nanos: Int64) -> String {
        String(format: "%.6f s", Double(nanos) / 1e9)
    }
}
