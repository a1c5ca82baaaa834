extension Recording {
    /// The recording as libinput 1.29 and later reads a touchpad that sends the multitouch
    /// protocol without slots (protocol A): through its mtdev plugin (``MtdevConversion``).
    /// Every frame keeps its place, so that the frame numbers the harness stamps on libinput's log
    /// still find it.
    public func readThroughMtdev() -> Recording {
        var copy = self
        copy.device = MtdevConversion.slotted(device)
        var conversion = MtdevConversion(device: device)
        copy.frames = frames.map { EvdevFrame(time: $0.time, events: conversion.convert($0.events)) }
        return copy
    }

    /// The recording with every contact in a slot of its own, to draw: a protocol A pad's as
    /// mtdev tracks them (``readThroughMtdev()``), any other as it is.
    public var withContactsInSlots: Recording { device.isProtocolA ? readThroughMtdev() : self }
}

/// A touchpad sending the multitouch protocol without slots (protocol A), as mtdev turns its
/// frames into slots for libinput's plugin (`mtdev_plugin_device_new`,
/// src/libinput-plugin-mtdev.c, libinput 1.29 and later; `convert_A_to_B`, src/core.c of mtdev
/// 1.1): each frame's contacts paired with the frame before's at the least summed squared
/// distance, a contact left over in the lowest free slot with a new tracking ID, the kernel's
/// jitter filter on the axes' fuzz. It holds each slot's values between frames. Pairings that
/// cost exactly the same may be broken otherwise than mtdev's Hungarian matcher breaks them.
///
/// mtdev keeps a contact of touch major 0 where it is not told of that axis, which the plugin
/// tells it of only where the header's value is not 0: such a contact takes a slot and may be
/// paired with the next frame's, as in mtdev, but a slot is sent only while its contact touches
/// (on a device with the axis, a touch major other than 0). What reads this (explain's sequences,
/// the drawn contacts) follows the contacts that touch, in the slots mtdev gives them.
public struct MtdevConversion: Sendable {
    /// The slots the plugin declares to libinput; mtdev itself follows up to 32 contacts
    /// (`DIM_FINGER`), and libevdev drops what it sends for a slot beyond those declared.
    public static let declaredSlots = 10
    static let maxContacts = 32
    static let lastTrackingID: Int32 = 65535
    /// The axes the plugin tells mtdev of (`mtdev_plugin_device_new`): their fuzz, and whether
    /// mtdev thinks the device has them, which the plugin gives as the axis's value.
    private static let described: [UInt16] = [
        Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y, Evdev.ABS_MT_TOUCH_MAJOR, Evdev.ABS_MT_TOUCH_MINOR,
        Evdev.ABS_MT_WIDTH_MAJOR, Evdev.ABS_MT_WIDTH_MINOR, 0x34,
    ]

    /// `device` as the plugin declares it to libinput: slots 0…9 and tracking IDs besides.
    public static func slotted(_ device: DeviceDescription) -> DeviceDescription {
        var slotted = device
        slotted.codes[Evdev.EV_ABS, default: []].formUnion([Evdev.ABS_MT_SLOT, Evdev.ABS_MT_TRACKING_ID])
        slotted.absinfo[Evdev.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: Int32(declaredSlots - 1))
        slotted.absinfo[Evdev.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: lastTrackingID)
        return slotted
    }

    /// The multitouch axes mtdev reads from a contact, ABS_MT_TOUCH_MAJOR to ABS_MT_DISTANCE, in
    /// its order (the codes' own).
    private static let axes = Array(Evdev.ABS_MT_TOUCH_MAJOR...0x3b)

    /// Each slot's values as mtdev holds them, and as last sent on (tracking ID -1 while its
    /// contact does not touch).
    private var values = [[UInt16: Int32]](repeating: [Evdev.ABS_MT_TRACKING_ID: -1], count: maxContacts)
    private var sent = [[UInt16: Int32]](repeating: [Evdev.ABS_MT_TRACKING_ID: -1], count: maxContacts)
    private var used: [Bool] = Array(repeating: false, count: maxContacts)
    private var slot = 0
    private var nextID: Int32 = 0
    private let fuzz: [UInt16: Int32]
    /// Whether the device has a touch major, and whether mtdev is told so.
    private let hasTouchMajor: Bool
    private let mtdevKnowsTouchMajor: Bool

