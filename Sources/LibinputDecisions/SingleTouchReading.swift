import Recordings

/// How libinput measures a touchpad it reads as single-touch but that has multitouch axes (one
/// sending its contacts without slots, before 1.29; a semi-MT one): it follows the single-touch
/// position (ABS_X, ABS_Y) but measures by the multitouch axes, and so counts ABS_X's units at
/// ABS_MT_POSITION_X's units per millimetre (`evdev_extract_abs_axes` in src/evdev.c;
/// `tp_process_absolute_st` in src/evdev-mt-touchpad.c). Where the two axes' ranges differ,
/// every distance it measures is shorter, or longer, than the finger's.
public struct SingleTouchReading: Equatable, Sendable, Codable {
    /// ABS_X's range, and ABS_MT_POSITION_X's.
    public var singleTouchX: ClosedRange<Int32>
    public var multitouchX: ClosedRange<Int32>
    /// The units per millimetre libinput gives ABS_MT_POSITION_X (assumed where it has none).
    public var unitsPerMM: Int32
    /// How many times shorter than the finger's libinput measures a distance along x and y.
    public var shorterX: Double
    public var shorterY: Double

    /// The reading of `device`, whose axes carry libinput's resolutions, read as single-touch;
    /// nil where the ranges agree within a hundredth.
    public init?(_ device: DeviceDescription) {
        guard let sx = device.absinfo[Evdev.ABS_X], let sy = device.absinfo[Evdev.ABS_Y],
            let mx = device.absinfo[Evdev.ABS_MT_POSITION_X], let my = device.absinfo[Evdev.ABS_MT_POSITION_Y],
            sx.maximum > sx.minimum, sy.maximum > sy.minimum
        else { return nil }
        func span(_ a: AbsInfo) -> Double { Double(Int64(a.maximum) - Int64(a.minimum)) }
        (shorterX, shorterY) = (span(mx) / span(sx), span(my) / span(sy))
        guard abs(shorterX - 1) > 0.01 || abs(shorterY - 1) > 0.01 else { return nil }
        singleTouchX = sx.minimum...sx.maximum
        multitouchX = mx.minimum...mx.maximum
        unitsPerMM = mx.resolution
    }
}
