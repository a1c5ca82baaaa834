#if canImport(Glibc)
import Glibc
#endif
import LibinputEvents

/// The libinput side's end of the channel: its configuration, its readiness, and its records,
/// buffered and written to the harness at each ``flush(whole:)`` (in batches when the
/// configuration says so).
public final class LibinputSideChannel {
    public let configuration: LibinputSideConfiguration
    private let output: Int32
    private let readiness: Int32?
    private var writer = WireWriter()

    /// The channel the harness set up in `environment`; a failure when it set up none.
    public init(environment: [String: String]) throws(ChannelFailure) {
        configuration = try LibinputSideConfiguration(environment: environment)
        guard let fd = environment[LibinputSideConfiguration.eventsVariable].flatMap(Int32.init),
            fcntl(fd, F_GETFD) >= 0
        else {
            throw ChannelFailure(.system, "\(LibinputSideConfiguration.eventsVariable) names no open descriptor")
        }
        output = fd
        readiness = environment[LibinputSideConfiguration.readinessVariable].flatMap(Int32.init)
        ChannelRecord.hello(version: ChannelRecord.version).write(to: &writer)
    }

    /// Readable once the harness has gone: its end of the channel closed.
    public var hangup: Int32 { output }

    /// Adds a record to what the next ``flush()`` writes.
    public func send(_ record: ChannelRecord) {
        record.write(to: &writer)
    }

    /// What a batch holds before it is written.
    public static let batchBytes = 32 << 10

    /// Writes what was sent, unless the configuration batches records and `whole` is false and
    /// less than a batch is waiting; false once the harness has gone (its end closed).
    @discardableResult
    public func flush(whole: Bool = true) -> Bool {
        if !whole && configuration.batchesRecords && writer.bytes.count < Self.batchBytes { return true }
        defer { writer.removeAll() }
        return writer.bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    /// Tells the harness the side is ready for the first frame: libinput has added its devices.
    public func notifyReady() {
        guard let readiness else { return }
        var byte: UInt8 = 1
        _ = write(readiness, &byte, 1)
        close(readiness)
    }
}
