import Recordings

/// The units per millimetre libinput gives a touchpad whose axes have no resolution: its quirks'
/// resolution hint, else its size hint (`evdev_fix_abs_resolution`, src/evdev.c), else a pad of
/// 69 × 50 mm, the size of most such pads (`tp_init_default_resolution`,
/// src/evdev-mt-touchpad.c); a size divides the axis's range in whole units, rounding down.
public enum AssumedResolution {
    /// The size libinput assumes without a resolution or a hint, mm.
    public static let fallbackSize = (width: AssumedPadSize.width, height: AssumedPadSize.height)

    /// Units per mm on x and y for axes spanning `ranges` units (maximum − minimum, or one more
    /// from libinput 1.25, `rangeIncludesBothEnds`), given the quirks' hints.
    public static func unitsPerMM(
        ranges: (x: Int, y: Int), resolutionHint: (x: Int, y: Int)?, sizeHint: (width: Int, height: Int)?,
        rangeIncludesBothEnds: Bool = false
    ) -> (x: Int, y: Int) {
        if let hint = resolutionHint, hint.x > 0, hint.y > 0 { return hint }
        let extra = rangeIncludesBothEnds ? 1 : 0
        let size = sizeHint.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } ?? fallbackSize
        return (max(1, (ranges.x + extra) / size.width), max(1, (ranges.y + extra) / size.height))
    }
}
