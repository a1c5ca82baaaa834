/// How libinput configures each device it adds: the settings a desktop's touchpad panel (or
/// `libinput debug-events`' options) changes. Nil leaves libinput's default for the device.
public struct DeviceConfiguration: Equatable, Sendable {
    /// `libinput_config_click_method`: what decides a clickpad click's button.
    public enum ClickMethod: String, Equatable, Sendable, CaseIterable {
        /// The pad's bottom edge is split into buttons: a click there is right or middle.
        case buttonAreas = "buttonareas"
        /// The number of fingers on the pad decides: two are a right click, three a middle one.
        case clickfinger
    }

    /// `libinput_config_scroll_method`: which motion scrolls.
    public enum ScrollMethod: String, Equatable, Sendable, CaseIterable {
        /// No scrolling.
        case none
        /// Two fingers moving together.
        case twoFinger = "twofinger"
        /// One finger moving along the pad's right or bottom edge.
        case edge
        /// Motion while a button is held down.
        case button
    }

    /// `libinput_config_send_events_mode`: whether the touchpad sends events at all.
    public enum SendEventsMode: String, Equatable, Sendable, CaseIterable {
        /// It sends events.
        case enabled
        /// It sends none: libinput suspends it.
        case disabled
        /// It sends none while an external (USB or Bluetooth) mouse is plugged in: an internal
        /// touchpad only.
        case disabledOnExternalMouse = "disabled-on-external-mouse"
    }

    /// `libinput_config_3fg_drag_state` (libinput 1.28 and later): whether three or four fingers
    /// down hold the left button and drag with their motion.
    public enum ThreeFingerDrag: String, Equatable, Sendable, CaseIterable {
        /// Three fingers drag; four swipe.
        case threeFingers = "3fg"
        /// Four fingers drag; three swipe.
        case fourFingers = "4fg"
        /// No drag: three and four fingers swipe.
        case disabled
    }

    /// `libinput_config_accel_profile`: how pointer speed maps to motion.
    public enum AccelProfile: String, Equatable, Sendable, CaseIterable {
        /// Faster motion moves the pointer further per millimetre.
        case adaptive
        /// A constant factor, whatever the speed.
        case flat
    }

    /// Tap-to-click, on every device that can tap; nil keeps libinput's default: off, as
    /// `libinput debug-events` has it, but on for a pad without a left button
    /// (``taps(hasLeftButton:)``). Desktops usually turn it on.
    public var tapToClick: Bool?
    /// The click method of every clickpad that offers it; nil keeps libinput's default (button
    /// areas on most pads, clickfinger on Apple's).
    public var clickMethod: ClickMethod?
    /// Natural scrolling: content follows the fingers (the scroll sign flips).
    public var naturalScrolling: Bool?
    public var scrollMethod: ScrollMethod?
    public var accelProfile: AccelProfile?
    /// Pointer speed, -1 (slowest) to 1.
    public var accelSpeed: Double?
    /// The speeds libinput takes: -1 (slowest) to 1.
    public static let accelSpeeds: ClosedRange<Double> = -1...1
    /// Disable-while-typing: touchpad input right after a key is ignored.
    public var disableWhileTyping: Bool?
    /// Left-handed: the buttons (and a clickpad's button areas) swap sides.
    public var leftHanded: Bool?
    /// Middle-button emulation: left and right pressed together are a middle click.
    public var middleEmulation: Bool?
    /// Tap-and-drag: a tap followed by a touch that moves holds the button down.
    public var tapDrag: Bool?
    /// Drag lock: lifting the finger during a tap-and-drag keeps the button down for a moment,
    /// so the drag can go on with another touch.
    public var dragLock: Bool?
    /// Whether three- or four-finger drag was asked for (libinput's default is off).
    public var dragsWithFingers: Bool { threeFingerDrag.map { $0 != .disabled } ?? false }

    /// Three-finger drag, where the libinput version offers it (1.28 and later).
    public var threeFingerDrag: ThreeFingerDrag?
    /// The touchpad's send-events mode, as a desktop's "disable touchpad while a mouse is
    /// plugged in" sets it; applied to touchpads only, as that panel does.
    public var sendEvents: SendEventsMode?

    public init(
        tapToClick: Bool? = nil, clickMethod: ClickMethod? = nil, naturalScrolling: Bool? = nil,
        scrollMethod: ScrollMethod? = nil,
        accelProfile: AccelProfile? = nil, accelSpeed: Double? = nil, disableWhileTyping: Bool? = nil,
        leftHanded: Bool? = nil,
        middleEmulation: Bool? = nil, tapDrag: Bool? = nil, dragLock: Bool? = nil, sendEvents: SendEventsMode? = nil,
        threeFingerDrag: ThreeFingerDrag? = nil
    ) {
        self.tapToClick = tapToClick
        self.clickMethod = clickMethod
        self.naturalScrolling = naturalScrolling
        self.scrollMethod = scrollMethod
        self.accelProfile = accelProfile
        self.accelSpeed = accelSpeed
        self.disableWhileTyping = disableWhileTyping
        self.leftHanded = leftHanded
        self.middleEmulation = middleEmulation
        self.tapDrag = tapDrag
        self.dragLock = dragLock
        self.sendEvents = sendEvents
        self.threeFingerDrag = threeFingerDrag
    }

    /// Whether libinput taps on a device with this configuration: as asked, else by its default,
    /// only where the device has no left button to click with (`tp_tap_default`,
    /// src/evdev-mt-touchpad-tap.c).
    public func taps(hasLeftButton: Bool) -> Bool { tapToClick ?? !hasLeftButton }
}
