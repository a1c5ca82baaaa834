import LibinputEvents

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
    private(set) var closed: [Closed] = []
    /// The mice beside the pad libinput takes for external: pointing devices other than touchpads on
    /// USB or Bluetooth (`evdev_tag_external_mouse`), named as their DEVICE_ADDED names them.
    private(set) var externalMice: [String] = []

    /// Whether the pad has top software buttons (`INPUT_PROP_TOPBUTTONPAD`), which libinput keeps
    /// open while it suspends the pad, reading those buttons for the trackpoint: no closing shows.
    private(set) var keepsOpen = false

    /// The default mode: libinput suspends nothing for it.
    init() {}

    /// The stretches the pad at node `pad` was closed, from libinput's `access` to devices, and
    /// the external mice among `events`, by each node's bus in `buses`; `keepsOpen` as the pad's
    /// properties say.
    init(
        mode: DeviceConfiguration.SendEventsMode?, access: [DecisionLog.DeviceAccess], events: [LibinputEvent],
        buses: [String: UInt16] = [:], pad: String?, keepsOpen: Bool = false
    ) {
        self.mode = mode
        self.keepsOpen = keepsOpen
        for change in access where change.device == pad {
            let time = change.cause?.time ?? 0
            if change.closed {
                closed.append(Closed(from: time))
            } else if let last = closed.indices.last, closed[last].until == nil {
                closed[last].until = time
            }
        }
        let usbOrBluetooth: Set<UInt16> = [0x03, 0x05]
        externalMice = events.compactMap { event in
            guard case .deviceAdded(let info) = event.kind, event.device != pad, info.capabilities.contains(.pointer),
                !info.capabilities.contains(.gesture), let bus = buses[event.device], usbOrBluetooth.contains(bus)
            else { return nil }
            return "\(info.name) at \(event.device)"
        }
    }

    /// Whether the mode asked for suspends the touchpad at all.
    var maySuspend: Bool { mode == .disabled || mode == .disabledOnExternalMouse }
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
        guard sendEvents.mode == .disabled || !sendEvents.externalMice.isEmpty else { return nil }
        return "libinput suspended the touchpad as it set it up: " + reason + "; a touchpad with top software "
            + "buttons stays open while suspended, passing on only a click of those, for the trackpoint "
            + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2089, "1.28.1": 2087, "1.31.3": 2038])
            + ", so no closing shows; a suspended touchpad reports no touch"
    }

    /// Why the mode suspended the touchpad as libinput set it up, with the source lines.
    private var reason: String {
        guard sendEvents.mode == .disabledOnExternalMouse else {
            return "its send-events mode is disabled "
                + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3826, "1.28.1": 3854, "1.31.3": 3850])
        }
        let mice = sendEvents.externalMice.isEmpty ? "" : " (\(sendEvents.externalMice.joined(separator: "; ")))"
        return "its send-events mode is disabled-on-external-mouse, and libinput took a mouse here for external"
            + "\(mice), as it takes any on USB or Bluetooth "
            + rules.cite("evdev.c", ["1.22.1": 505, "1.28.1": 506, "1.31.3": 485])
            + "; setting the mode with one there suspends the touchpad "
            + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 3799, "1.28.1": 3827, "1.31.3": 3823])
    }
}
