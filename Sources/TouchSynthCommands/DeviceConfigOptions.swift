import ArgumentParser
import LibinputEvents

/// How libinput configures each device it adds: the settings a desktop's touchpad panel
/// changes, spelled as `libinput debug-events` spells them. Unset, libinput's default stays.
struct DeviceConfigOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedEnableDisable, exclusivity: .exclusive,
        help: "Tap-to-click; unset, libinput's default: off, but on for a pad without a left button.") var tap: Bool?
    @Flag(
        inversion: .prefixedEnableDisable, exclusivity: .exclusive,
        help: "Tap-and-drag: a tap, then a touch that moves, drags with the button held.") var drag: Bool?
    @Flag(
        inversion: .prefixedEnableDisable, exclusivity: .exclusive,
        help: "Drag lock: lifting the finger mid-drag keeps the button held for a moment.") var dragLock: Bool?
    @Option(
        name: .customLong("enable-3fg-drag"),
        help: ArgumentHelp(
            "Three-finger drag (libinput 1.28 and later): 3fg (three fingers hold the left button and drag), 4fg, "
                + "or disabled.", valueName: "fingers")) var threeFingerDrag: DeviceConfiguration.ThreeFingerDrag?
    @Flag(
        inversion: .prefixedEnableDisable, exclusivity: .exclusive,
        help: "libinput's natural scrolling: its scroll values change sign (an app's keep an iPad's).")
    var naturalScrolling: Bool?
    @Flag(
        inversion: .prefixedEnableDisable, exclusivity: .exclusive,
        help: "Left-handed buttons: left and right (and a clickpad's button areas) swap.") var leftHanded: Bool?
    @Flag(
        inversion: .prefixedEnableDisable, exclusivity: .exclusive,
        help: "Middle-button emulation: left and right pressed together are a middle click.") var middlebutton: Bool?
    @Flag(
        inversion: .prefixedEnableDisable, exclusivity: .exclusive,
        help: ArgumentHelp(
            "Disable-while-typing: the touchpad ignores touches just after a key is typed (in a replay, on a "
                + "keyboard given with --with).")) var dwt: Bool?
    @Option(
        name: .customLong("set-click-method"),
        help: ArgumentHelp(
            "The clickpad's click method: buttonareas (the pad's bottom corners are its buttons) or clickfinger (two "
                + "fingers clicking make a right click). Default: libinput's for the device.",
            valueName: "method")) var clickMethod: DeviceConfiguration.ClickMethod?
    @Option(name: .customLong("click-method"), help: .hidden) var oldClickMethod: DeviceConfiguration.ClickMethod?
    @Option(
        name: .customLong("set-scroll-method"),
        help: ArgumentHelp(
            "Which motion scrolls: none, twofinger, edge (one finger along the right or bottom edge) or button.",
            valueName: "method"))
    var scrollMethod: DeviceConfiguration.ScrollMethod?
    @Option(
        name: .customLong("set-profile"),
        help: ArgumentHelp("Pointer acceleration profile: adaptive or flat.", valueName: "profile"))
    var accelProfile: DeviceConfiguration.AccelProfile?
    @Option(
        name: .customLong("set-sendevents"),
        help: ArgumentHelp(
            "The touchpad's send-events mode: enabled, disabled, or disabled-on-external-mouse (while a USB or "
                + "Bluetooth mouse is there; in a replay, one given with --with).", valueName: "mode"))
    var sendEvents: DeviceConfiguration.SendEventsMode?
    // Unconditional: a negative speed is a value, not an option.
    @Option(
        name: .customLong("set-speed"), parsing: .unconditional,
        help: ArgumentHelp("Pointer speed, from -1 (slowest) to 1.", valueName: "speed")
    ) var speed: Double?

    func validate() throws {
        if let speed, !DeviceConfiguration.accelSpeeds.contains(speed) {
            throw ValidationError("--set-speed must be within -1 and 1")
        }
        if clickMethod != nil, oldClickMethod != nil {
            throw ValidationError("--click-method is the old spelling of --set-click-method: give one of them")
        }
        // Said here, once, however many replays the command runs.
        if oldClickMethod != nil { deprecated("--click-method", use: "--set-click-method") }
    }

    var configuration: DeviceConfiguration {
        DeviceConfiguration(
            tapToClick: tap, clickMethod: clickMethod ?? oldClickMethod, naturalScrolling: naturalScrolling,
            scrollMethod: scrollMethod,
            accelProfile: accelProfile, accelSpeed: speed, disableWhileTyping: dwt, leftHanded: leftHanded,
            middleEmulation: middlebutton, tapDrag: drag, dragLock: dragLock, sendEvents: sendEvents,
            threeFingerDrag: threeFingerDrag)
    }
}

extension DeviceConfiguration.ClickMethod: ExpressibleByArgument {}
extension DeviceConfiguration.ScrollMethod: ExpressibleByArgument {}
extension DeviceConfiguration.AccelProfile: ExpressibleByArgument {}
extension DeviceConfiguration.SendEventsMode: ExpressibleByArgument {}
extension DeviceConfiguration.ThreeFingerDrag: ExpressibleByArgument {}
