import Recordings

/// One finger (or palm, or pen) on the touchpad at one frame.
public struct Contact: Equatable, Sendable {
    /// The MT slot (0 on a single-touch device): the colour the page draws it in.
    public var slot: Int
    /// From the pad's left and top edges, in the units of ``TouchpadGeometry``.
    public var x: Double
    public var y: Double
    /// ABS_MT_PRESSURE (or ABS_PRESSURE) as a fraction of its range, when the device reports it.
    public var pressure: Double?
    /// ABS_MT_TOUCH_MAJOR and MINOR in the geometry's units, when reported.
    public var major: Double?
    public var minor: Double?
    /// ABS_MT_TOOL_TYPE's name (finger, pen, palm), when reported.
    public var tool: String?
}

/// The contacts on a touchpad, followed frame by frame from its evdev events: multitouch
/// protocol B slots (a contact from a tracking ID ≥ 0 to -1), protocol A contacts as mtdev puts
/// them in slots (``MtdevConversion``), or BTN_TOUCH on a single-touch pad.
public struct TouchpadContacts: Sendable {
    /// The pad's plane, nil for a device without absolute position axes (then no contacts).
    public let geometry: TouchpadGeometry?
    private let isMT: Bool
    private let axes: [UInt16: AbsInfo]
    private var mtdev: MtdevConversion?
    private var slot: Int
    private var slots: [Int: Slot] = [:]
    private var singleTouchDown = false

    private struct Slot {
        var down = false
        var values: [UInt16: Int32] = [:]
    }

    /// Contacts of `device`, none down.
    public init(device: DeviceDescription) {
        mtdev = device.isProtocolA ? MtdevConversion(device: device) : nil
        let device = device.isProtocolA ? MtdevConversion.slotted(device) : device
        geometry = Recording(device: device, frames: []).touchpadGeometry
        isMT = device.absinfo[Evdev.ABS_MT_SLOT] != nil
        axes = device.absinfo
        slot = Int(device.absinfo[Evdev.ABS_MT_SLOT]?.value ?? 0)
    }

    /// Applies one frame's events (a SYN_REPORT's worth) and returns the contacts down after it.
    public mutating func apply(_ events: [EvdevEvent]) -> [Contact] {
        for event in mtdev?.convert(events) ?? events {
            switch (event.type, event.code) {
            case (Evdev.EV_ABS, Evdev.ABS_MT_SLOT) where isMT:
                slot = Int(event.value)
            case (Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID) where isMT:
                slots[slot, default: Slot()].down = event.value >= 0
            case (Evdev.EV_ABS, let code):
                slots[isMT && code >= Evdev.ABS_MT_SLOT ? slot : -1, default: Slot()].values[code] = event.value
            case (Evdev.EV_KEY, Evdev.BTN_TOUCH) where !isMT:
                singleTouchDown = event.value != 0
            default:
                break
            }
        }
        return contacts
    }

    /// The contacts down now, by slot.
    public var contacts: [Contact] {
        guard geometry != nil else { return [] }
        if !isMT {
            guard singleTouchDown, let single = slots[-1] else { return [] }
            return contact(0, single.values, x: Evdev.ABS_X, y: Evdev.ABS_Y, pressure: Evdev.ABS_PRESSURE).map { [$0] }
                ?? []
        }
        return slots.keys.sorted().compactMap { index in
            guard index >= 0, let s = slots[index], s.down else { return nil }
            return contact(
                index, s.values, x: Evdev.ABS_MT_POSITION_X, y: Evdev.ABS_MT_POSITION_Y, pressure: Evdev.ABS_MT_PRESSURE
            )
        }
    }

    private func contact(_ slot: Int, _ values: [UInt16: Int32], x: UInt16, y: UInt16, pressure: UInt16) -> Contact? {
        guard let rawX = values[x], let rawY = values[y], let xAxis = axes[x], let yAxis = axes[y] else { return nil }
        let inMM = geometry?.unit == "mm"
        func position(_ raw: Int32, _ axis: AbsInfo) -> Double {
            Double(Int64(raw) - Int64(axis.minimum)) / (inMM ? Double(axis.resolution) : 1)
        }
        func size(_ code: UInt16) -> Double? {
            values[code].map { Double($0) / (inMM ? Double(xAxis.resolution) : 1) }
        }
        let fraction: Double? = values[pressure].flatMap { value in
            axes[pressure].map { a in
                a.maximum > a.minimum
                    ? Double(Int64(value) - Int64(a.minimum)) / Double(Int64(a.maximum) - Int64(a.minimum)) : 0
            }
        }
        let tool = values[Evdev.ABS_MT_TOOL_TYPE].map { [0: "finger", 1: "pen", 2: "palm"][Int($0)] ?? "tool \($0)" }
        return Contact(
            slot: slot, x: position(rawX, xAxis), y: position(rawY, yAxis), pressure: fraction,
            major: size(Evdev.ABS_MT_TOUCH_MAJOR), minor: size(Evdev.ABS_MT_TOUCH_MINOR), tool: tool)
    }
}
