/// What libinput said of a touchpad as it set it up: the thresholds its decisions use, in the
/// device's units, as the quirks and the kernel gave them (`tp_init_pressure`,
/// `tp_init_palmdetect_pressure`, `tp_init_thumb` in src/evdev-mt-touchpad*.c).
public struct DeviceThresholds: Equatable, Sendable, Codable {
    /// Touch detection by pressure: a touch begins above `high` and ends below `low`.
    public var pressure: ClosedRange<Int>?
    /// Touch detection by size (ABS_MT_TOUCH_MAJOR/MINOR): begins above `high`, ends below `low`.
    public var size: ClosedRange<Int>?
    /// A touch pressing harder than this is a palm.
    public var palmPressure: Int?
    /// A touch larger than this (either axis of its contact) is a palm. libinput does not log it:
    /// it is the quirk `AttrPalmSizeThreshold` (`tp_init_palmdetect_size`).
    public var palmSize: Int?
    /// How thumbs are told (`area`, `pressure`, `size`), when thumb detection is on.
    public var thumbDetection: String?
    /// Whether libinput's log says it tells thumbs by pressure; by size.
    public var thumbsByPressure: Bool { thumbDetection?.contains("pressure") == true }
    public var thumbsBySize: Bool { thumbDetection?.contains("size") == true }
    /// Where thumbs are told by size too: a touch whose contact's major is longer than this and
    /// its minor shorter than ``thumbNarrowerThan`` is a thumb. libinput does not log it: it is
    /// the quirk `AttrThumbSizeThreshold` (`tp_init_thumb`, `tp_thumb_detect_pressure_size`).
    public var thumbSize: Int?
    /// The keyboard whose typing makes libinput take touches for palms (disable-while-typing),
    /// as it paired them (`palm: dwt activated with PAD<->KEYBOARD`, `tp_dwt_pair_keyboard`); nil
    /// where the replay turned disable-while-typing off.
    public var typingKeyboard: String?
    /// The lid switch, and the tablet-mode switch, whose turning on suspends the touchpad, as
    /// libinput paired them (`lid: activated for PAD<->SWITCH`, `tp_pair_lid_switch`;
    /// `tp_pair_tablet_mode_switch`): only an internal touchpad is paired.
    public var lidSwitch: String?
    public var tabletModeSwitch: String?
    /// True where libinput takes the touchpad for external (`evdev_tag_touchpad`), which TouchSynth's
    /// libinput side tells from its send-events modes (``LibinputLogMessage/externalTouchpad``): it
    /// pairs no switch with one, and detects no palms on most (``detectsPalms(quirks:pad:)``). Nil
    /// for an internal one.
    public var external: Bool?
    /// The share of ``thumbSize`` a thumb's minor stays below.
    public static let thumbMinorShare = 0.6

    /// The minor a thumb's contact stays below, where thumbs are told by size.
    public var thumbNarrowerThan: Double? { thumbSize.map { Double($0) * Self.thumbMinorShare } }

    public init() {}

    /// Whether `text` may be a set-up line, judged without a regular expression.
    static func mayRead(_ text: String) -> Bool {
        text.hasPrefix("using ") || text.hasPrefix("palm: pressure threshold") || text.hasPrefix("thumb: enabled")
            || text.hasPrefix("palm: dwt activated") || text.hasPrefix("lid: activated")
            || text.hasPrefix("tablet-mode: activated")
    }

    /// Takes the set-up line `text` in; false if it is none.
    mutating func read(_ text: String) -> Bool {
        if let m = text.wholeMatch(of: /using pressure-based touch detection \(([0-9]+):([0-9]+)\)/),
            let low = Int(m.1), let high = Int(m.2), low <= high
        {
            pressure = low...high
        } else if let m = text.wholeMatch(of: /using size-based touch detection \(([0-9]+):([0-9]+)\)/),
            // Logged high first (`tp_init_touch_size`), unlike pressure.
            let high = Int(m.1), let low = Int(m.2), low <= high
        {
            size = low...high
        } else if let m = text.wholeMatch(of: /palm: pressure threshold is ([0-9]+)/) {
            palmPressure = Int(m.1)
        } else if let m = text.wholeMatch(of: /thumb: enabled thumb detection(?: \((.*)\))?/) {
            thumbDetection = m.1.map(String.init) ?? "on"
        } else if let m = text.wholeMatch(of: /palm: dwt activated with .*<->(.*)/) {
            typingKeyboard = String(m.1)
        } else if let m = text.wholeMatch(of: /(lid|tablet-mode): activated for .*<->(.*)/) {
            if m.1 == "lid" { lidSwitch = String(m.2) } else { tabletModeSwitch = String(m.2) }
        } else {
            return false
        }
        return true
    }
}
