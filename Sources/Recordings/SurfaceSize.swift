/// The size a pair of position axes gives a device's surface, as libinput takes it: each axis's
/// range over its resolution. A resolution in another unit (per inch, per centimetre) or mistyped
/// gives a surface no device has. libinput measures motion in the multitouch axes where a device
/// has real ones, else in ABS_X and ABS_Y (`evdev_extract_abs_axes`, src/evdev.c), and tells the
/// size of ABS_X and ABS_Y (`evdev_device_get_size`): with either wrong, a pinch on a pad it
/// takes to be a thousandth of its size moves nothing past its thresholds, or the size it tells
/// is wrong.
public struct SurfaceSize: Equatable, Sendable {
    /// Millimetres.
    public var width: Double, height: Double

    /// No touch surface is smaller (the smallest touchpads are 40 mm across).
    public static let smallest = 10.0
    /// No touch surface is larger (the largest touchscreens are under two metres).
    public static let largest = 2_000.0

    /// The size the axes `x` and `y` of `device` give it; nil where either is missing or has no
    /// resolution, which libinput then does not take from the axes. By default ABS_X and ABS_Y,
    /// the size libinput tells (`evdev_device_get_size`).
    public init?(of device: DeviceDescription, x: UInt16 = Evdev.ABS_X, y: UInt16 = Evdev.ABS_Y) {
        guard let width = device.absinfo[x]?.millimetres, let height = device.absinfo[y]?.millimetres else {
            return nil
        }
        (self.width, self.height) = (width, height)
    }

    /// Whether no device's surface is this size.
    public var isImplausible: Bool {
        [width, height].contains { $0 < Self.smallest || $0 > Self.largest }
    }

    /// What a replay says of a surface no device has, naming the axes and the size they give;
    /// nil where each pair libinput reads gives a plausible one.
    public static func note(for device: DeviceDescription) -> String? {
        let pairs =
            (device.hasMultitouchPositions ? [(Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)] : [])
            + [(Evdev.ABS_X, Evdev.ABS_Y)]
        for (x, y) in pairs {
            guard let size = SurfaceSize(of: device, x: x, y: y), size.isImplausible else { continue }
            // Whole millimetres where they are many; three figures where they are few.
            func mm(_ value: Double) -> String {
                value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
            }
            let names =
                Evdev.codeName(type: Evdev.EV_ABS, code: x) + " and " + Evdev.codeName(type: Evdev.EV_ABS, code: y)
            return "the resolutions of \(names) make the surface \(mm(size.width)) × \(mm(size.height)) mm, "
                + "which no device is: libinput reads motion in those millimetres, so its thresholds (taps, "
                + "pinches, scrolling) will not fit the device's; a resolution may be in another unit than units per mm"
        }
        return nil
    }
}
