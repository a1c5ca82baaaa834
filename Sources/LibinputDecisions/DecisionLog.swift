import LibinputEvents

/// libinput's debug log read as decisions and device thresholds. The formats are those of
/// libinput 1.22.1, 1.28.1 and 1.31.3 (`evdev_log_debug` calls in src/evdev-mt-touchpad*.c);
/// a line of no known form is kept as unread, never guessed at.
public struct DecisionLog: Equatable, Sendable {
    /// The state machines' transitions, in the order libinput logged them.
    public var decisions: [LibinputDecision] = []
    /// What libinput said of each touchpad as it set it up.
    public var thresholds: [String: DeviceThresholds] = [:]
    /// Debug lines about touches that no pattern here reads (a newer libinput's wording).
    public var unread: [LibinputLogMessage] = []
    /// The recording frame from which libinput held touches with its motion hysteresis: 0 when
    /// it was on from the set-up (an axis with fuzz), nil when it never was.
    public var hysteresisFrom: Int?
    /// libinput closing a device it added, and opening it again, by TouchSynth's lines
    /// (``LibinputLogMessage/deviceClosed``): a touchpad stays closed while suspended.
    public var access: [DeviceAccess] = []
    /// The send-events mode libinput took for each device it was asked of, by TouchSynth's lines
    /// (``LibinputLogMessage/sendEventsSet(_:)``): a device missing here kept its default.
    public var sendEvents: [String: DeviceConfiguration.SendEventsMode] = [:]

    /// A device closed, or opened again, by libinput.
    public struct DeviceAccess: Equatable, Sendable {
        public var device: String
        /// Whether libinput closed it, rather than opened it again.
        public var closed: Bool
        /// What libinput was handling; nil while it set the devices up.
        public var cause: LibinputLogCause?
    }

    public init(_ messages: [LibinputLogMessage]) {
        for message in messages { read(message) }
    }

    private mutating func read(_ message: LibinputLogMessage) {
        guard let (device, text) = Self.split(message.text) else { return }
        if text.hasPrefix("hysteresis enabled"), hysteresisFrom == nil {
            switch message.cause {
            case .frame(0, let index, _): hysteresisFrom = index
            case nil: hysteresisFrom = 0
            default: break
            }
            return
        }
        if message.isTouchSynths, text == LibinputLogMessage.deviceClosed || text == LibinputLogMessage.deviceReopened {
            access.append(
                DeviceAccess(device: device, closed: text == LibinputLogMessage.deviceClosed, cause: message.cause))
            return
        }
        if message.isTouchSynths, let mode = LibinputLogMessage.sendEventsSet(in: text) {
            sendEvents[device] = mode
            return
        }
        if message.isTouchSynths, text == LibinputLogMessage.externalTouchpad {
            thresholds[device, default: DeviceThresholds()].external = true
            return
        }
        if DeviceThresholds.mayRead(text), thresholds[device, default: DeviceThresholds()].read(text) { return }
        // From 1.27 each event line is followed by the chain of states it ran through: the event
        // line says all a reader needs.
        if text.hasPrefix("gesture: [") && text.contains("] state ") { return }
        if let decision = Self.decision(text, device: device, cause: message.cause) {
            decisions.append(decision)
        } else if Self.touchPrefixes.contains(where: text.hasPrefix) {
            unread.append(message)
        }
    }

    /// The machines' own lines, which a decision is expected of.
    private static let touchPrefixes = ["gesture", "tap:", "palm:", "thumb:", "button state:", "edge-scroll: touch"]

    /// `event10 - text` as its device and text. Read without a regular expression: a replay's
    /// debug log has a few lines per frame.
    static func split(_ line: String) -> (device: String, text: String)? {
        guard line.hasPrefix("event"), let dash = line.firstRange(of: " - ") else { return nil }
        let device = line[..<dash.lowerBound]
        guard device.count > 5, device.dropFirst(5).allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return (String(device), String(line[dash.upperBound...]))
    }

