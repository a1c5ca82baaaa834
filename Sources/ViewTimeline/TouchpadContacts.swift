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

/// The contacts on a touchpad, followed frame by frame from its evdev events as the report's
/// plots follow them (``ContactFollower``), protocol A contacts as mtdev puts them in slots
/// (``MtdevConversion``), in the units of ``TouchpadGeometry``.
public struct TouchpadContacts: Sendable {
    /// The pad's plane, nil for a device without absolute position axes (then no contacts).
    public let geometry: TouchpadGeometry?
    private let axes: [UInt16: AbsInfo]
    private var mtdev: MtdevConversion?
    private var follower: ContactFollower
    private var current: [ContactFollower.Contact] = []

    /// Contacts of `device`, none down.
    public init(device: DeviceDescription) {
        mtdev = device.isProtocolA ? MtdevConversion(device: device) : nil
        let device = device.isProtocolA ? MtdevConversion.slotted(device) : device
        geometry = Recording(device: device, frames: []).touchpadGeometry
        axes = device.absinfo
        follower = ContactFollower(device: device)
    }

    /// Applies one frame's events (a SYN_REPORT's worth) and returns the contacts down after it.
    public mutating func apply(_ events: [EvdevEvent]) -> [Contact] {
        current = follower.apply(mtdev?.convert(events) ?? events)
        return contacts
    }

    /// The contacts down now, by slot.
    public var contacts: [Contact] {
        guard let geometry else { return [] }
        let (x, y) =
            follower.isMultitouch ? (Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y) : (Evdev.ABS_X, Evdev.ABS_Y)
        guard let xAxis = axes[x], let yAxis = axes[y] else { return [] }
        let inMM = geometry.unit == .millimetres
        func position(_ raw: Int32, _ axis: AbsInfo) -> Double {
            Double(Int64(raw) - Int64(axis.minimum)) / (inMM ? Double(axis.resolution) : 1)
        }
        func size(_ value: Int32?) -> Double? { value.map { Double($0) / (inMM ? Double(xAxis.resolution) : 1) } }
        let pressureAxis = axes[follower.pressureAxis]
        return current.map { c in
            let fraction: Double? = c.pressure.flatMap { value in
                pressureAxis.map { a in
                    a.maximum > a.minimum
                        ? Double(Int64(value) - Int64(a.minimum)) / Double(Int64(a.maximum) - Int64(a.minimum)) : 0
                }
            }
            return Contact(
                slot: c.slot, x: position(c.x, xAxis), y: position(c.y, yAxis), pressure: fraction,
                major: size(c.major), minor: size(c.minor),
                tool: c.toolType.map { [0: "finger", 1: "pen", 2: "palm"][Int($0)] ?? "tool \($0)" })
        }
    }
}
