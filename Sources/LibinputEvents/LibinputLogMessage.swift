/// A libinput log line, with libinput's priority.
public struct LibinputLogMessage: Equatable, Sendable {
    /// libinput's log priorities.
    public enum Priority: UInt8, Equatable, Sendable { case debug, info, error }
    public var priority: Priority
    public var text: String
    /// What libinput was handling when it logged the line, on a replay's virtual clock; nil
    /// while devices are set up, and live or on the real-time clock.
    public var cause: LibinputLogCause?
    /// Whether TouchSynth's libinput side wrote the line among libinput's (a device closed, a
    /// setting not offered), not libinput: `eventN - touchsynth: …`.
    public var isTouchSynths: Bool

    public init(priority: Priority, text: String, cause: LibinputLogCause? = nil, isTouchSynths: Bool = false) {
        self.priority = priority
        self.text = text
        self.cause = cause
        self.isTouchSynths = isTouchSynths
    }

    /// What TouchSynth's log line says, after the device's name (`event5 - `), as libinput closes
    /// a device it added: suspending it (`evdev_device_suspend`, src/evdev.c) or removing it. libinput
    /// logs neither; the line is logged among libinput's, at the moment it closed the device.
    public static let deviceClosed = "touchsynth: libinput closed the device"
    /// The same as libinput opens a device it closed again (`evdev_device_resume`).
    public static let deviceReopened = "touchsynth: libinput opened the device again"

    /// The same as libinput takes a send-events mode asked for (`--set-sendevents`): libinput
    /// logs no mode, and a pad that does not offer one keeps its default.
    public static func sendEventsSet(_ mode: DeviceConfiguration.SendEventsMode) -> String {
        sendEventsPrefix + mode.rawValue
    }

    /// The mode a ``sendEventsSet(_:)`` line names; nil for another line.
    public static func sendEventsSet(in text: String) -> DeviceConfiguration.SendEventsMode? {
        guard text.hasPrefix(sendEventsPrefix) else { return nil }
        return DeviceConfiguration.SendEventsMode(rawValue: String(text.dropFirst(sendEventsPrefix.count)))
    }

    private static let sendEventsPrefix = "touchsynth: libinput took the send-events mode "

    /// The same as libinput adds a touchpad it takes for external (`evdev_tag_touchpad`): libinput
    /// logs no integration, but offers the send-events mode disabled-on-external-mouse only to a
    /// touchpad it takes for internal (`tp_sendevents_get_modes`), and does no palm detection on
    /// an external one.
    public static let externalTouchpad = "touchsynth: libinput takes the touchpad for external"

    /// A line of TouchSynth's as said to a user: the device, then its words.
    public var ownWords: String { text.replacing(Self.ownMark, with: ": ") }
    /// What follows the device's name in TouchSynth's lines.
    private static let ownMark = " - touchsynth: "

    /// libinput's own warnings that events or timers ran late, which change gesture decisions.
    public var isTimingWarning: Bool {
        text.contains("lagging behind") || text.contains("expiry is in the past") || text.contains("too slow")
    }

    /// libinput's warning that a touch moved further than a finger can between frames, which it
    /// discards.
    public var isTouchJump: Bool { Self.isTouchJump(text) }

    /// Whether a line of libinput's log is its touch jump warning ("Touch jump detected and
    /// discarded", where `tp_detect_jumps` finds one, src/evdev-mt-touchpad.c).
    public static func isTouchJump(_ line: String) -> Bool { line.contains("Touch jump detected") }

    /// What a user is told of: libinput's errors and its timing warnings, not its chatter.
    public var isWarning: Bool { priority == .error || isTimingWarning }
}
