/// Groups timed events into frames ending at SYN_REPORT, with times relative to the first event.
///
/// A frame's time is its first event's (evemu 1.x stamps each event, a few microseconds apart).
/// Where a log's events go back in time within a frame (ring buffers pasted out of order), or
/// span more than ``widestSpread`` (a log edited by hand), the frame takes its SYN_REPORT's time
/// instead, the time readers act on: the kernel stamps a frame's events when its SYN_REPORT
/// passes them on (`input_get_timestamp`, drivers/input/input.c). Frame times never go back.
struct FrameAssembler {
    /// The widest a frame's events are taken to be stamped apart, in µs: evemu 1.x stamps each as
    /// it reads it, and real logs' frames span up to a few hundred microseconds.
    static let widestSpread: UInt64 = 1000

    /// Whether an event at `time`, in a frame whose first event came at `start`, spreads the
    /// frame wider than ``widestSpread``.
    static func spreadsTooWide(from start: UInt64, to time: UInt64) -> Bool {
        time > start && time - start > widestSpread
    }

    private var start: UInt64?
    private var current: [EvdevEvent] = []
    private var frameTime: UInt64 = 0
    private var previousEventTime: UInt64 = 0
    private var previousFrameTime: UInt64 = 0
    private var takesSynReportTime = false

    /// Whether a frame of key repeats alone (value 2) is marked as the kernel's autorepeat, ended
    /// by SYN_REPORT 1 (``RecordingLoader/Format/dropsSynReportValue``).
    var marksRepeats = false

    /// Frames timed from `origin` (a time in the file), or else from the first event.
    init(origin: UInt64? = nil) { start = origin }

    /// Adds an event; returns the frame it completes.
    mutating func add(time: UInt64, event: EvdevEvent) -> EvdevFrame? {
        let origin = start ?? time
        start = origin
        let relative = time >= origin ? time - origin : 0
        if current.isEmpty {
            frameTime = relative
            takesSynReportTime = false
        } else if relative < previousEventTime || Self.spreadsTooWide(from: frameTime, to: relative) {
            takesSynReportTime = true
        }
        previousEventTime = relative
        current.append(event)
        guard event.isSynReport else { return nil }
        defer { current.removeAll(keepingCapacity: true) }
        if takesSynReportTime { frameTime = relative }
        frameTime = max(frameTime, previousFrameTime)
        previousFrameTime = frameTime
        if marksRepeats, current.count > 1, current.dropLast().allSatisfy({ $0.type == Evdev.EV_KEY && $0.value == 2 })
        {
            current[current.count - 1].value = 1
        }
        return EvdevFrame(time: frameTime, events: Self.exactCopy(current))
    }

    /// `events` in a buffer of their own, as long as they are: a frame returned sharing the
    /// assembler's buffer would keep its capacity (the largest frame's so far) for the recording's
    /// life, and the next `removeAll(keepingCapacity:)` would allocate another as large.
    private static func exactCopy(_ events: [EvdevEvent]) -> [EvdevEvent] {
        events.withUnsafeBufferPointer { Array($0) }
    }

    /// How many events the frame being made holds so far.
    var pendingEvents: Int { current.count }

    /// The events after the last SYN_REPORT, closed with one so that a reader sees every event.
    mutating func flush() -> EvdevFrame? {
        guard !current.isEmpty else { return nil }
        current.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        defer { current.removeAll() }
        return EvdevFrame(time: frameTime, events: Self.exactCopy(current))
    }
}
