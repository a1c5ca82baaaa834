/// Where one finger was at one frame, in the touchpad's plane (see ``TouchpadGeometry``).
public struct TrackPoint: Equatable, Sendable {
    /// Microseconds since the recording's first frame.
    public var time: UInt64
    /// From the left edge.
    public var x: Double
    /// From the top edge.
    public var y: Double
    /// The frame's index in the recording, from 0.
    public var frame: Int = 0
    /// Its pressure (ABS_MT_PRESSURE, or ABS_PRESSURE on a single-touch device), when reported.
    public var pressure: Int32?
    /// Its contact's axes (ABS_MT_TOUCH_MAJOR, ABS_MT_TOUCH_MINOR), in the device's units, when
    /// reported.
    public var major: Int32?
    public var minor: Int32?
    /// Whether BTN_TOUCH was down: a single-touch pad's finger counted by a BTN_TOOL_* key alone
    /// hovers, and so does a multitouch contact to libinput where it detects touches by neither
    /// pressure nor size.
    public var touching = true

    /// The longer of its contact's axes, when reported.
    public var size: Int32? { [major, minor].compactMap { $0 }.max() }

    public init(
        time: UInt64, x: Double, y: Double, frame: Int = 0, pressure: Int32? = nil, major: Int32? = nil,
        minor: Int32? = nil
    ) {
        self.time = time
        self.x = x
        self.y = y
        self.frame = frame
        self.pressure = pressure
        self.major = major
        self.minor = minor
    }
}

/// One finger's contact, from touch-down to lift: a point for every frame in which it was down.
public struct FingerTrack: Equatable, Sendable {
    /// The MT slot it occupied (0 for a single-touch device).
    public var slot: Int
    /// Its ABS_MT_TRACKING_ID (0 for a single-touch device).
    public var trackingID: Int32
    /// Where it was at each frame, in order.
    public var points: [TrackPoint]

    public init(slot: Int, trackingID: Int32, points: [TrackPoint]) {
        self.slot = slot
        self.trackingID = trackingID
        self.points = points
    }
}

/// The touchpad's plane as the tracks use it: millimetres from the top-left corner when the
/// device reports resolutions, device units otherwise.
public struct TouchpadGeometry: Equatable, Sendable {
    /// The X axis's span.
    public var width: Double
    /// The Y axis's span.
    public var height: Double
    /// "mm", or "units" when a resolution is missing.
    public var unit: String
}

extension Recording {
    /// The X and Y axes the tracks follow: the MT position axes on a multitouch device, ABS_X
    /// and ABS_Y otherwise.
    public var positionAxes: (x: AbsInfo, y: AbsInfo)? {
        let isMT = device.absinfo[Evdev.ABS_MT_SLOT] != nil
        let xCode = isMT ? Evdev.ABS_MT_POSITION_X : Evdev.ABS_X
        let yCode = isMT ? Evdev.ABS_MT_POSITION_Y : Evdev.ABS_Y
        guard let x = device.absinfo[xCode], let y = device.absinfo[yCode] else { return nil }
        return (x, y)
    }

    /// The touchpad's size; nil for a device without absolute position axes (a mouse).
    public var touchpadGeometry: TouchpadGeometry? {
        guard let (x, y) = positionAxes else { return nil }
        let inMM = x.resolution > 0 && y.resolution > 0
        return TouchpadGeometry(
            width: Double(Int64(x.maximum) - Int64(x.minimum)) / (inMM ? Double(x.resolution) : 1),
            height: Double(Int64(y.maximum) - Int64(y.minimum)) / (inMM ? Double(y.resolution) : 1),
            unit: inMM ? "mm" : "units")
    }

