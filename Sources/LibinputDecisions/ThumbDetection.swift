/// Where libinput tells thumbs, the same in every version explained (1.22.1 to 1.31.3): on a
/// clickpad at least ``minimumHeight`` mm tall, a touch that begins below ``line`` of its height
/// is jailed as a possible thumb, and one below ``exclusionLine`` is whatever its pressure or size
/// (`tp_init_thumb`, `tp_thumb_needs_jail`, src/evdev-mt-touchpad-thumb.c).
public enum ThumbDetection {
    public static let minimumHeight = 50.0
    public static let line = 0.85
    public static let exclusionLine = 0.92
}
