/// The contacts on a touchpad, followed frame by frame from its evdev events, in the device's
/// units: the one reading of contacts that the report's plots, `explain` and the view's pad share.
///
/// Multitouch (protocol B): a slot's contact lasts from a tracking ID ≥ 0 to -1, and a slot's
/// values start at 0, as the kernel's do (`input_mt_init_slots`): the kernel passes no change to
/// the value a slot holds, so a contact first down at 0 sends no position, and one on a pad that
/// never sends its pressure presses at 0. A semi-MT pad's
/// pressure is ABS_PRESSURE, as libinput reads it. Single-touch: one contact while BTN_TOUCH or a
/// BTN_TOOL_* key that counts fingers is held (some pads count fingers by those keys alone), once
/// its position is known. Protocol A devices are followed once ``MtdevConversion`` has slotted them.
public struct ContactFollower: Sendable {
    /// One contact down after a frame.
    public struct Contact: Equatable, Sendable {
        /// The MT slot (0 on a single-touch device).
        public var slot: Int
        /// Which contact it is, counted from 0 in the order contacts came down.
        public var track: Int
        /// Its ABS_MT_TRACKING_ID (0 on a single-touch device).
        public var trackingID: Int32
        public var x: Int32
        public var y: Int32
        /// On the axis ``ContactFollower/pressureAxis``, when the device has it.
        public var pressure: Int32?
        /// ABS_MT_TOUCH_MAJOR and MINOR, when reported.
        public var major: Int32?
        public var minor: Int32?
        /// ABS_MT_TOOL_TYPE, when reported.
        public var toolType: Int32?
        /// Whether BTN_TOUCH was held: a contact counted by a BTN_TOOL_* key alone hovers.
        public var touching: Bool

        /// Slot `slot` before any contact: no track, no tracking ID, at 0 as the kernel's slots start.
        init(idleIn slot: Int, pressure: Int32?) {
            (self.slot, track, trackingID, x, y, touching) = (slot, -1, -1, 0, 0, false)
            self.pressure = pressure
        }
    }

    /// Whether the device has MT slots: positions are ABS_MT_POSITION_X/Y, else ABS_X/Y.
    public let isMultitouch: Bool
    /// The axis a contact's pressure is read from: ABS_MT_PRESSURE, or ABS_PRESSURE on a
    /// single-touch or semi-MT device.
    public let pressureAxis: UInt16
    /// A slot's pressure before the device sends one: 0 where the device has the axis.
    private let idlePressure: Int32?
    private var slot: Int
    private var slots: [Int: Contact] = [:]
    private var single: Contact
    private var singleX: Int32?, singleY: Int32?
    private var singleDown = false
    private var held: Set<UInt16> = []
    private var tracks = 0

    /// Contacts of `device`, none down.
    public init(device: DeviceDescription) {
        isMultitouch = device.absinfo[Evdev.ABS_MT_SLOT] != nil
        let semiMT = isMultitouch && device.has(property: Evdev.INPUT_PROP_SEMI_MT)
        pressureAxis = isMultitouch && !semiMT ? Evdev.ABS_MT_PRESSURE : Evdev.ABS_PRESSURE
        slot = Int(device.absinfo[Evdev.ABS_MT_SLOT]?.value ?? 0)
        idlePressure = device.absinfo[Evdev.ABS_MT_PRESSURE] != nil ? 0 : nil
        // A single-touch axis holds the value the device last reported, which its description gives.
        single = Contact(idleIn: 0, pressure: device.absinfo[Evdev.ABS_PRESSURE]?.value)
        single.trackingID = 0
    }

    private static let fingerKeys = Set(Recording.fingerCountKeys)

    /// Applies one frame's events (a SYN_REPORT's worth) and returns the contacts down after it,
    /// by slot.
    public mutating func apply(_ events: some Sequence<EvdevEvent>) -> [Contact] {
        for event in events {
            switch (event.type, event.code) {
            case (Evdev.EV_ABS, Evdev.ABS_MT_SLOT) where isMultitouch:
                slot = Int(event.value)
            case (Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID) where isMultitouch:
                var contact = slots[slot] ?? Contact(idleIn: slot, pressure: idlePressure)
                contact.trackingID = event.value
                if event.value >= 0 {
                    contact.track = tracks
                    tracks += 1
                }
                slots[slot] = contact
            case (Evdev.EV_ABS, let code) where isMultitouch && code > Evdev.ABS_MT_SLOT:
                var contact = slots[slot] ?? Contact(idleIn: slot, pressure: idlePressure)
                switch code {
                case Evdev.ABS_MT_POSITION_X: contact.x = event.value
                case Evdev.ABS_MT_POSITION_Y: contact.y = event.value
                case Evdev.ABS_MT_PRESSURE where pressureAxis == code: contact.pressure = event.value
                case Evdev.ABS_MT_TOUCH_MAJOR: contact.major = event.value
                case Evdev.ABS_MT_TOUCH_MINOR: contact.minor = event.value
                case Evdev.ABS_MT_TOOL_TYPE: contact.toolType = event.value
                default: break
                }
                slots[slot] = contact
            case (Evdev.EV_ABS, Evdev.ABS_PRESSURE) where pressureAxis == Evdev.ABS_PRESSURE:
                single.pressure = event.value
            case (Evdev.EV_ABS, Evdev.ABS_X) where !isMultitouch:
                singleX = event.value
            case (Evdev.EV_ABS, Evdev.ABS_Y) where !isMultitouch:
                singleY = event.value
            case (Evdev.EV_KEY, let code) where code == Evdev.BTN_TOUCH || Self.fingerKeys.contains(code):
                if event.value != 0 { held.insert(code) } else { held.remove(code) }
            default:
                break
            }
        }
        let touching = held.contains(Evdev.BTN_TOUCH)
        if isMultitouch {
            return slots.keys.sorted().compactMap { index in
                guard var contact = slots[index], contact.trackingID >= 0, contact.track >= 0 else { return nil }
                contact.touching = touching
                if pressureAxis == Evdev.ABS_PRESSURE { contact.pressure = single.pressure }
                return contact
            }
        }
        // Judged at the frame's end: one key handing over to the next is no lift.
        if !held.isEmpty && !singleDown {
            single.track = tracks
            tracks += 1
        }
        singleDown = !held.isEmpty
        guard singleDown, let x = singleX, let y = singleY else { return [] }
        single.x = x
        single.y = y
        single.touching = touching
        return [single]
    }
}
