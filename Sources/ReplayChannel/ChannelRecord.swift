import LibinputEvents

/// What the libinput side tells the harness, one record at a time, in order.
public enum ChannelRecord: Equatable, Sendable {
    /// The first record: the side's version of this form, so that a side from another build is
    /// told apart from a broken one.
    case hello(version: UInt16)
    /// A libinput event, and when libinput's dispatch returned it (CLOCK_MONOTONIC ns of the
    /// side; on the virtual clock, the virtual time).
    case event(LibinputEvent, availableAt: UInt64)
    /// A line libinput logged, with its cause stamped in the side's virtual nanoseconds.
    case log(LibinputLogMessage)
    /// Why the side could not run: it exits after this record.
    case failure(ChannelFailure)

    /// The version of the form this build writes and reads.
    public static let version: UInt16 = 6

    private enum Tag: UInt8 {
        case hello = 1, event, log, failure
    }

    /// Appends the record, framed by its length, to `w`.
    public func write(to w: inout WireWriter) {
        let start = w.bytes.count
        w.put(UInt32(0))
        switch self {
        case .hello(let version):
            w.put(Tag.hello.rawValue)
            w.put(version)
        case .event(let event, let availableAt):
            w.put(Tag.event.rawValue)
            w.put(availableAt)
            event.write(to: &w)
        case .log(let message):
            w.put(Tag.log.rawValue)
            w.put(message.priority.rawValue)
            w.put(UInt8(message.isTouchSynths ? 1 : 0))
            w.put(message.text)
            Self.write(message.cause, to: &w)
        case .failure(let failure):
            w.put(Tag.failure.rawValue)
            w.put(failure.kind.rawValue)
            w.put(failure.message)
            w.put(failure.device ?? "")
        }
        w.patch(UInt32(w.bytes.count - start - 4), at: start)
    }

    /// Reads one record's body (what follows its length), all of it.
    init(from r: inout WireReader) throws(WireError) {
        let raw = try r.get(UInt8.self)
        guard let tag = Tag(rawValue: raw) else { throw WireError("\(raw) is not a record of the libinput side") }
        switch tag {
        case .hello:
            self = .hello(version: try r.get(UInt16.self))
        case .event:
            let availableAt = try r.get(UInt64.self)
            self = .event(try LibinputEvent(from: &r), availableAt: availableAt)
        case .log:
            let raw = try r.get(UInt8.self)
            guard let priority = LibinputLogMessage.Priority(rawValue: raw) else {
                throw WireError("\(raw) is not a log priority")
            }
            let isTouchSynths = try r.get(UInt8.self) != 0
            let text = try r.get(String.self)
            self = .log(
                LibinputLogMessage(
                    priority: priority, text: text, cause: try Self.readCause(from: &r), isTouchSynths: isTouchSynths))
        case .failure:
            let raw = try r.get(UInt8.self)
            guard let kind = ChannelFailure.Kind(rawValue: raw) else { throw WireError("\(raw) is not a failure kind") }
            let message = try r.get(String.self)
            let device = try r.get(String.self)
            self = .failure(ChannelFailure(kind, message, device: device.isEmpty ? nil : device))
        }
        guard r.isAtEnd else { throw WireError("a record longer than its content") }
    }
}

extension ChannelRecord {
    private enum CauseTag: UInt8 {
        case none, frame, timers, fault
    }

    private static func write(_ cause: LibinputLogCause?, to w: inout WireWriter) {
        switch cause {
        case nil: w.put(CauseTag.none.rawValue)
        case .frame(let device, let index, let time):
            w.put(CauseTag.frame.rawValue)
            w.put(UInt32(device))
            w.put(UInt64(index))
            w.put(time)
        case .timers(let time):
            w.put(CauseTag.timers.rawValue)
            w.put(time)
        case .fault(let time):
            w.put(CauseTag.fault.rawValue)
            w.put(time)
        }
    }

    private static func readCause(from r: inout WireReader) throws(WireError) -> LibinputLogCause? {
        let raw = try r.get(UInt8.self)
        guard let tag = CauseTag(rawValue: raw) else { throw WireError("\(raw) is not a log line's cause") }
        switch tag {
        case .none: return nil
        case .frame:
            let device = Int(try r.get(UInt32.self))
            let index = try r.get(UInt64.self)
            guard index <= UInt64(Int.max) else { throw WireError("frame \(index) is out of range") }
            return .frame(device: device, index: Int(index), time: try r.get(UInt64.self))
        case .timers: return .timers(time: try r.get(UInt64.self))
        case .fault: return .fault(time: try r.get(UInt64.self))
        }
    }
}

/// Why the libinput side stopped before it could replay, in the terms of the library that failed.
public struct ChannelFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: UInt8, Sendable {
        /// There was no device to use.
        case unavailable = 1
        /// The side's environment or a system call failed.
        case system
        /// libinput would not use the recording's device: its description breaks libinput's rules.
        case deviceRejected
    }

    public var kind: Kind
    public var message: String
    /// The node of the device libinput rejected, where it rejected one.
    public var device: String?

    public init(_ kind: Kind, _ message: String, device: String? = nil) {
        self.kind = kind
        self.message = message
        self.device = device
    }

    public var description: String { message }
}

/// The harness's end: bytes in as they arrive from the pipe, whole records out.
public struct ChannelDecoder {
    private var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    /// Adds bytes read from the pipe.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole record, or nil until more bytes arrive.
    public mutating func next() throws(WireError) -> ChannelRecord? {
        guard buffer.count - start >= 4 else { return nil }
        var length = 0
        for i in 0..<4 { length |= Int(buffer[start + i]) << (8 * i) }
        guard buffer.count - start - 4 >= length else {
            // What is left moves to the front, so that the buffer does not grow with the stream.
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            return nil
        }
        var body = WireReader(buffer, range: start + 4..<start + 4 + length)
        start += 4 + length
        return try ChannelRecord(from: &body)
    }

    /// Bytes of an unfinished record left when the stream ended.
    public var pendingBytes: Int { buffer.count - start }
}
