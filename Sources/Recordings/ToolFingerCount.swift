extension Recording {
    /// The BTN_TOOL_* keys that count fingers, by how many they count: BTN_TOOL_FINGER 1 up to
    /// BTN_TOOL_QUINTTAP 5.
    public static let fingerCountKeys: [UInt16] = [
        Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_TOOL_TRIPLETAP, Evdev.BTN_TOOL_QUADTAP,
        Evdev.BTN_TOOL_QUINTTAP,
    ]

    /// How many fingers the BTN_TOOL_* keys held at the end of each frame count, 0 while none is.
    ///
    /// A touchpad with fewer slots than fingers reports the fingers beyond its slots by these keys
    /// alone, and libinput counts them as touches of their own ("fake fingers"). As libinput's
    /// `tp_fake_finger_set` and `tp_fake_finger_count` (src/evdev-mt-touchpad.c, 1.22.1 to
    /// 1.31.3) read them: the key of fewest fingers speaks when a kernel bug holds two, and
    /// BTN_TOOL_QUINTTAP only marks an overflow, which keeps the count as it was until BTN_TOUCH
    /// lifts or another of the keys goes down.
    public var toolFingerCounts: [Int] { toolFingerReadings.map(\.count) }

    /// Each frame's ``toolFingerCounts`` count, and whether BTN_TOOL_QUINTTAP's overflow was
    /// marked at its end: libinput then leaves its touches as they are, beginning and ending none
    /// by the keys (`tp_unhover_fake_touches`, `tp_process_fake_touches`).
    public var toolFingerReadings: [(count: Int, overflow: Bool)] {
        var held: Set<Int> = []
        var overflow = false, count = 0
        return frames.map { frame in
            for event in frame.events where event.type == Evdev.EV_KEY {
                if event.code == Evdev.BTN_TOUCH {
                    if event.value == 0 { overflow = false }
                    continue
                }
                guard let index = Self.fingerCountKeys.firstIndex(of: event.code) else { continue }
                if event.code == Evdev.BTN_TOOL_QUINTTAP {
                    if event.value != 0 { overflow = true }
                    continue
                }
                if event.value == 0 {
                    held.remove(index + 1)
                } else {
                    held.insert(index + 1)
                    overflow = false
                }
            }
            if !overflow { count = held.min() ?? 0 }
            return (count, overflow)
        }
    }

    /// How many touch slots hold a contact (a tracking ID) at the end of each frame, whether its
    /// position is known or not; on a touchpad without slots, whether BTN_TOUCH is down.
    public var slotContactCounts: [Int] {
        let hasSlots = device.absinfo[Evdev.ABS_MT_SLOT] != nil
        var slot = Int(device.absinfo[Evdev.ABS_MT_SLOT]?.value ?? 0)
        var contacts: Set<Int> = [], touching = false
        return frames.map { frame in
            for event in frame.events {
                switch (event.type, event.code) {
                case (Evdev.EV_ABS, Evdev.ABS_MT_SLOT) where hasSlots: slot = Int(event.value)
                case (Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID) where hasSlots:
                    if event.value < 0 { contacts.remove(slot) } else { contacts.insert(slot) }
                case (Evdev.EV_KEY, Evdev.BTN_TOUCH): touching = event.value != 0
                default: break
                }
            }
            return hasSlots ? contacts.count : (touching ? 1 : 0)
        }
    }
}
