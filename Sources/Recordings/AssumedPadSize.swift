/// The size libinput takes a touchpad to be whose axes have no resolution and no quirk gives one,
/// mm: 69 × 50, the size of most such pads (`tp_init_default_resolution`,
/// src/evdev-mt-touchpad.c). Inferred descriptions are shaped like it, and the resolution
/// libinput derives from it (`AssumedResolution`) is what explanations and synthesis use.
public enum AssumedPadSize {
    public static let width = 69
    public static let height = 50
    /// "69 × 50 mm", as messages say it.
    public static var text: String { "\(width) × \(height) mm" }
}
