import Quirks
import Recordings

/// A quirk libinput matched for the touchpad but does not use there, and why: a palm threshold
/// on a touchpad it detects no palms on, one it takes for external
/// (``DeviceThresholds/detectsPalms(quirks:pad:)``), a palm pressure threshold on one without
/// ABS_MT_PRESSURE, or whose ABS_MT axes libinput disables (`tp_init_palmdetect_pressure`,
/// `tp_init_slots`), a touch or palm size on one without ABS_MT_TOUCH_MAJOR as libinput reads it
/// (`tp_init_touch_size`, `tp_palm_detect_touch_size_triggered`), or a resolution hint for axes the
/// kernel gives one (`evdev_fix_abs_resolution`).
/// Without it, a quirk that changes nothing (`explain --quirks`) would leave its reader guessing.
public struct UnusedQuirk: Equatable, Sendable {
    /// The quirk, with the file that set it.
    public var property: QuirksListing.Property
    /// Why, in words, with the source line of the libinput version explained.
    public var why: String

    /// The quirks of `quirks` that libinput, as `rules` cite it, does not use on `pad` (as it reads
    /// the touchpad `recorded`), on which it `detectsPalms` or not.
    static func all(
        in quirks: QuirksListing?, pad: DeviceDescription, recorded: DeviceDescription, detectsPalms: Bool,
        rules: RuleBook
    ) -> [UnusedQuirk] {
        let major = Evdev.ABS_MT_TOUCH_MAJOR
        let noMajor =
            recorded.has(type: Evdev.EV_ABS, code: major)
            ? "which the touchpad has, but libinput reads it as single-touch and disables its ABS_MT axes"
            : "which the touchpad has not"
        let measured =
            recorded.hasMultitouchPositions
            ? [Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y] : [Evdev.ABS_X, Evdev.ABS_Y]
        let kernelResolution = measured.contains { (recorded.absinfo[$0]?.resolution ?? 0) != 0 }
        return (quirks?.properties ?? []).compactMap { property in
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
            case "AttrTouchSizeRange" where !pad.has(type: Evdev.EV_ABS, code: major):
                return UnusedQuirk(
                    property: property,
                    why: "libinput tells touches by size only from ABS_MT_TOUCH_MAJOR, \(noMajor) "
                        + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3652, "1.28.1": 3680, "1.31.3": 3690]))
            case "AttrPalmSizeThreshold" where !pad.has(type: Evdev.EV_ABS, code: major):
                return UnusedQuirk(
                    property: property,
                    why: "palm detection by size compares a touch's ABS_MT_TOUCH_MAJOR, \(noMajor) "
                        + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 1038, "1.28.1": 1040, "1.31.3": 975]))
            case "AttrResolutionHint" where kernelResolution:
                return UnusedQuirk(
                    property: property,
                    why: "the kernel gives the touchpad's axes a resolution, which libinput keeps, reading no hint "
                        + rules.cite("evdev.c", ["1.22.1": 1650, "1.28.1": 1667, "1.31.3": 1562]))
            default:
                return nil
            }
        }
    }
}
