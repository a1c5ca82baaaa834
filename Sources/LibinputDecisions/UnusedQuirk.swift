import Quirks
import Recordings

/// A quirk libinput matched for the touchpad but does not use there, and why: a palm threshold
/// on a touchpad it detects no palms on, one it takes for external
/// (``DeviceThresholds/detectsPalms(quirks:pad:)``), or a palm pressure threshold on one without
/// ABS_MT_PRESSURE, or whose ABS_MT axes libinput disables (`tp_init_palmdetect_pressure`,
/// `tp_init_slots`).
/// Without it, a quirk that changes nothing (`explain --quirks`) would leave its reader guessing.
public struct UnusedQuirk: Equatable, Sendable {
    /// The quirk, with the file that set it.
    public var property: QuirksListing.Property
    /// Why, in words, with the source line of the libinput version explained.
    public var why: String

    /// The palm quirks of `quirks` that libinput, as `rules` cite it, does not use on `pad`, on
    /// which it `detectsPalms` or not.
    static func all(
        in quirks: QuirksListing?, pad: DeviceDescription, detectsPalms: Bool, rules: RuleBook
    ) -> [UnusedQuirk] {
        (quirks?.properties ?? []).compactMap { property in
            switch property.key {
            case "AttrPalmPressureThreshold" where !detectsPalms, "AttrPalmSizeThreshold" where !detectsPalms:
                return UnusedQuirk(
                    property: property,
                    why: "libinput takes the touchpad for external, and does no palm detection on one "
                        + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3454, "1.28.1": 3483, "1.31.3": 3504]))
            case "AttrPalmPressureThreshold" where pad.isReadAsSingleTouch(quirks):
                let which =
                    pad.has(property: Evdev.INPUT_PROP_SEMI_MT)
                    ? "it is semi-MT, reporting a box around the fingers" : "its ModelHPPavilionDM4Touchpad quirk"
                return UnusedQuirk(
                    property: property,
                    why: "libinput reads the touchpad as single-touch (\(which)) and disables its ABS_MT axes, "
                        + "ABS_MT_PRESSURE among them, which palm detection by pressure reads "
                        + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2936, "1.28.1": 2943, "1.31.3": 2918]) + "; "
                        + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3387, "1.28.1": 3418, "1.31.3": 3445]))
            case "AttrPalmPressureThreshold" where !pad.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_PRESSURE):
                return UnusedQuirk(
                    property: property,
                    why: "the touchpad has no ABS_MT_PRESSURE, which palm detection by pressure reads "
                        + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3387, "1.28.1": 3418, "1.31.3": 3445]))
            default:
                return nil
            }
        }
    }
}
