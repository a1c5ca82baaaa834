import Quirks
import Recordings

extension Recording {
    /// Whether libinput reads this touchpad as a single-touch one with BTN_TOOL_* keys: a semi-MT
    /// pad, whose slots hold the box around two fingers, or the HP Pavilion DM4's, whose slots
    /// jump (`tp_init_slots`, src/evdev-mt-touchpad.c, 1.22.1 to 1.31.3).
    func readAsSingleTouch(_ quirks: QuirksListing?) -> Bool {
        device.has(property: Evdev.INPUT_PROP_SEMI_MT)
            || quirks?.properties.contains { $0.key == "ModelHPPavilionDM4Touchpad" && $0.value == "1" } == true
    }

    /// The recording as libinput then reads it: every axis from ABS_MT_SLOT on disabled
    /// (`tp_disable_abs_mt`), so its one touch follows ABS_X, ABS_Y and ABS_PRESSURE while
    /// BTN_TOUCH is down, and each further finger a BTN_TOOL_* key counts is a fake one. Every
    /// frame keeps its place, so that the frame numbers stamped on libinput's log still find it.
    func withMultitouchAxesDisabled() -> Recording {
        var copy = self
        let disabled = { (code: UInt16) in code >= Evdev.ABS_MT_SLOT }
        copy.device.codes[Evdev.EV_ABS] = copy.device.codes[Evdev.EV_ABS]?.filter { !disabled($0) }
        copy.device.absinfo = copy.device.absinfo.filter { !disabled($0.key) }
        copy.frames = frames.map { frame in
            EvdevFrame(
                time: frame.time, events: frame.events.filter { !($0.type == Evdev.EV_ABS && disabled($0.code)) })
        }
        return copy
    }
}
