import LibinputEvents

extension DeviceConfiguration {
    /// Whether libinput taps on `device` with this configuration: as asked, else its default,
    /// which is on for a pad without a left button (``taps(hasLeftButton:)``).
    public func taps(on device: DeviceDescription) -> Bool {
        taps(hasLeftButton: device.has(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT))
    }
}
