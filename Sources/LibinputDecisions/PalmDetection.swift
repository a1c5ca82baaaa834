import Quirks
import Recordings

extension DeviceThresholds {
    /// Whether libinput detects palms on the touchpad `pad` at all (`tp_init_palmdetect`,
    /// src/evdev-mt-touchpad.c): not on one it takes for external (``external``), unless the pad
    /// sits below a keyboard of a combo (its quirk `AttrTPKComboLayout=below`) or udev calls it a
    /// tablet's too (`ID_INPUT_TABLET`).
    func detectsPalms(quirks: QuirksListing?, pad: DeviceDescription) -> Bool {
        guard external == true else { return true }
        let comboBelow = quirks?.properties.contains { $0.key == "AttrTPKComboLayout" && $0.value == "below" } ?? false
        let tablet = pad.effectiveUdevProperties.contains { $0.0 == "ID_INPUT_TABLET" && $0.1 == "1" }
        return comboBelow || tablet
    }
}
