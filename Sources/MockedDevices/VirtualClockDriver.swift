import Foundation
import MonotonicClock

#if canImport(Glibc)
import Glibc
#endif

/// The harness's side of the virtual clock: it writes the replay's steps ahead to the program,
/// which takes each when it is idle (Preload/virtual-clock.c), and meanwhile takes the program's
/// reports and drains its events. The harness waits for the program only at a pause (a device
/// unplugged) and at the end.
struct VirtualClockDriver {
    let link: VirtualClockLink
    let pid: pid_t
    /// The libinput side's channel, drained while the driver waits.
    let channel: ChannelReceiver?
    /// Wall-clock nanoseconds the program may go without taking a step, reporting or writing events.
    let timeout: Int64
    /// Steps not yet written, from ``written`` on.
    private var steps: [UInt8] = []
    private var written = 0
    /// The instants the clock moved to that made timers due, in order.
    private(set) var timerInstants: [Int64] = []
    private var paused = false
    private var finished = false

    /// Steps written ahead beyond this wait until the program has taken some.
    private static let ahead = 1 << 16

    init(link: VirtualClockLink, pid: pid_t, timeout: Duration, channel: ChannelReceiver?) {
        self.link = link
        self.pid = pid
        self.channel = channel
        self.timeout = timeout.nanoseconds
    }

    /// Writes the frame `bytes` for device `device` (its index among the nodes), due at
    /// `instant`; `origin` is its index in the device's recording, nil for a step of the
    /// harness's own. Returns how the program ended if it did instead.
    mutating func frame(
        _ bytes: [UInt8], device: Int, origin: Int?, at instant: Int64, for what: @autoclosure () -> String
    ) throws(HarnessError) -> ChildProcess.Exit? {
        VirtualClockLink.append(.frame, at: instant, device: device, frame: bytes, origin: origin, to: &steps)
        guard steps.count - written >= Self.ahead else { return nil }
        return try serve(until: { $0.steps.count - $0.written < Self.ahead / 2 }, for: what())
    }

    /// Moves the program's clock to `instant`, every timer due by then fired, and waits until
    /// it has taken every step before: the harness may then act (unplug a device) before the
    /// next step.
    mutating func pause(
        at instant: Int64, for what: @autoclosure () -> String
    ) throws(HarnessError) -> ChildProcess.Exit? {
        VirtualClockLink.append(.pause, at: instant, to: &steps)
        paused = false
        return try serve(until: { $0.paused }, for: what())
    }

    /// Moves the program's clock to `instant`, every timer due by then fired, and waits until it
    /// is there.
    mutating func end(at instant: Int64) throws(HarnessError) -> ChildProcess.Exit? {
        VirtualClockLink.append(.end, at: instant, to: &steps)
        return try serve(
            until: { $0.finished }, for: "run its timers up to the replay's end at \(Self.seconds(instant))")
    }

    /// Writes steps, takes reports and drains the program's events until `done`. Returns how the
    /// program ended if it did first; a program that takes no step, reports nothing and writes no
    /// event for ``timeout`` is killed, and the error names `what` it did not do.
    private mutating func serve(
        until done: (Self) -> Bool, for what: @autoclosure () -> String
    ) throws(HarnessError) -> ChildProcess.Exit? {
        var deadline = MonotonicClock.now() + timeout
        defer {
            // What is written goes, so that the steps held stay within what is written ahead.
            steps.removeFirst(written)
            written = 0
        }
        while !done(self) {
            if written < steps.count {
                // send, not write: a program gone must not raise SIGPIPE here.
                let n = steps[written...].withUnsafeBytes {
                    send(link.script, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if n > 0 {
                    written += n
                    deadline = MonotonicClock.now() + timeout
                    continue
                }
                guard n < 0, errno == EAGAIN || errno == EINTR else {
                    // The program closed its end: it is exiting.
                    if let exit = try waitForExit(until: deadline, for: what()) { return exit }
                    continue
                }
            }
            var fds = [
                pollfd(fd: link.fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: channel?.fd ?? -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: written < steps.count ? link.script : -1, events: Int16(POLLOUT), revents: 0),
            ]
            let ready = poll(&fds, 3, 100)
            if ready < 0 && errno != EINTR { throw HarnessError(.system, "poll: \(String(cString: strerror(errno)))") }
            if fds[1].revents != 0 {
                try channel?.drain()
                deadline = MonotonicClock.now() + timeout
            }
            if fds[0].revents != 0 {
                if let exit = try takeReports(until: deadline, for: what()) { return exit }
                deadline = MonotonicClock.now() + timeout
            }
            if ready == 0 {
                if let exit = ChildProcess.exited(pid) { return exit }
                if MonotonicClock.now() > deadline {
                    kill(pid, SIGKILL)
                    throw HarnessError(
                        .programFailed,
                        "the program did not \(what()) within \(timeout / 1_000_000_000) s of wall time on the "
                            + "virtual clock "
                            + "(a program that waits for input other than in poll, select or epoll on its main thread "
                            + "needs real time)"
                    )
                }
            }
        }
        return nil
    }

    /// Takes every report waiting; returns how the program ended if its end closed.
    private mutating func takeReports(
        until deadline: Int64, for what: @autoclosure () -> String
    ) throws(HarnessError) -> ChildProcess.Exit? {
        while true {
            switch try link.receive() {
            case .report(let report):
                switch report.kind {
                case .timers: if report.fired > 0 { timerInstants.append(report.now) }
                case .paused: paused = true
                case .finished: finished = true
                }
            case .nothing:
                return nil
            case .closed:
                return try waitForExit(until: deadline, for: what())
            }
        }
    }

    /// The program closed its ends as it exits: waits for the exit itself.
    private func waitForExit(
        until deadline: Int64, for what: @autoclosure () -> String
    ) throws(HarnessError) -> ChildProcess.Exit? {
        while MonotonicClock.now() < deadline {
            try channel?.drain()
            if let exit = ChildProcess.exited(pid) { return exit }
            usleep(1000)
        }
        kill(pid, SIGKILL)
        throw HarnessError(.programFailed, "the program closed its clock without exiting, before it could \(what())")
    }

    static func seconds(_ nanos: Int64) -> String {
        String(format: "%.6f s", Double(nanos) / 1e9)
    }
}
