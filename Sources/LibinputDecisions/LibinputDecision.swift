import LibinputEvents

/// One transition of a libinput state machine, read from its debug log: which machine, which
/// touch, the state it left, the event that moved it and the state it reached, and the frame or
/// timer that made libinput take it.
public struct LibinputDecision: Equatable, Sendable {
    /// libinput's state machines that log their transitions (src/evdev-mt-touchpad*.c).
    public enum Machine: String, Equatable, Sendable, Codable {
        /// Gestures: pointer motion, scroll, pinch, swipe, hold (`evdev-mt-touchpad-gestures.c`).
        case gesture
        /// Tap-to-click (`evdev-mt-touchpad-tap.c`).
        case tap
        /// A touch taken as a palm, or released as a finger (`evdev-mt-touchpad.c`).
        case palm
        /// A touch taken as a thumb (`evdev-mt-touchpad-thumb.c`).
        case thumb
        /// A touch begun or ended by pressure or size (`evdev-mt-touchpad.c`).
        case touchDetection
        /// The clickpad's software buttons (`evdev-mt-touchpad-buttons.c`).
        case button
        /// Edge scrolling (`evdev-mt-touchpad-edge-scroll.c`).
        case edgeScroll
        /// A kernel bug libinput worked round (a touch jump, a missing event).
        case kernelBug
        /// The touchpad suspended or resumed by a lid or tablet-mode switch (`tp_lid_switch_event`,
        /// `tp_tablet_mode_switch_event` in `evdev-mt-touchpad.c`): the event is the switch,
        /// libinput's `SUSPEND_LID` or `SUSPEND_TABLET_MODE`; the state `suspended` or `resumed`.
        case suspend
    }

    public var machine: Machine
    /// The device's node name, `event10`.
    public var device: String
    /// libinput's touch index (the MT slot) the transition is about, when it names one.
    public var touch: Int?
    /// The number of fingers libinput was counting (gestures, from libinput 1.27).
    public var fingers: Int?
    /// The state left, libinput's name (`GESTURE_STATE_UNKNOWN`).
    public var from: String?
    /// What moved it (`GESTURE_EVENT_PINCH_START`, `TAP_EVENT_RELEASE`), or a palm's reason.
    public var event: String?
    /// The state reached.
    public var to: String?
    /// The line as libinput logged it, without the device's prefix.
    public var text: String
    /// The frame or timer libinput was handling when it logged the line.
    public var cause: LibinputLogCause?

    public init(
        machine: Machine, device: String, touch: Int? = nil, fingers: Int? = nil, from: String? = nil,
        event: String? = nil, to: String? = nil, text: String, cause: LibinputLogCause? = nil
    ) {
        self.machine = machine
        self.device = device
        self.touch = touch
        self.fingers = fingers
        self.from = from
        self.event = event
        self.to = to
        self.text = text
        self.cause = cause
    }
}

extension LibinputDecision {
    /// libinput's names of the triggers that suspend a touchpad (`enum suspend_trigger`), by switch.
    static let suspendTriggers: [Switch: String] = [.lid: "SUSPEND_LID", .tabletMode: "SUSPEND_TABLET_MODE"]

    /// The switch that suspended or resumed the touchpad, and whether it suspended it; nil for
    /// another machine's decision.
    var suspension: (trigger: Switch, suspends: Bool)? {
        guard machine == .suspend, let trigger = Self.suspendTriggers.first(where: { $0.value == event })?.key
        else { return nil }
        return (trigger, to == "suspended")
    }

    /// The button a clickpad sent that libinput dropped, as a kernel bug's line names it
    /// (`received BTN_RIGHT button event on a clickpad`, `tp_process_button`); nil for another line.
    public var droppedClickpadButton: String? {
        guard machine == .kernelBug, text.hasSuffix(" button event on a clickpad") else { return nil }
        let words = text.split(separator: " ")
        guard let received = words.firstIndex(of: "received"), received + 1 < words.count else { return nil }
        return String(words[received + 1])
    }

    /// The frame of the recording's device whose move libinput logged as a touch jump (`Touch
    /// jump detected and discarded`, `tp_detect_jumps`); nil for another line.
    var touchJumpFrame: Int? {
        guard machine == .kernelBug, LibinputLogMessage.isTouchJump(text), case .frame(0, let frame, _) = cause
        else { return nil }
        return frame
    }
}