    /// Every finger's track, in the order the fingers came down.
    ///
    /// Multitouch devices (protocol B): a slot's contact lasts from a tracking ID ≥ 0 to -1.
    /// Single-touch devices: one contact while BTN_TOUCH or a BTN_TOOL_* key that counts fingers
    /// is down. ``TrackPoint/touching`` says whether BTN_TOUCH was, on either. A contact gets a
    /// point at every SYN_REPORT while it is down (a single-touch one once its position is
    /// known), moved or not.
    public var fingerTracks: [FingerTrack] {
        guard let axes = positionAxes, let geometry = touchpadGeometry else { return [] }
        let scaleX = geometry.unit == "mm" ? Double(axes.x.resolution) : 1
        let scaleY = geometry.unit == "mm" ? Double(axes.y.resolution) : 1
        let isMT = device.absinfo[Evdev.ABS_MT_SLOT] != nil
        // libinput reads a semi-MT pad as a single-touch one, its MT axes off: its pressure is ABS_PRESSURE.
        let singlePressureOnly = isMT && device.has(property: Evdev.INPUT_PROP_SEMI_MT)

        // A slot's position starts at 0, as the kernel's does (`input_mt_init_slots`) and every
        // reader knows it: the kernel passes no change to the value a slot holds, so a contact
        // first down at 0 sends no position.
        struct Contact {
            var track: Int?
            var x: Int32 = 0
            var y: Int32 = 0
            var pressure: Int32?
            var major: Int32?
            var minor: Int32?
        }
        var contacts: [Int: Contact] = [:]
        var slot = Int(device.absinfo[Evdev.ABS_MT_SLOT]?.value ?? 0)
        var tracks: [FingerTrack] = []
        var singleX: Int32?, singleY: Int32?, singlePressure: Int32?
        // A single-touch pad's finger is down while BTN_TOUCH or a key counting fingers is held:
        // some pads count fingers by BTN_TOOL_* alone, as libinput does where it reads pressure.
        var singleDown = false, held: Set<UInt16> = []
        let fingerKeys = Set(Self.fingerCountKeys)
        for (index, frame) in frames.enumerated() {
            for event in frame.events {
                switch (event.type, event.code) {
                case (Evdev.EV_ABS, Evdev.ABS_MT_SLOT) where isMT:
                    slot = Int(event.value)
                case (Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID) where isMT:
                    if event.value < 0 {
                        contacts[slot]?.track = nil
                    } else {
                        tracks.append(FingerTrack(slot: slot, trackingID: event.value, points: []))
                        contacts[slot, default: Contact()].track = tracks.count - 1
                    }
                case (Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X) where isMT:
                    contacts[slot, default: Contact()].x = event.value
                case (Evdev.EV_ABS, Evdev.ABS_MT_POSITION_Y) where isMT:
                    contacts[slot, default: Contact()].y = event.value
                case (Evdev.EV_ABS, Evdev.ABS_MT_PRESSURE) where isMT:
                    contacts[slot, default: Contact()].pressure = event.value
                case (Evdev.EV_ABS, Evdev.ABS_MT_TOUCH_MAJOR) where isMT:
                    contacts[slot, default: Contact()].major = event.value
                case (Evdev.EV_ABS, Evdev.ABS_MT_TOUCH_MINOR) where isMT:
                    contacts[slot, default: Contact()].minor = event.value
                case (Evdev.EV_ABS, Evdev.ABS_PRESSURE) where !isMT || singlePressureOnly:
                    singlePressure = event.value
                case (Evdev.EV_ABS, Evdev.ABS_X) where !isMT:
                    singleX = event.value
                case (Evdev.EV_ABS, Evdev.ABS_Y) where !isMT:
                    singleY = event.value
                case (Evdev.EV_KEY, let code) where code == Evdev.BTN_TOUCH || fingerKeys.contains(code):
                    if event.value != 0 { held.insert(code) } else { held.remove(code) }
                default:
                    break
                }
            }
            func point(_ x: Int32, _ y: Int32, _ pressure: Int32?, contact: Contact? = nil) -> TrackPoint {
                TrackPoint(
                    time: frame.time,
                    x: Double(Int64(x) - Int64(axes.x.minimum)) / scaleX,
                    y: Double(Int64(y) - Int64(axes.y.minimum)) / scaleY,
                    frame: index, pressure: pressure, major: contact?.major, minor: contact?.minor)
            }
            if isMT {
                for (_, contact) in contacts.sorted(by: { $0.key < $1.key }) {
                    guard let track = contact.track else { continue }
                    let pressure = singlePressureOnly ? singlePressure : contact.pressure
                    var multi = point(contact.x, contact.y, pressure, contact: contact)
                    multi.touching = held.contains(Evdev.BTN_TOUCH)
                    tracks[track].points.append(multi)
                }
            } else {
                // Judged at the frame's end: one key handing over to the next is no lift.
                if !held.isEmpty && !singleDown { tracks.append(FingerTrack(slot: 0, trackingID: 0, points: [])) }
                singleDown = !held.isEmpty
                if singleDown, let x = singleX, let y = singleY {
                    var single = point(x, y, singlePressure)
                    single.touching = held.contains(Evdev.BTN_TOUCH)
                    tracks[tracks.count - 1].points.append(single)
                }
            }
        }
        return tracks.filter { !$0.points.isEmpty }
    }
}
