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
    /// `tp_fake_finger_count` (src/evdev-mt-touchpad.c, 1.22.1 to 1.31.3) reads them, the key of
    /// fewest fingers speaks when a kernel bug holds two.
    public var toolFingerCounts: [Int] {
        var held: Set<Int> = []
        return frames.map { frame in
            for event in frame.events where event.type == Evdev.EV_KEY {
                guard let index = Self.fingerCountKeys.firstIndex(of: event.code) else { continue }
                if event.value == 0 { held.remove(index + 1) } else { held.insert(index + 1) }
            }
            return held.min() ?? 0
        }
    }
}
