import Foundation
import PreloadProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The harness's ends of the virtual clock (MockedDevicesPreload/virtual-clock.c), in the layout
/// both read from touchsynth-protocol.h. The replay's steps go to the program ahead of time on a
/// stream socket (its ``scriptDescriptor``), and it writes each frame to its device's pty itself
/// (the masters are its descriptors from ``firstDeviceDescriptor`` on) when it is idle; it reports
/// on a SOCK_SEQPACKET socket (its ``programDescriptor``) the timers it fired, a pause reached and
/// the end.
struct VirtualClockLink {
    /// What the program reports (`struct touchsynth_clock_report`).
    struct Report {
        enum Kind {
            /// The clock moved to a timer's expiry, and the timers due there fired.
            case timers
            /// The clock reached a pause step, every step before it taken: the harness acts, then
            /// writes the next step.
            case paused
            /// The clock reached the end step.
            case finished

            init?(_ value: UInt64) {
                switch value {
                case UInt64(TOUCHSYNTH_REPORT_TIMERS): self = .timers
                case UInt64(TOUCHSYNTH_REPORT_PAUSED): self = .paused
                case UInt64(TOUCHSYNTH_REPORT_FINISHED): self = .finished
                default: return nil
                }
            }
        }

        var kind: Kind
        /// The virtual time, nanoseconds.
        var now: Int64
        /// The timers that fired, for ``Kind/timers``.
        var fired: UInt64
    }

    /// A step of the script: a `struct touchsynth_clock_step` (kind, instant, device index,
    /// length), then a frame's bytes.
    enum StepKind {
        /// A frame (its `struct input_event`s) for a device, to write once the clock has fired the
        /// timers due no later than its instant.
        case frame
        /// The clock moves to the instant, and the program waits for the next step.
        case pause
        /// The clock moves to the instant; nothing follows.
        case end

        var value: UInt64 {
            switch self {
            case .frame: UInt64(TOUCHSYNTH_STEP_FRAME)
            case .pause: UInt64(TOUCHSYNTH_STEP_PAUSE)
            case .end: UInt64(TOUCHSYNTH_STEP_END)
            }
        }
    }

    /// What receiving gave.
    enum Received {
        case report(Report)
        /// No report is waiting.
        case nothing
        /// The program's end closed: it exited.
        case closed
    }

    /// The numbers the program gets its ends as: high, out of the way of the descriptors a
    /// program sets itself (a shell's `exec 4<file`), so that they stay where its environment
    /// says for the programs it executes; below its descriptor limit, and far above the harness's
    /// own descriptors, of which the program's ends are copies (``ChildProcess/spawn``).
    let programDescriptor: Int32
    var scriptDescriptor: Int32 { programDescriptor + 1 }
    var firstDeviceDescriptor: Int32 { programDescriptor + 2 }

    /// The report socket, non-blocking.
    let fd: Int32
    /// The script socket, non-blocking.
    let script: Int32
    /// The program's ends, to pass on at spawn and close once passed: the report and script
    /// sockets, and copies of the devices' pty masters.
    private var programEnds: (reports: Int32, script: Int32, masters: [Int32])

    /// Each device's N of `/dev/input/eventN`, in the order of the steps' device indices: a frame
    /// for a device the program has closed (libinput suspending a touchpad) reaches no reader.
    let eventNumbers: [Int]

