import Recordings

/// What the kernel's input core (`input_get_disposition` in drivers/input/input.c) lets through
/// from a driver to evdev readers, for a device in the state the harness presents.
///
/// A real kernel drops an axis value equal to the current one (per touch slot for the
/// `ABS_MT_*` axes), a key, switch or LED event that does not change its state, a repeat rate
/// (`EV_REP`) it already has or below zero, a zero relative motion, a force-feedback value below
/// zero, and events of types or codes the device does not have; it holds `ABS_MT_SLOT` back until
/// a value in that slot changes; and it drops a `SYN_REPORT` with nothing before it. Recordings
/// often keep such events (evemu's, for one), so replaying them verbatim would show libinput a
/// different device than the one the recording came from. The VM tier (`tools/vm-test`) found
/// this: the harness now delivers what `uinput` would, but for key repeats: a recording's own
/// (value 2) pass as they are, where a uinput device with `EV_REP` would repeat a held key itself.
public struct InputCoreFilter: Sendable {
    private let supported: [UInt16: Set<UInt16>]
    private let fuzz: [UInt16: Int32]
    private(set) var absValues: [UInt16: Int32]
    /// `ABS_MT_*` values per slot, indexed `[slot][code - ABS_MT_TOUCH_MAJOR]`; empty without `ABS_MT_SLOT`.
    private(set) var slots: [[Int32]]
    /// The slot the driver chose last, and the one readers were last told.
    private var stagedSlot = 0
    private(set) var reportedSlot: Int32 = 0
    private(set) var keysDown: Set<UInt16> = []
    private(set) var switchesOn: Set<UInt16> = []
    private(set) var ledsOn: Set<UInt16> = []
    /// `REP_DELAY` and `REP_PERIOD`, as ``Recordings/Evdev/softRepeatRates`` starts them.
    private(set) var repeatRates = Evdev.softRepeatRates
    private var pending: [EvdevEvent] = []
    /// The `SYN_DROPPED` events passed over: a recording's own, where the reader that recorded it
    /// lost events. Only evdev makes one, for its reader; from a driver the input core drops it.
    public private(set) var synDroppedPassedOver = 0

    static let mtFirst: UInt16 = 0x30 // ABS_MT_TOUCH_MAJOR
    static let mtLast: UInt16 = 0x3d // ABS_MT_TOOL_Y

    /// A filter for `device` as it is created: axes at their `absinfo` values, every touch slot empty (tracking ID -1),
    /// no key down, the switches and LEDs on that its recording began with
    /// (``Recordings/DeviceDescription/initiallyOn``).
    /// The `ABS_MT_SLOT` value is the slot readers were last told of, while the slot a driver's events go
    /// to starts at 0 (`input_mt_init_slots` zeroes it): the first `ABS_MT_*` change then reports `ABS_MT_SLOT 0`
    /// unless the value was 0. The kernel fuzz is the one left after udev's
    /// 90-libinput-fuzz-override rule (``Recordings/DeviceDescription/kernelFuzz(_:)``).
    public init(device: DeviceDescription) {
        supported = device.codes
        fuzz = Dictionary(uniqueKeysWithValues: device.absinfo.keys.map { ($0, device.kernelFuzz($0)) })
        absValues = device.absinfo.mapValues(\.value)
        (switchesOn, ledsOn) = (device.initiallyOn.switchesOn, device.initiallyOn.ledsOn)
        reportedSlot = device.absinfo[Evdev.ABS_MT_SLOT]?.value ?? 0
        let hasSlots = device.codes[Evdev.EV_ABS]?.contains(Evdev.ABS_MT_SLOT) == true
        var emptySlot = [Int32](repeating: 0, count: Int(Self.mtLast - Self.mtFirst) + 1)
        emptySlot[Int(Evdev.ABS_MT_TRACKING_ID - Self.mtFirst)] = -1
        slots = hasSlots ? Array(repeating: emptySlot, count: max(device.slotCount, 1)) : []
    }

    /// The frames readers of `recording`'s device get: each filtered, those left empty gone.
    public static func delivered(_ recording: Recording) -> [EvdevFrame] {
        deliveredInPlace(recording).frames.filter { !$0.events.isEmpty }
    }

