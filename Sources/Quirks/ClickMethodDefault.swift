import LibinputEvents
import Recordings

extension DeviceDescription {
    /// How a press of this pad's button picks the button: the method `asked` where the pad offers
    /// it, else libinput's default for it, by the model quirks `setsModel` says its quirks set;
    /// nil for a pad with buttons of its own, which libinput posts as they are
    /// (`tp_post_button_events`; `tp_button_config_click_get_methods`,
    /// `tp_click_get_default_method`, src/evdev-mt-touchpad-buttons.c, 1.22.1 to 1.31.3).
    public func clickMethod(
        setsModel: (String) -> Bool, asked: DeviceConfiguration.ClickMethod?
    ) -> DeviceConfiguration.ClickMethod? {
        let clickpad = has(property: Evdev.INPUT_PROP_BUTTONPAD)
        let oneButton = setsModel("ModelAppleTouchpadOneButton")
        let mt = has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X)
        let offered: [DeviceConfiguration.ClickMethod] =
            (clickpad ? [.buttonAreas] : []) + ((clickpad && mt) || oneButton ? [.clickfinger] : [])
        guard clickpad || oneButton else { return nil }
        if let asked, offered.contains(asked) { return asked }
        let clickfingerModels = [
            "ModelChromebook", "ModelSystem76Bonobo", "ModelSystem76Galago", "ModelSystem76Kudu",
            "ModelClevoW740SU", "ModelAppleTouchpadOneButton", "ModelAppleTouchpad",
        ]
        return clickfingerModels.contains(where: setsModel) ? .clickfinger : .buttonAreas
    }
}
