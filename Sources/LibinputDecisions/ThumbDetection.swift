/// Where libinput tells thumbs, the same in every version explained (1.22.1 to 1.31.3): on a
/// clickpad at least ``minimumHeight`` mm tall, a touch that begins below ``line`` of its height
/// is jailed as a possible thumb, and one below ``exclusionLine`` is whatever its pressure or size
/// (`tp_init_thumb`, `tp_thumb_needs_jail`, src/evdev-mt-touchpad-thumb.c).
public enum ThumbDetection {
    /// The least height, mm, of a clickpad libinput tells thumbs on.
    public static let minimumHeight = 50.0
    /// The thumb line, as a share of the height from the top.
    public static let line = 0.85
    /// The exclusion line, below which a touch is a thumb whatever its pressure or size.
    public static let exclusionLine = 0.92
}
