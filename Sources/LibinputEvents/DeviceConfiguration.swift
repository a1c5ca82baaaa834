/// How libinput configures each device it adds (`libinput_device_config_*`): the settings a
/// desktop's touchpad panel changes, which decide what a tap or a two-finger click becomes.
public struct DeviceConfiguration: Equatable, Sendable {
    /// `libinput_config_click_method`: what decides a clickpad click's button.
    public enum ClickMethod: String, Equatable, Sendable, CaseIterable {
        /// The pad's bottom edge is split into buttons: a click there is right or middle.
        case buttonAreas = "buttonareas"
        /// The number of fingers on the pad decides: two are a right click, three a middle one.
        case clickfinger
    }

    /// Tap-to-click, on every device that can tap. libinput leaves it off by default (as
    /// `libinput debug-events` does); desktops usually turn it on.
    public var tapToClick: Bool
    /// The click method of every clickpad that offers it; nil keeps libinput's default (button
    /// areas on most pads, clickfinger on Apple's).
    public var clickMethod: ClickMethod?

    public init(tapToClick: Bool = false, clickMethod: ClickMethod? = nil) {
        self.tapToClick = tapToClick
        self.clickMethod = clickMethod
    }
}