    /// A conversion of `device`'s frames, no contact down.
    public init(device: DeviceDescription) {
        // As the plugin reads it as the device is added, before libinput restores LIBINPUT_FUZZ.
        fuzz = Dictionary(uniqueKeysWithValues: Self.described.map { ($0, device.kernelFuzz($0)) })
        hasTouchMajor = device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MAJOR)
        // The plugin passes the axis's value where mtdev takes whether the axis is there.
        mtdevKnowsTouchMajor = hasTouchMajor && device.absinfo[Evdev.ABS_MT_TOUCH_MAJOR].map { $0.value != 0 } == true
    }

    /// One frame's events as mtdev passes them on: everything but the contacts as it came, then
    /// the slots' changes, then the SYN_REPORT.
    public mutating func convert(_ events: [EvdevEvent]) -> [EvdevEvent] {
        var passed: [EvdevEvent] = [], contacts: [[UInt16: Int32]] = [], open: [UInt16: Int32] = [:]
        var multitouch = false
        for event in events where !event.isSynReport {
            switch (event.type, event.code) {
            case (Evdev.EV_SYN, Evdev.SYN_MT_REPORT):
                // A contact without both positions is dropped, as mtdev drops it.
                if contacts.count < Self.maxContacts, open[Evdev.ABS_MT_POSITION_X] != nil,
                    open[Evdev.ABS_MT_POSITION_Y] != nil
                {
                    contacts.append(open)
                }
                open = [:]
                multitouch = true
            case (Evdev.EV_ABS, let code) where Self.axes.contains(code) && contacts.count < Self.maxContacts:
                open[code] = event.value
                multitouch = true
            default:
                if event.type == Evdev.EV_KEY && event.code == Evdev.BTN_TOUCH { multitouch = true }
                passed.append(event)
            }
        }
        // A frame with nothing of the multitouch protocol leaves the contacts as they are.
        if multitouch { passed += apply(contacts) }
        return passed + [EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)]
    }

    /// The slot changes that make `contacts` the frame's: each follows the contact of the frame
    /// before it is paired with (``pairs(_:_:)``), a touch left over takes a new tracking ID and
    /// the lowest slot that was free when the frame began, and a contact not followed is lifted.
    private mutating func apply(_ contacts: [[UInt16: Int32]]) -> [EvdevEvent] {
        let held = used.indices.filter { used[$0] }
        let pairing = pairs(contacts.map(Self.position), held.map { Self.position(values[$0]) })
        var free = used.indices.filter { !used[$0] }
        var nowUsed = Array(repeating: false, count: Self.maxContacts)
        var changes: [EvdevEvent] = []
        for (index, var contact) in contacts.enumerated() {
            // mtdev keeps a contact that touches (`istouch`): any where it is not told of the
            // touch major, else one whose touch major is not 0.
            guard !mtdevKnowsTouchMajor || contact[Evdev.ABS_MT_TOUCH_MAJOR] != 0 else { continue }
            if let match = pairing[index] {
                let target = held[match]
                for (code, value) in contact {
                    contact[code] = JitterFilter.damped(value, after: values[target][code] ?? 0, fuzz: fuzz[code] ?? 0)
                }
                contact[Evdev.ABS_MT_TRACKING_ID] = values[target][Evdev.ABS_MT_TRACKING_ID]
                changes += hold(contact, in: target)
                nowUsed[target] = true
            } else if !free.isEmpty {
                contact[Evdev.ABS_MT_TRACKING_ID] = nextID
                nextID = (nextID + 1) & Self.lastTrackingID
                let target = free.removeFirst()
                changes += hold(contact, in: target)
                nowUsed[target] = true
            }
        }
        for target in held where !nowUsed[target] {
            changes += hold([Evdev.ABS_MT_TRACKING_ID: -1], in: target)
        }
        used = nowUsed
        return changes
    }

    /// Holds `contact`'s values in slot `target`, and returns what is sent on of the slot: its
    /// values that differ from those last sent, while its contact touches; its lift when it
    /// stops; nothing while it does not. An ABS_MT_SLOT comes first when the slot is not the one
    /// last written.
    private mutating func hold(_ contact: [UInt16: Int32], in target: Int) -> [EvdevEvent] {
        values[target].merge(contact) { $1 }
        let id = values[target][Evdev.ABS_MT_TRACKING_ID] ?? -1
        let touches = id >= 0 && (!hasTouchMajor || values[target][Evdev.ABS_MT_TOUCH_MAJOR] ?? 0 != 0)
        let shown = touches ? values[target] : [Evdev.ABS_MT_TRACKING_ID: -1]
        let changed = Self.axes.filter { code in shown[code].map { $0 != sent[target][code] ?? 0 } ?? false }
        guard !changed.isEmpty else { return [] }
        var events: [EvdevEvent] = []
        if slot != target {
            events.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: Int32(target)))
            slot = target
        }
        for code in changed {
            events.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: shown[code]!))
            sent[target][code] = shown[code]
        }
        return events
    }

    private static func position(_ contact: [UInt16: Int32]) -> (x: Int64, y: Int64) {
        (Int64(contact[Evdev.ABS_MT_POSITION_X] ?? 0), Int64(contact[Evdev.ABS_MT_POSITION_Y] ?? 0))
    }

    /// For each new position, the index of the held one it follows: the pairing of as many as
    /// can be paired with the least summed squared distance (mtdev's `mtdev_match`, src/match.c).
    /// Exact over up to 12 held contacts, the first cheapest found winning a tie, so that every
    /// run pairs alike; beyond (no finger count a touchpad reports), the nearest pair first.
    private func pairs(_ new: [(x: Int64, y: Int64)], _ old: [(x: Int64, y: Int64)]) -> [Int?] {
        let count = min(new.count, old.count)
        guard count > 0 else { return Array(repeating: nil, count: new.count) }
        func cost(_ i: Int, _ j: Int) -> Int64 {
            let dx = new[i].x - old[j].x, dy = new[i].y - old[j].y
            return dx * dx + dy * dy
        }
        guard old.count <= 12 else { return nearestFirst(new.count, old.count, cost) }
        typealias Entry = (cost: Int64, pairs: [Int?])
        // By the set of held contacts taken, as bits: the cheapest pairing of the new ones so far.
        var best: [Entry?] = Array(repeating: nil, count: 1 << old.count)
        best[0] = (0, [])
        for index in new.indices {
            var next: [Entry?] = Array(repeating: nil, count: best.count)
            func keep(_ taken: Int, _ entry: Entry) {
                if next[taken].map({ entry.cost < $0.cost }) ?? true { next[taken] = entry }
            }
            for taken in best.indices {
                guard let entry = best[taken] else { continue }
                let paired = taken.nonzeroBitCount
                // Skipping this one is allowed only while enough are left to pair `count`.
                if count - paired < new.count - index { keep(taken, (entry.cost, entry.pairs + [nil])) }
                guard paired < count else { continue }
                for j in old.indices where taken & (1 << j) == 0 {
                    keep(taken | 1 << j, (entry.cost + cost(index, j), entry.pairs + [j]))
                }
            }
            best = next
        }
        return best.compactMap { $0 }.min { $0.cost < $1.cost }?.pairs ?? Array(repeating: nil, count: new.count)
    }

    /// Pairs the nearest new and held contacts first, then the nearest of the rest, in turn.
    private func nearestFirst(_ newCount: Int, _ oldCount: Int, _ cost: (Int, Int) -> Int64) -> [Int?] {
        var result = [Int?](repeating: nil, count: newCount)
        var taken = Set<Int>()
        for _ in 0..<min(newCount, oldCount) {
            var nearest: (i: Int, j: Int, cost: Int64)?
            for i in 0..<newCount where result[i] == nil {
                for j in 0..<oldCount where !taken.contains(j) {
                    let c = cost(i, j)
                    if c < nearest?.cost ?? .max { nearest = (i, j, c) }
                }
            }
            guard let nearest else { break }
            result[nearest.i] = nearest.j
            taken.insert(nearest.j)
        }
        return result
    }
}