    /// `recording` as readers of its device get it, every frame in its place (one the kernel
    /// drops whole left empty), so that a frame's number still finds it.
    public static func deliveredInPlace(_ recording: Recording) -> Recording {
        var filter = InputCoreFilter(device: recording.device)
        var copy = recording
        copy.frames = recording.frames.map { frame in
            var events: [EvdevEvent] = []
            events.reserveCapacity(frame.events.count)
            filter.pass(frame.events, into: &events)
            // A frame passed on whole keeps its storage, so that a long recording is not held twice.
            return events == frame.events ? frame : EvdevFrame(time: frame.time, events: events)
        }
        return copy
    }

    /// Appends to `output` what readers of the device get for `events` (a frame, SYN_REPORT last):
    /// nothing when the kernel would drop the whole frame.
    public mutating func pass(_ events: [EvdevEvent], into output: inout [EvdevEvent]) {
        for event in events { handle(event, into: &output) }
    }

    private mutating func handle(_ event: EvdevEvent, into output: inout [EvdevEvent]) {
        // input_event() passes on no event of a type the device does not have.
        guard event.type == Evdev.EV_SYN || supported[event.type] != nil else { return }
        switch event.type {
        case Evdev.EV_SYN:
            switch event.code {
            case Evdev.SYN_REPORT:
                if !pending.isEmpty { output += pending; output.append(event) }
                pending.removeAll(keepingCapacity: true)
            case Evdev.SYN_CONFIG, Evdev.SYN_MT_REPORT:
                pending.append(event)
            case Evdev.SYN_DROPPED:
                synDroppedPassedOver += 1
            default:
                break
            }
        case Evdev.EV_ABS:
            guard isSupported(event) else { return }
            handleAbs(event)
        case Evdev.EV_KEY:
            guard isSupported(event) else { return }
            if event.value == 2 { return pending.append(event) } // autorepeat bypasses the state
            if toggle(&keysDown, event) { pending.append(event) }
        case Evdev.EV_SW:
            if isSupported(event) && toggle(&switchesOn, event) { pending.append(event) }
        case Evdev.EV_LED:
            if isSupported(event) && toggle(&ledsOn, event) { pending.append(event) }
        case Evdev.EV_REL:
            if isSupported(event) && event.value != 0 { pending.append(event) }
        case Evdev.EV_MSC, Evdev.EV_SND:
            if isSupported(event) { pending.append(event) }
        case Evdev.EV_REP:
            // Any code up to REP_PERIOD, whatever the device's EV_REP bits say.
            let index = Int(event.code)
            guard index < repeatRates.count, event.value >= 0, repeatRates[index] != event.value else { return }
            repeatRates[index] = event.value
            pending.append(event)
        case Evdev.EV_FF:
            if event.value >= 0 { pending.append(event) }
        case Evdev.EV_PWR:
            pending.append(event)
        default:
            break
        }
    }

    private func isSupported(_ event: EvdevEvent) -> Bool { supported[event.type]?.contains(event.code) == true }

    /// Records a key, switch or LED going down or up (on or off); false when it already was.
    private func toggle(_ set: inout Set<UInt16>, _ event: EvdevEvent) -> Bool {
        event.value != 0 ? set.insert(event.code).inserted : set.remove(event.code) != nil
    }

    private mutating func handleAbs(_ event: EvdevEvent) {
        let code = event.code
        if code == Evdev.ABS_MT_SLOT {
            if !slots.isEmpty && event.value >= 0 && Int(event.value) < slots.count { stagedSlot = Int(event.value) }
            return
        }
        let isMT = code >= Self.mtFirst && code <= Self.mtLast
        let fuzz = self.fuzz[code] ?? 0
        var value = event.value
        if isMT && slots.isEmpty {
            // Protocol A: no slots, no filtering.
        } else if isMT {
            let index = Int(code - Self.mtFirst)
            let old = slots[stagedSlot][index]
            value = JitterFilter.damped(value, after: old, fuzz: fuzz)
            if value == old { return }
            slots[stagedSlot][index] = value
        } else {
            let old = absValues[code] ?? 0
            value = JitterFilter.damped(value, after: old, fuzz: fuzz)
            if value == old { return }
            absValues[code] = value
        }
        if isMT && !slots.isEmpty && Int32(stagedSlot) != reportedSlot {
            reportedSlot = Int32(stagedSlot)
            pending.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: reportedSlot))
        }
        pending.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
    }
}
