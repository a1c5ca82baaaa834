import Quirks
import Recordings

extension DeviceDescription {
    /// Whether libinput reads this touchpad as a single-touch one with BTN_TOOL_* keys whatever
    /// its slots: a semi-MT pad, whose slots hold the box around two fingers, or the HP Pavilion
    /// DM4's, whose slots jump (`tp_init_slots`, src/evdev-mt-touchpad.c, 1.22.1 to 1.31.3).
    func isReadAsSingleTouch(_ quirks: QuirksListing?) -> Bool {
        has(property: Evdev.INPUT_PROP_SEMI_MT) || quirks?.marksJumpingSlots == true
    }
}

extension QuirksListing {
    /// Whether the quirks mark the HP Pavilion DM4's touchpad, whose slots jump
    /// (`ModelHPPavilionDM4Touchpad`): libinput reads it as single-touch and scrolls it by the
    /// edges alone (`tp_init_slots`, `tp_scroll_get_methods`).
    var marksJumpingSlots: Bool { setsModel("ModelHPPavilionDM4Touchpad") }
}

extension Recording {
    /// The recording as libinput reads a touchpad it takes as single-touch (one without slots, or
    /// ``DeviceDescription/isReadAsSingleTouch(_:)``): every axis from ABS_MT_SLOT on disabled
    /// (`tp_disable_abs_mt`), so its one touch follows ABS_X, ABS_Y and ABS_PRESSURE, and each
    /// further finger a BTN_TOOL_* key counts is a fake one. It still measures by the multitouch
    /// position axes it chose before (`evdev_extract_abs_axes`, src/evdev.c): an ABS_X value is
    /// counted against ABS_MT_POSITION_X's range, resolution and fuzz, which ABS_X takes here.
    /// Every frame keeps its place, so that the frame numbers stamped on libinput's log find it.
    func readAsSingleTouch() -> Recording {
        var copy = self
        for (single, multi) in [(Evdev.ABS_X, Evdev.ABS_MT_POSITION_X), (Evdev.ABS_Y, Evdev.ABS_MT_POSITION_Y)] {
            guard let measured = device.absinfo[multi], let own = device.absinfo[single] else { continue }
            copy.device.absinfo[single] = AbsInfo(
                value: own.value, minimum: measured.minimum, maximum: measured.maximum, fuzz: measured.fuzz,
                flat: own.flat, resolution: measured.resolution)
        }
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