    /// A link for a program that reads the devices whose pty masters are `masters` and whose
    /// nodes are `/dev/input/event<eventNumbers>`, in the order of the steps' device indices.
    init(masters: [Int32], eventNumbers: [Int]) throws(HarnessError) {
        self.eventNumbers = eventNumbers
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw HarnessError(.system, "socketpair: \(String(cString: strerror(errno)))")
        }
        fd = movedUp(ends[0])
        let programReports = movedUp(ends[1])
        let pair = try closeOnExecPair()
        script = pair.harness
        // Copies numbered apart from every target (above the low ones, below the clock's), so that
        // passing them on moves none over another.
        programEnds = (programReports, pair.program, masters.map { fcntl($0, F_DUPFD_CLOEXEC, 100) })
        var limit = rlimit()
        let gotLimit = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        let descriptors = gotLimit ? Int(clamping: limit.rlim_cur) : 1024
        // Above every end passed on, so that placing one never overwrites another yet to be placed:
        // a process that has opened many descriptors (a test suite replaying hundreds of
        // recordings) may hold them in the 900s.
        let highest = ([programEnds.reports, programEnds.script] + programEnds.masters).max() ?? 0
        programDescriptor = Int32(clamping: min(max(900, Int(highest) + 1), descriptors - 2 - masters.count))
        // Room for thousands of frames, so that the harness wakes seldom to write more.
        var size: Int32 = 1 << 20
        _ = setsockopt(script, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        _ = setsockopt(pair.program, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        for end in [fd, script] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    /// The program's environment entries for a clock that starts at `start` nanoseconds.
    func environment(start: Int64) -> [String: String] {
        [
            "TOUCHSYNTH_CLOCK_FD": String(programDescriptor), "TOUCHSYNTH_CLOCK_SCRIPT_FD": String(scriptDescriptor),
            "TOUCHSYNTH_CLOCK_DEVICE_FDS":
                programEnds.masters.indices.map { String(firstDeviceDescriptor + Int32($0)) }.joined(separator: ","),
            "TOUCHSYNTH_CLOCK_DEVICE_NUMBERS": eventNumbers.map(String.init).joined(separator: ","),
            "TOUCHSYNTH_CLOCK_START_NS": String(start),
        ]
    }

    /// The descriptors the program gets, by the number it gets each as.
    var descriptors: [Int32: Int32] {
        var descriptors = [programDescriptor: programEnds.reports, scriptDescriptor: programEnds.script]
        for (i, master) in programEnds.masters.enumerated() { descriptors[firstDeviceDescriptor + Int32(i)] = master }
        return descriptors
    }

    /// Closes the program's ends in this process, once the program has them.
    mutating func programStarted() {
        closeProgramEnds()
    }

    mutating func close() {
        Glibc.close(fd)
        Glibc.close(script)
        closeProgramEnds()
    }

    private mutating func closeProgramEnds() {
        for end in [programEnds.reports, programEnds.script] + programEnds.masters where end >= 0 { Glibc.close(end) }
        programEnds = (-1, -1, [])
    }

    /// Appends a step to `buffer`.
    static func append(
        _ kind: StepKind, at instant: Int64, device: Int = 0, frame: [UInt8] = [], origin: Int? = nil,
        to buffer: inout [UInt8]
    ) {
        let step = touchsynth_clock_step(
            kind: kind.value, instant: UInt64(instant), device: UInt32(device),
            length: UInt32(frame.count), origin: origin.map(UInt64.init) ?? UInt64.max)
        withUnsafeBytes(of: step) { buffer.append(contentsOf: $0) }
        buffer.append(contentsOf: frame)
    }

    /// The program's next report, if one is waiting.
    func receive() throws(HarnessError) -> Received {
        var report = touchsynth_clock_report()
        let size = MemoryLayout.size(ofValue: report)
        let got = withUnsafeMutableBytes(of: &report) { recv(fd, $0.baseAddress, $0.count, 0) }
        if got == 0 || (got < 0 && errno == ECONNRESET) { return .closed }
        if got < 0 {
            guard errno == EINTR || errno == EAGAIN else {
                throw HarnessError(.system, "reading the program's clock report: \(String(cString: strerror(errno)))")
            }
            return .nothing
        }
        guard got == size, let kind = Report.Kind(report.kind) else {
            throw HarnessError(
                .system,
                "the program's clock report is malformed (\(got) bytes); is its touchsynth-preload from another build?")
        }
        return .report(Report(kind: kind, now: Int64(report.now), fired: report.fired))
    }
}
