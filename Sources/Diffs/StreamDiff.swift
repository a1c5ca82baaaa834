import LibinputEventText
import LibinputEvents

/// Two libinput event streams compared event by event as `libinput debug-events` shows them (two
/// decimals), on the devices both have (matched by name), without times or event node numbers:
/// what `touchsynth diff` prints for two captures.
public struct StreamDiff: Sendable {
    /// The compared events of each stream, as compared.
    public var expected: [String]
    public var actual: [String]
    /// Where `actual` parts from `expected`, in order.
    public var differences: [EventAlignment.Difference]
    /// The names of the devices both streams have, sorted.
    public var devices: [String]
    /// The names of the devices one stream has and the other not, sorted: their events are not
    /// compared.
    public var expectedOnly: [String]
    public var actualOnly: [String]
    /// Whether the streams are the same: no difference, on devices both have, or neither having
    /// any (streams of devices that share none are not).
    public var same: Bool
    /// Whether every type was compared (`--all`), not gestures, scrolls and buttons alone.
    public var allTypes: Bool

    /// Compares the gesture, scroll and button events (as the cross-check against debug-events
    /// does), or with `allTypes` every type but device bookkeeping.
    public init(expected a: [LibinputEvent], actual b: [LibinputEvent], allTypes: Bool) {
        let (namesA, namesB) = (Self.deviceNames(a), Self.deviceNames(b))
        let common = Set(namesA.values).intersection(namesB.values)
        self.allTypes = allTypes
        expected = Self.shown(a, names: namesA, on: common, allTypes: allTypes)
        actual = Self.shown(b, names: namesB, on: common, allTypes: allTypes)
        differences = EventAlignment.differences(expected, actual)
        devices = common.sorted()
        expectedOnly = Set(namesA.values).subtracting(common).sorted()
        actualOnly = Set(namesB.values).subtracting(common).sorted()
        same = differences.isEmpty && (!devices.isEmpty || (namesA.isEmpty && namesB.isEmpty))
    }

    /// Each device's name by event node, from its DEVICE_ADDED.
    private static func deviceNames(_ events: [LibinputEvent]) -> [String: String] {
        var names: [String: String] = [:]
        for e in events { if case .deviceAdded(let info) = e.kind { names[e.device] = info.name } }
        return names
    }

    private static func shown(
        _ events: [LibinputEvent], names: [String: String], on common: Set<String>, allTypes: Bool
    ) -> [String] {
        events.compactMap { e in
            guard let name = names[e.device], common.contains(name) else { return nil }
            switch e.kind {
            case .deviceAdded, .deviceRemoved: return nil
            case .gestureSwipeBegin, .gestureSwipeUpdate, .gestureSwipeEnd, .gesturePinchBegin, .gesturePinchUpdate,
                .gesturePinchEnd, .gestureHoldBegin, .gestureHoldEnd, .pointerScroll, .pointerButton:
                return EventFormat.comparable(e)
            default: return allTypes ? EventFormat.comparable(e) : nil
            }
        }
    }
}
