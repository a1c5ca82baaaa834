import Foundation
import TextTables

/// A log that starts mid-gesture (a ring buffer, a paste from the middle) made whole the way a
/// kernel presents a device to a reader that opens it then: the touches already down, and the
/// keys already held, are there from the start. The rule: a slot that gets an `ABS_MT_*` value
/// before any `ABS_MT_TRACKING_ID`, and a key whose first event is a release, were in use when
/// the log began; a first frame at the first event's time gives each such slot a new tracking id
/// and the first value the log gives each of its axes (the middle of the axis's range for one it
/// never gives), presses those keys, and selects slot 0, where events before any `ABS_MT_SLOT` go.
///
/// Gathered one event at a time, so that a long log need not be held.
public struct MidGestureRepair: Sendable {
    private var slot: Int32 = 0
    private var tracked: Set<Int32> = []
    /// Slots given an `ABS_MT_*` value before any tracking id, whether or not the device has slots.
    private var untracked: [Int32] = []
    private var firstValues: [Int32: [UInt16: Int32]] = [:]
    private var keysSeen: Set<UInt16> = []
    private var held: [UInt16] = []
    private var highestID: Int32 = 0

    /// Nothing seen yet.
    public init() {}

    /// The slots a device that can be played may have (``DeviceDescription/maxSlots``): what
    /// happens in another is not kept, as no description takes it.
    private static let possibleSlots = 0..<DeviceDescription.maxSlots

    /// Whether `e` selects a slot beyond any device's (``possibleSlots``).
    static func isStraySlot(_ e: EvdevEvent) -> Bool {
        e.type == Evdev.EV_ABS && e.code == Evdev.ABS_MT_SLOT && !possibleSlots.contains(e.value)
    }

    /// Takes in one event of the log.
    public mutating func add(_ e: EvdevEvent) {
        switch e.type {
        case Evdev.EV_ABS where e.code == Evdev.ABS_MT_SLOT:
            slot = e.value
        case Evdev.EV_ABS where e.code == Evdev.ABS_MT_TRACKING_ID:
            if Self.possibleSlots.contains(slot) { tracked.insert(slot) }
            highestID = max(highestID, e.value)
        case Evdev.EV_ABS where e.code > Evdev.ABS_MT_SLOT:
            if !tracked.contains(slot), Self.possibleSlots.contains(slot) {
                if !untracked.contains(slot) { untracked.append(slot) }
                if firstValues[slot]?[e.code] == nil { firstValues[slot, default: [:]][e.code] = e.value }
            }
        case Evdev.EV_KEY where !keysSeen.contains(e.code):
            keysSeen.insert(e.code)
            if e.value == 0 { held.append(e.code) }
        default:
            break
        }
    }

    /// The frame that puts down what was in use when the log of the events seen began, on
    /// `device`, and what it says; nil when nothing was. Only a device with slots (protocol B)
    /// has touches a log can catch half-way.
    public func firstFrame(device: DeviceDescription) -> (events: [EvdevEvent], note: String)? {
        let inUse = device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT) ? untracked : []
        guard !inUse.isEmpty || !held.isEmpty else { return nil }
        var frame: [EvdevEvent] = []
        for (index, s) in inUse.enumerated() {
            frame.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: s))
            frame.append(
                EvdevEvent(
                    type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID,
                    value: Int32(clamping: Int64(highestID) + 1 + Int64(index))))
            // An axis the log never gives the slot: the middle of its range (the centre of the pad).
            let axes = (device.codes[Evdev.EV_ABS] ?? []).filter {
                $0 > Evdev.ABS_MT_SLOT && $0 != Evdev.ABS_MT_TRACKING_ID
            }
            for code in axes.sorted() {
                guard let info = device.absinfo[code] else { continue }
                let value = firstValues[s]?[code] ?? Int32((Int64(info.minimum) + Int64(info.maximum)) / 2)
                frame.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
            }
        }
        if !inUse.isEmpty { frame.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: 0)) }
        frame += held.map { EvdevEvent(type: Evdev.EV_KEY, code: $0, value: 1) }
        frame.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        let what =
            (inUse.isEmpty
                ? []
                : [
                    "touches in \(TextTable.word("slot", for: inUse.count)) "
                        + inUse.map(String.init).joined(separator: ", ")
                ])
            + (held.isEmpty
                ? [] : [held.map { Evdev.codeName(type: Evdev.EV_KEY, code: $0) }.joined(separator: ", ") + " held"])
        let note =
            "the log starts mid-gesture: " + what.joined(separator: " and ")
            + " at its start, given a first frame of their own"
        return (frame, note)
    }
}
