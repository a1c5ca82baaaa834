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
    /// Millimetres, or device units when a resolution is missing.
    public var unit: LengthUnit

    /// What the plane is measured in.
    public enum LengthUnit: String, Sendable {
        case millimetres = "mm"
        case units
    }
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
        guard let width = x.millimetres, let height = y.millimetres else {
            return TouchpadGeometry(width: Double(x.units), height: Double(y.units), unit: .units)
        }
        return TouchpadGeometry(width: width, height: height, unit: .millimetres)
    }

    /// Every finger's track, in the order the fingers came down (``ContactFollower``): a point
    /// at every SYN_REPORT while the contact is down, moved or not. ``TrackPoint/touching`` says
    /// whether BTN_TOUCH was.
    public var fingerTracks: [FingerTrack] {
        guard let axes = positionAxes, let geometry = touchpadGeometry else { return [] }
        let scaleX = geometry.unit == .millimetres ? Double(axes.x.resolution) : 1
        let scaleY = geometry.unit == .millimetres ? Double(axes.y.resolution) : 1
        var follower = ContactFollower(device: device)
        var tracks: [Int: FingerTrack] = [:]
        for (index, frame) in frames.enumerated() {
            for contact in follower.apply(frame.events) {
                var point = TrackPoint(
                    time: frame.time, x: Double(Int64(contact.x) - Int64(axes.x.minimum)) / scaleX,
                    y: Double(Int64(contact.y) - Int64(axes.y.minimum)) / scaleY, frame: index,
                    pressure: contact.pressure, major: contact.major, minor: contact.minor)
                point.touching = contact.touching
                tracks[
                    contact.track, default: FingerTrack(slot: contact.slot, trackingID: contact.trackingID, points: [])
                ]
                .points.append(point)
            }
        }
        return tracks.sorted { $0.key < $1.key }.map(\.value)
    }
}
