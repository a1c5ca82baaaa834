import Recordings

/// Where libinput takes a touch that begins near a touchpad's edge for a palm
/// (`tp_init_palmdetect_edge`, src/evdev-mt-touchpad.c, its sizes the same in 1.22.1 to 1.31.3): on a pad
/// at least 70 mm wide, 8 % of the width, at most 8 mm, at each side; and on one also taller than
/// 55 mm without top buttons, 5 % of the height at the top. From 1.24.0 a pad libinput's quirks
/// call Apple's (`ModelAppleTouchpad`) has none (4a8b5e6e "touchpad: Disable edge palm detection
/// Apple touchpads"); explain weighs the zones only for touches libinput's log took as edge palms.
public struct PalmEdgeZones: Equatable, Sendable {
    /// How far each side's zone reaches in from the side, mm; nil on a pad too narrow for zones.
    public let side: Double?
    /// How far the top zone reaches down, mm; nil where the pad has none.
    public let top: Double?
    /// The pad's width the side zones are measured across, mm.
    let width: Double

    static let share = 0.08
    static let most = 8.0
    static let minimumWidth = 70.0
    static let topShare = 0.05
    static let topMinimumHeight = 55.0

    /// How far a side's zone would reach on a pad `width` mm wide, were it wide enough to have zones.
    static func sideWidth(_ width: Double) -> Double { min(most, width * share) }

    /// The zones of `device`, `width` × `height` mm as libinput measures it.
    public init(width: Double, height: Double, device: DeviceDescription) {
        self.width = width
        guard width >= Self.minimumWidth else {
            (side, top) = (nil, nil)
            return
        }
        side = Self.sideWidth(width)
        let topButtons = device.has(property: Evdev.INPUT_PROP_TOPBUTTONPAD)
        top = height > Self.topMinimumHeight && !topButtons ? height * Self.topShare : nil
    }

    /// Whether `x` is in a side zone: nearer a side than the zone reaches, or past it, off the
    /// pad (`tp_palm_in_side_edge` compares one way).
    func inSide(_ x: Double) -> Bool { side.map { x < $0 || x > width - $0 } ?? false }

    /// Whether `y` is in the top zone (`tp_palm_in_top_edge`).
    func inTop(_ y: Double) -> Bool { top.map { y < $0 } ?? false }
}
