import Foundation
import LibinputEvents
import ReplayChannel

#if canImport(Glibc)
import Glibc
#endif

/// What the libinput side reported, in the order it did.
public enum LibinputSideOutput: Sendable {
    /// A libinput event, and when libinput's dispatch returned it (CLOCK_MONOTONIC ns of the
    /// side: on the virtual clock, its virtual time).
    case event(LibinputEvent, availableAt: UInt64)
    /// A line libinput logged (info or error).
    case log(LibinputLogMessage)
}

/// The harness's end of the libinput side's channel: a stream socket whose other end the side gets as
/// ``LibinputSideConfiguration/eventsDescriptor``. Whoever waits for the side drains it, so that
/// the side never blocks on a full pipe while the harness waits for it to go idle.
package final class ChannelReceiver {
    /// What the side is told at its start.
    let configuration: LibinputSideConfiguration
    /// The harness's end, non-blocking.
    let fd: Int32
    /// The side's end, to pass on at spawn and close once it is passed.
    private(set) var programEnd: Int32
    private var decoder = ChannelDecoder()
    private var greeted = false
    private let handle: (LibinputSideOutput) -> Void
    /// Why the side stopped, when it said so.
    private(set) var failure: ChannelFailure?
    /// libinput's log lines so far.
    package private(set) var log: [LibinputLogMessage] = []
    /// Microseconds into the recording of a virtual instant: the side stamps a log line's cause
    /// with the program's clock, and the harness alone knows where the recording starts on it.
    var recordingMicros: (Int64) -> UInt64 = { UInt64(clamping: $0 / 1000) }
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)

    package init(
        configuration: LibinputSideConfiguration, handle: @escaping (LibinputSideOutput) -> Void
    ) throws(HarnessError) {
        self.configuration = configuration
        let ends = try closeOnExecPair()
        // Room for many steps' events, so that the side rarely waits for the harness to read.
        var size: Int32 = 1 << 20
        _ = setsockopt(ends.program, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        _ = setsockopt(ends.harness, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        fd = ends.harness
        programEnd = ends.program
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        self.handle = handle
    }

    /// Closes the side's end in this process, once the side has it.
    func programStarted() {
        Glibc.close(programEnd)
        programEnd = -1
    }

    package func close() {
        Glibc.close(fd)
        if programEnd >= 0 { Glibc.close(programEnd) }
    }

    /// Reads and hands on every whole record the pipe holds now, without waiting.
    func drain() throws(HarnessError) {
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return }
                throw HarnessError(.system, "reading the libinput side: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return }
            chunk.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            while let record = try next() { try take(record) }
        }
    }

    /// The next whole record the decoder holds; bytes that are no record end the replay.
    private func next() throws(HarnessError) -> ChannelRecord? {
        do {
            return try decoder.next()
        } catch {
            throw HarnessError(
                .programFailed,
                "the libinput side's output is malformed (\(error.problem)); "
                    + "is touchsynth-libinput from another build?")
        }
    }

    private func take(_ record: ChannelRecord) throws(HarnessError) {
        switch record {
        case .hello(let version):
            guard version == ChannelRecord.version else {
                throw HarnessError(
                    .programFailed,
                    "the libinput side speaks version \(version) of the channel, this build \(ChannelRecord.version): "
                        + "touchsynth-libinput is from another build")
            }
            greeted = true
        case _ where !greeted:
            throw HarnessError(
                .programFailed, "the libinput side did not introduce itself: is touchsynth-libinput from another build?"
            )
        case .event(let event, let availableAt):
            handle(.event(event, availableAt: availableAt))
        case .log(var message):
            message.cause = message.cause.map(onRecordingClock)
            log.append(message)
            handle(.log(message))
        case .failure(let failure):
            self.failure = failure
        }
    }

    /// `cause` as the side stamped it (virtual nanoseconds), in microseconds into the recording.
    private func onRecordingClock(_ cause: LibinputLogCause) -> LibinputLogCause {
        let micros = recordingMicros(Int64(clamping: cause.time))
        switch cause {
        case .frame(let device, let index, _): return .frame(device: device, index: index, time: micros)
        case .timers: return .timers(time: micros)
        case .fault: return .fault(time: micros)
        }
    }

    /// After the side exited: what it wrote last, and whether the stream ended on a whole record.
    func finish() throws(HarnessError) {
        try drain()
        if decoder.pendingBytes > 0 {
            throw HarnessError(
                .programFailed, "the libinput side ended in the middle of a record (\(decoder.pendingBytes) bytes)")
        }
    }
}

extension ChannelReceiver {
    /// Waits up to `milliseconds` for `events` on `fd` (-1 to wait on nothing but the channel),
    /// draining `channel` whenever it has records meanwhile. Returns `fd`'s events, none on a
    /// timeout or an interrupted wait.
    static func poll(
        _ fd: Int32, for events: Int16, milliseconds: Int32, draining channel: ChannelReceiver?
    ) throws(HarnessError) -> Int16 {
        var fds = [
            pollfd(fd: fd, events: events, revents: 0),
            pollfd(fd: channel?.fd ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let ready = Glibc.poll(&fds, 2, milliseconds)
        if ready < 0 {
            if errno == EINTR { return 0 }
            throw HarnessError(.system, "poll: \(String(cString: strerror(errno)))")
        }
        if fds[1].revents != 0 { try channel?.drain() }
        return fds[0].revents
    }
}

/// A connected pair of stream sockets, one end for the harness and one for a program it starts,
/// both close-on-exec from the start (a replay on another thread may spawn meanwhile) and
/// numbered above the descriptors a program gets its ends as at spawn.
func closeOnExecPair() throws(HarnessError) -> (harness: Int32, program: Int32) {
    var ends: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
        throw HarnessError(.system, "socketpair: \(String(cString: strerror(errno)))")
    }
    return (movedUp(ends[0]), movedUp(ends[1]))
}

/// `fd` renumbered, close-on-exec, above the descriptors a program gets its ends as at spawn
/// (`fd` itself if it cannot be).
func movedUp(_ fd: Int32) -> Int32 {
    let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
    guard moved >= 0 else { return fd }
    close(fd)
    return moved
}