    private static func decision(_ text: String, device: String, cause: LibinputLogCause?) -> LibinputDecision? {
        func made(
            _ machine: LibinputDecision.Machine, touch: Substring? = nil, fingers: Substring? = nil,
            from: Substring? = nil, event: Substring? = nil, to: Substring? = nil
        ) -> LibinputDecision {
            LibinputDecision(
                machine: machine, device: device, touch: touch.flatMap { Int($0) },
                fingers: fingers.flatMap { Int($0) },
                from: from.map(String.init), event: event.map(String.init), to: to.map(String.init), text: text,
                cause: cause)
        }
        // 1.27 and later: the finger count, then the event that moved the gesture machine.
        if text.hasPrefix("gesture: ["),
            let m = text.wholeMatch(of: /gesture: \[([0-9]+)fg\] event (\S+) → (\S+) → (\S+)/)
        {
            return made(.gesture, fingers: m.1, from: m.2, event: m.3, to: m.4)
        }
        if text.hasPrefix("gesture state"), let m = text.wholeMatch(of: /gesture state (\S+) → (\S+) → (\S+)/) {
            return made(.gesture, from: m.1, event: m.2, to: m.3)
        }
        // A tap line without a touch (a timer, a button) says touch -1 with an empty state.
        if text.hasPrefix("tap: "),
            let m = text.wholeMatch(of: /tap: touch (-?[0-9]+) \(([^)]*)\), tap state (\S+) → (\S+) → (\S+)/)
        {
            return made(.tap, touch: m.1.hasPrefix("-") ? nil : m.1, from: m.3, event: m.4, to: m.5)
        }
        // The typing timer running out (`tp_keyboard_timeout`): typing no longer sets touches aside;
        // or set again, a key still held.
        if text == "palm: keyboard timeout" || text == "palm: keyboard timeout refresh" {
            return made(.palm, event: text.dropFirst("palm: ".count))
        }
        if text.hasPrefix("palm: "), let m = text.wholeMatch(of: /palm: touch ([0-9]+) \((\S+)\), (.*)/) {
            return made(.palm, touch: m.1, from: m.2, event: m.3)
        }
        // Releases: "released, out of edge zone" (1.29: "is no longer palm, …"), "size exceeded".
        if text.hasPrefix("palm: "), let m = text.wholeMatch(of: /palm: touch ([0-9]+):? (.*)/) {
            return made(.palm, touch: m.1, event: m.2)
        }
        if text.hasPrefix("touch "), let m = text.wholeMatch(of: /touch ([0-9]+) is speed-based thumb/) {
            return made(.thumb, touch: m.1, event: "speed-based thumb")
        }
        if text.hasPrefix("thumb: "), let m = text.wholeMatch(of: /thumb: touch ([0-9]+), (\S+) → (\S+)/) {
            return made(.thumb, touch: m.1, from: m.2, to: m.3)
        }
        if ["pressure: ", "touch-size: "].contains(where: text.hasPrefix),
            let m = text.wholeMatch(of: /(pressure|touch-size): (begin|end) touch ([0-9]+)/)
        {
            return made(.touchDetection, touch: m.3, event: Substring("\(m.1) \(m.2)"))
        }
        // `button state: touch 0 from S event E to S`, and the edge-scroll machine's
        // `edge-scroll: touch 0 state S → E → S` (`tp_edge_scroll_handle_event`): the most
        // frequent lines, read by their words.
        if text.hasPrefix("button state: ") {
            let words = text.dropFirst("button state: ".count).split(separator: " ")
            guard words.count == 8, words[0] == "touch", words[2] == "from", words[4] == "event", words[6] == "to"
            else { return nil }
            return made(.button, touch: words[1], from: words[3], event: words[5], to: words[7])
        }
        if text.hasPrefix("edge-scroll: touch ") {
            let words = text.dropFirst("edge-scroll: ".count).split(separator: " ")
            guard words.count == 8, words[0] == "touch", words[2] == "state", words[4] == "→", words[6] == "→"
            else { return nil }
            return made(.edgeScroll, touch: words[1], from: words[3], event: words[5], to: words[7])
        }
        // A lid or tablet-mode switch suspending or resuming the touchpad (`tp_lid_switch_event`,
        // `tp_tablet_mode_switch_event`): logged whether or not another switch still holds it.
        if text.hasSuffix(" touchpad"), let colon = text.firstIndex(of: ":"),
            let trigger = Switch.allCases.first(where: { $0.debugEventsName == text[..<colon] }),
            let name = LibinputDecision.suspendTriggers[trigger]
        {
            switch text[colon...] {
            case ": suspending touchpad": return made(.suspend, event: Substring(name), to: "suspended")
            case ": resume touchpad": return made(.suspend, event: Substring(name), to: "resumed")
            default: return nil
            }
        }
        if text.lowercased().contains("kernel bug") { return made(.kernelBug) }
        return nil
    }
}
