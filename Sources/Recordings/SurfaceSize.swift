/// The size a device's position axes give its surface, as libinput takes it: each axis's range
/// over its resolution (`evdev_device_get_size`, src/evdev.c). A resolution in another unit (per
/// inch, per centimetre) or mistyped gives a surface no device has, and libinput then reads every
/// motion in those millimetres: a pinch on a pad it takes to be a thousandth of its size moves
/// nothing past its thresholds.
public struct SurfaceSize: Equatable, Sendable {
    /// Millimetres.
    public var width: Double, height: Double

    /// No touch surface is smaller (the smallest touchpads are 40 mm across).
    public static let smallest = 10.0
    /// No touch surface is larger (the largest touchscreens are under two metres).
    public static let largest = 2_000.0

    /// The size `device`'s ABS_X and ABS_Y give it (its multitouch axes where those are missing);
    /// nil where either has no resolution, which libinput then does not take from the axes.
    public init?(of device: DeviceDescription) {
        let pairs = [(Evdev.ABS_X, Evdev.ABS_Y), (Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)]
        guard
            let (x, y) = pairs.lazy.compactMap({ pair in
                device.absinfo[pair.0].flatMap { x in device.absinfo[pair.1].map { (x, $0) } }
            }).first, x.resolution > 0, y.resolution > 0
        else { return nil }
        width = Double(Int64(x.maximum) - Int64(x.minimum)) / Double(x.resolution)
        height = Double(Int64(y.maximum) - Int64(y.minimum)) / Double(y.resolution)
    }

    /// What a replay says of a surface no device has, with the resolutions that made it; nil for one of
    /// a plausible size.
    public static func note(for device: DeviceDescription) -> String? {
        guard let size = SurfaceSize(of: device),
            [size.width, size.height].contains(where: { $0 < smallest || $0 > largest })
        else { return nil }
        return String(format: "the axes' resolutions make the surface %.3g × %.3g mm, ", size.width, size.height)
            + "which no device is: libinput reads all motion in those millimetres, so its thresholds (taps, "
            + "pinches, scrolling) will not fit the device's; a resolution may be in another unit than units per mm"
    }
}
