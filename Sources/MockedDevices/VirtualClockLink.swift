import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The harness's end of the virtual clock (Preload/virtual-clock.c): a SOCK_SEQPACKET socket
/// whose other end the program gets as descriptor ``programDescriptor``. The harness sends the
/// new time, one 64-bit value; the program reports when it is idle and what a new time made due.
struct VirtualClockLink {
    /// What the program reports: six 64-bit values, in this order.
    struct Report {
        enum Kind: UInt64 {
            /// The program is about to block with nothing ready.
            case idle = 1
            /// The program moved its clock as told and signalled the timers due.
            case advanced = 2
        }

        var kind: Kind
        /// Idle moments counted so far; for ``Kind/advanced``, as they were before its timers
        /// fired, so that a later idle moment has handled them.
        var sequence: UInt64
        /// Bytes the program has consumed from its devices.
        var deviceBytes: UInt64
        /// The earliest armed timer, nanoseconds of virtual time.
        var nextExpiry: Int64?
        /// The virtual time, nanoseconds.
        var now: Int64
        /// Timers the last new time made due.
        var fired: UInt64
    }

    /// What receiving gave.
    enum Received {
        case report(Report)
        /// Nothing came within the time allowed.
        case nothing
        /// The program's end closed: it exited.
        case closed
    }

    /// The number the program gets its end as (0–2 are stdio, 3 the readiness pipe).
    static let programDescriptor: Int32 = 4
    /// Environment variables that switch the program's clock to this link.
    static let descriptorVariable = "TOUCHSYNTH_CLOCK_FD"
    static let startVariable = "TOUCHSYNTH_CLOCK_START_NS"

    let fd: Int32
    /// The program's end, to pass on at spawn and close once it is passed.
    private(set) var programEnd: Int32

    init() throws(HarnessError) {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw HarnessError(.system, "socketpair: \(String(cString: strerror(errno)))")
        }
        // Above any number the program's descriptors are moved to at spawn.
        fd = Self.movedUp(ends[0])
        programEnd = Self.movedUp(ends[1])
        var limit = timeval(tv_sec: 0, tv_usec: Int(Self.receiveTimeout) * 1000)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func movedUp(_ fd: Int32) -> Int32 {
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        guard moved >= 0 else { return fd }
        Glibc.close(fd)
        return moved
    }

    /// The program's environment entries for a clock that starts at `start` nanoseconds.
    static func environment(start: Int64) -> [String: String] {
        [descriptorVariable: String(programDescriptor), startVariable: String(start)]
    }

    /// Closes the program's end in this process, once the program has it.
    mutating func programStarted() {
        Glibc.close(programEnd)
        programEnd = -1
    }

    func close() {
        Glibc.close(fd)
        if programEnd >= 0 { Glibc.close(programEnd) }
    }

    /// Tells the program the time is now `nanos`.
    func send(now nanos: Int64) throws(HarnessError) {
        var value = UInt64(nanos)
        let sent = withUnsafeBytes(of: &value) { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == MemoryLayout<UInt64>.size else {
            // The program is gone; its end is noticed when it is next waited for.
            if errno == EPIPE || errno == ECONNRESET { return }
            throw HarnessError(.system, "telling the program the time: \(String(cString: strerror(errno)))")
        }
    }

    /// The longest one ``receive(draining:)`` waits, in milliseconds.
    static let receiveTimeout: Int32 = 100

    /// The program's next report, waiting at most ``receiveTimeout``. The program writes its
    /// events before it reports idle, so `channel` is read once a report came; and read to its
    /// end when none came, in case the program waits for room to write.
    ///
    /// A blocking `recv` with a receive timeout rather than `poll` and then `recv`: each step of a
    /// replay waits here, and one call in place of two is the harness's share of the step.
    func receive(draining channel: ChannelReceiver?) throws(HarnessError) -> Received {
        var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let size = MemoryLayout.size(ofValue: words)
        let got = withUnsafeMutableBytes(of: &words) { recv(fd, $0.baseAddress, $0.count, 0) }
        if got == 0 || (got < 0 && errno == ECONNRESET) { return .closed }
        if got < 0 {
            guard errno == EINTR || errno == EAGAIN else {
                throw HarnessError(.system, "reading the program's clock report: \(String(cString: strerror(errno)))")
            }
            try channel?.drain()
            return .nothing
        }
        guard got == size, let kind = Report.Kind(rawValue: words.0) else {
            throw HarnessError(.system, "the program's clock report is malformed (\(got) bytes); is its touchsynth-preload from another build?")
        }
        try channel?.drain(once: true)
        return .report(Report(kind: kind, sequence: words.1, deviceBytes: words.2,
                              nextExpiry: words.3 == .max ? nil : Int64(words.3), now: Int64(words.4), fired: words.5))
    }
}
