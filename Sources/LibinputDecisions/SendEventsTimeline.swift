import LibinputEvents
import Recordings

/// The touchpad's send-events mode over a replay (`--set-sendevents`), and when libinput kept the
/// touchpad closed. libinput logs nothing as it suspends a touchpad for that mode (`tp_suspend`,
/// src/evdev-mt-touchpad.c), but it closes the device (`evdev_device_suspend`, src/evdev.c) and
/// opens it again as it resumes it: TouchSynth's libinput side logs both
/// (``LibinputLogMessage/deviceClosed``). A pad with top software buttons stays open, reading only
/// those. Times are microseconds into the recording.
struct SendEventsTimeline {
    /// A stretch in which libinput kept the touchpad closed: from set-up (0) or a frame, until it
    /// opened it again (nil: to the end).
    struct Closed: Equatable {
        var from: UInt64
        var until: UInt64?
    }

    /// The mode asked for; nil leaves libinput's default (enabled).
    private(set) var mode: DeviceConfiguration.SendEventsMode?
    /// Whether libinput took it for the pad: a pad that does not offer it keeps its default.
    private(set) var taken = false
    private(set) var closed: [Closed] = []
    /// The mice beside the pad libinput takes for external: pointing devices other than touchpads on
    /// USB or Bluetooth (`evdev_tag_external_mouse`), named as their DEVICE_ADDED names them.
    private(set) var externalMice: [SendEventsSetting.Mouse] = []
    /// The other pointing devices beside the pad, which libinput does not take for external, each
    /// with its bus.
    private(set) var otherMice: [SendEventsSetting.Mouse] = []

    /// Whether the pad has top software buttons (`INPUT_PROP_TOPBUTTONPAD`), which libinput keeps
    /// open while it suspends the pad, reading those buttons for the trackpoint: no closing shows.
    private(set) var keepsOpen = false

    /// The default mode: libinput suspends nothing for it.
    init() {}

    /// The stretches the pad at node `pad` was closed, from libinput's `access` to devices, whether
    /// libinput `took` the mode, and the external mice among `events`, by each node's bus in
    /// `buses`; `keepsOpen` as the pad's properties say.
    init(
        mode: DeviceConfiguration.SendEventsMode?, took: [String: DeviceConfiguration.SendEventsMode] = [:],
        access: [DecisionLog.DeviceAccess], events: [LibinputEvent], buses: [String: UInt16] = [:], pad: String?,
        keepsOpen: Bool = false
    ) {
        self.mode = mode
        self.taken = mode != nil && pad.flatMap { took[$0] } == mode
        self.keepsOpen = keepsOpen
        for change in access where change.device == pad {
            let time = change.cause?.time ?? 0
            if change.closed {
                closed.append(Closed(from: time))
            } else if let last = closed.indices.last, closed[last].until == nil {
                closed[last].until = time
            }
        }
        for event in events {
            guard case .deviceAdded(let info) = event.kind, event.device != pad, info.capabilities.contains(.pointer),
                !info.capabilities.contains(.gesture), let bus = buses[event.device]
            else { continue }
            // The buses of the mice libinput takes for external (`evdev_tag_external_mouse`).
            let mouse = SendEventsSetting.Mouse(name: info.name, node: event.device, bus: bus)
            if bus == Bus.usb || bus == Bus.bluetooth { externalMice.append(mouse) } else { otherMice.append(mouse) }
        }
    }

    /// Whether the mode libinput took suspends the touchpad at all.
    var maySuspend: Bool { taken && (mode == .disabled || mode == .disabledOnExternalMouse) }

    /// Whether libinput suspended the touchpad as it set it up: closed from the start, or, a pad
    /// it keeps open, as the mode and the mice say.
    var suspendedAtSetUp: Bool {
        guard maySuspend else { return false }
        if keepsOpen { return mode == .disabled || !externalMice.isEmpty }
        return closed.first?.from == 0
    }
}

extension SequenceAnalysis {
    /// Why libinput reported nothing of touches made while it kept the touchpad suspended for its
    /// send-events mode; nil otherwise. A replay adds every device before the first frame, so the
    /// mode suspends the pad as libinput sets it up or never: a closing at a frame was
    /// a switch's (``SwitchTimeline``).
    var closedThroughout: String? {
        guard sendEvents.maySuspend else { return nil }
        if sendEvents.keepsOpen { return keptOpen }
        let lift = liftTime(after: sequence.frames.upperBound)
        guard let held = sendEvents.closed.first, held.from == 0,
            (held.until ?? .max) >= lift
        else { return nil }
        let until =
            held.until.map { "until \(Self.ms(Double($0 - lift) / 1000)) ms after the fingers lifted" }
            ?? "to the end of the recording"
        return "libinput suspended the touchpad as it set it up, closing its device, and kept it closed \(until): "
            + reason + "; a suspended touchpad reports no touch; libinput closes a suspended device "
            + rules.cite("evdev.c", ["1.22.1": 2994, "1.28.1": 2997, "1.31.3": 2895])
    }

