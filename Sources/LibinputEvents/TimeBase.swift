/// The instant that text shows as 0 s: the first libinput event of a stream. In a replay that is
/// libinput adding the recording's device, where the virtual clock starts (1 s on libinput's
/// clock); in a capture or live, the first event read. Tables, reports and the view show times as
/// seconds since it, so that one event has one time in every output; JSON keeps libinput's own
/// timestamps.
public struct TimeBase: Equatable, Sendable {
    /// The instant, in microseconds on libinput's clock (``LibinputEvent/time``).
    public var origin: UInt64

    /// The base at `origin`, microseconds on libinput's clock.
    public init(origin: UInt64) {
        self.origin = origin
    }

    /// The base of a stream whose first event is `first`.
    public init(first: LibinputEvent) {
        origin = first.time
    }

    /// The base of `events`: their first event; libinput's clock as it is when there is none.
    public init(of events: some Sequence<LibinputEvent>) {
        var iterator = events.makeIterator()
        origin = iterator.next()?.time ?? 0
    }

    /// Seconds from the base to `time`, microseconds on libinput's clock; negative before it.
    public func seconds(_ time: UInt64) -> Double {
        Double(Int64(bitPattern: time &- origin)) / 1e6
    }

    /// Seconds from the base to `timestamp`, seconds on libinput's clock: an app event's
    /// timestamp, a recognizer's transition, a menu's or drag's start.
    public func seconds(atTimestamp timestamp: Double) -> Double {
        timestamp - Double(origin) / 1e6
    }
}
