/// How many events of one type libinput sent, as a message or a report tallies them.
public struct EventTypeCount: Equatable, Sendable, Encodable {
    /// libinput's name for the type (``LibinputEvent/typeName``), `POINTER_MOTION`.
    public var type: String
    public var count: Int

    public init(type: String, count: Int) {
        self.type = type
        self.count = count
    }

    /// `events` by type, the most frequent first (ties by name), leaving out the devices being
    /// added and removed, which every replay has.
    public static func tally(_ events: some Sequence<LibinputEvent>) -> [EventTypeCount] {
        var counts: [String: Int] = [:]
        for event in events where !event.kind.isDeviceChange { counts[event.typeName, default: 0] += 1 }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
            EventTypeCount(type: $0.key, count: $0.value)
        }
    }
}