    /// A pad with top software buttons, which libinput suspends without closing it, as the mode
    /// asks: disabled, or disabled with an external mouse here. Nil when it does not.
    private var keptOpen: String? {
        guard sendEvents.suspendedAtSetUp else { return nil }
        return "libinput suspended the touchpad as it set it up: " + reason + "; a touchpad with top software "
            + "buttons stays open while suspended, passing on only a click of those, for the trackpoint "
            + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2089, "1.28.1": 2087, "1.31.3": 2038])
            + ", so no closing shows; a suspended touchpad reports no touch"
    }

    /// Why the mode suspended the touchpad as libinput set it up, with the source lines.
    private var reason: String { sendEvents.reason(rules) }
}

extension SendEventsTimeline {
    /// Why the mode suspended the touchpad as libinput set it up, with `rules`' source lines.
    func reason(_ rules: RuleBook) -> String {
        guard mode == .disabledOnExternalMouse else {
            return "its send-events mode is disabled " + Self.disabledRule(rules)
        }
        let mice = externalMice.isEmpty ? "" : " (\(Self.listed(externalMice)))"
        return "its send-events mode is disabled-on-external-mouse, and libinput took a mouse here for external"
            + "\(mice), as it takes any on USB or Bluetooth " + Self.externalRule(rules)
            + "; setting the mode with one there suspends the touchpad "
            + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3799, "1.28.1": 3827, "1.31.3": 3823])
    }

    /// `mice` as a sentence names them: `NAME at NODE`, each with its bus if `withBus`.
    private static func listed(_ mice: [SendEventsSetting.Mouse], withBus: Bool = false) -> String {
        mice.map { "\($0.name) at \($0.node)" + (withBus ? ", on \(Bus.name($0.bus))" : "") }.joined(separator: "; ")
    }

    /// `tp_sendevents_set_mode`: the mode disabled suspends the touchpad.
    private static func disabledRule(_ rules: RuleBook) -> String {
        rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3826, "1.28.1": 3854, "1.31.3": 3850])
    }

    /// `evdev_tag_external_mouse`: a mouse on USB or Bluetooth is external.
    private static func externalRule(_ rules: RuleBook) -> String {
        rules.cite("evdev.c", ["1.22.1": 505, "1.28.1": 506, "1.31.3": 485])
    }

    /// The mode asked for and what libinput made of it, as `explain`'s header says; nil when no
    /// mode was asked for.
    func setting(_ rules: RuleBook) -> SendEventsSetting? {
        guard let mode else { return nil }
        let why: String
        if !taken && mode == .disabledOnExternalMouse {
            why =
                "the touchpad does not offer it, so it keeps libinput's default (enabled): libinput offers "
                + "disabled-on-external-mouse on an internal touchpad only "
                + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3784, "1.28.1": 3812, "1.31.3": 3809])
        } else if !taken {
            why = "libinput did not take it for the touchpad, which keeps libinput's default (enabled)"
        } else if suspendedAtSetUp {
            let cause =
                mode == .disabled
                ? Self.disabledRule(rules)
                : "for the external mouse here (\(Self.listed(externalMice)), on USB or Bluetooth "
                    + Self.externalRule(rules) + ")"
            why =
                "libinput suspended the touchpad as it set it up \(cause), "
                + (keepsOpen ? "keeping it open for its top software buttons" : "closing its device")
        } else if mode == .disabledOnExternalMouse {
            let others =
                otherMice.isEmpty
                ? "no mouse was played beside it"
                : "no mouse here is external (\(Self.listed(otherMice, withBus: true)))"
            why =
                "libinput kept the touchpad on: \(others), and libinput takes only a mouse on USB or Bluetooth for "
                + "external " + Self.externalRule(rules)
        } else {
            why =
                mode == .enabled ? "libinput's default: the touchpad sends its events" : "libinput kept the touchpad on"
        }
        return SendEventsSetting(
            mode: mode, taken: taken, suspended: suspendedAtSetUp, externalMice: externalMice, otherMice: otherMice,
            why: why)
    }
}

/// The send-events mode asked of the touchpad (`--set-sendevents`) and what libinput made of it.
public struct SendEventsSetting: Equatable, Sendable {
    /// The mode asked for.
    public var mode: DeviceConfiguration.SendEventsMode
    /// Whether libinput took it: a touchpad that does not offer it (an external one, for
    /// disabled-on-external-mouse) keeps libinput's default.
    public var taken: Bool
    /// Whether libinput suspended the touchpad as it set the devices up.
    public var suspended: Bool
    /// The pointing devices beside the touchpad that libinput takes for external mice, and the
    /// others.
    public var externalMice: [Mouse]
    public var otherMice: [Mouse]
    /// All that in words, with the libinput source lines behind it.
    public var why: String

    /// A pointing device other than a touchpad, played beside it.
    public struct Mouse: Equatable, Sendable {
        /// As libinput named it adding it.
        public var name: String
        /// Its node's name, `event11`.
        public var node: String
        /// Its bus (``Recordings/Bus``).
        public var bus: UInt16
    }
}
