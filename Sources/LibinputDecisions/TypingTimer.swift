import LibinputEvents

/// libinput's disable-while-typing timer over the keys of the keyboards paired with the pad,
/// played as libinput plays it (`tp_keyboard_event`, `tp_keyboard_timeout`): a first key starts
/// typing for 200 ms, each key while it runs sets it again for 500 ms, and the timer running out
/// with a key still held sets it again too. A first key pressed with a modifier held is a
/// shortcut, and starts nothing. Times are microseconds on the recording's clock.
struct TypingTimer {
    /// A moment the timer was set, and for how long.
    struct Setting: Equatable {
        enum Cause: Equatable {
            /// A key that started typing (`DEFAULT_KEYBOARD_ACTIVITY_TIMEOUT_1`).
            case firstKey
            /// A key while typing was under way (`_TIMEOUT_2`).
            case laterKey
            /// The timer ran out with a key held (`keyboard timeout refresh`).
            case keyHeld
        }

        var time: UInt64
        var cause: Cause
        /// How long it runs, in ms.
        var timeout: Double
    }

    /// A key that would start disable-while-typing, pressed while modifiers were held: a
    /// shortcut, for which libinput starts none.
    struct Shortcut {
        /// Microseconds into the recording.
        var time: UInt64
        /// The modifiers held, by name: "Ctrl".
        var held: [String]
    }

    /// Every setting of the timer, in time order, on the clock of the keys' events.
    private var all: [Setting] = []
    private(set) var shortcuts: [Shortcut] = []
    /// Where the recording's clock starts on the keys' clock.
    private var start: UInt64 = 0
    /// A key was still held after the last key event: the timer is set again each time it runs
    /// out, for as long as the recording goes on.
    private var heldAtEnd = false
    /// How long a later key, or a key held when the timer runs out, sets it for (ms).
    private var laterTimeout = 0.0
    /// When the keyboard was unplugged, on the keys' clock: libinput counts it as not typing
    /// from then (`tp_interface_device_removed`), though its timer runs on.
    private var removed: UInt64?

    /// No keyboard: typing never starts.
    init() {}

    /// The timer over the keys of `events` on the keyboards `nodes`, on the clock that starts at
    /// `start` (what came before it is played, but not kept).
    init(events: [LibinputEvent], on nodes: Set<String>, from start: UInt64, rules: RuleBook) {
        self.start = start
        laterTimeout = rules.keyboardLaterTimeout
        var held: Set<UInt32> = []
        var modifiers: Set<UInt32> = []
        var due: UInt64?
        var made: [Setting] = []
        func set(_ time: UInt64, _ cause: Setting.Cause) {
            let timeout = cause == .firstKey ? rules.keyboardFirstTimeout : rules.keyboardLaterTimeout
            made.append(Setting(time: time, cause: cause, timeout: timeout))
            due = time + UInt64(timeout * 1000)
        }
        for event in events {
            if event.kind == .deviceRemoved, nodes.contains(event.device), removed == nil { removed = event.time }
            guard case .keyboardKey(let key, let state, _) = event.kind, nodes.contains(event.device) else { continue }
            // A timer due by the key's instant fires first.
            while let end = due, end <= event.time {
                due = nil
                if !held.isEmpty { set(end, .keyHeld) }
            }
            if state == .released {
                held.remove(key)
                modifiers.remove(key)
            } else if SequenceAnalysis.modifierNames[key] != nil {
                if rules.holdingBlocksTyping(key) { modifiers.insert(key) }
            } else if SequenceAnalysis.startsTyping(key) {
                if due != nil {
                    set(event.time, .laterKey)
                } else if modifiers.isEmpty {
                    set(event.time, .firstKey)
                } else {
                    if event.time >= start {
                        shortcuts.append(Shortcut(time: event.time - start, held: names(modifiers)))
                    }
                    continue
                }
                held.insert(key)
            }
        }
        all = made
        heldAtEnd = due != nil && !held.isEmpty
    }

    /// The modifiers `keys`, by name, left and right of one named once.
    private func names(_ keys: Set<UInt32>) -> [String] {
        var names: [String] = []
        for name in keys.sorted().compactMap({ SequenceAnalysis.modifierNames[$0] }) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// The settings from the recording's start on, on its clock.
    var settings: [Setting] {
        all.filter { $0.time >= start }.map { Setting(time: $0.time - start, cause: $0.cause, timeout: $0.timeout) }
    }

    /// When the keyboard was unplugged, on the recording's clock; nil if it was not, or before.
    var unplugged: UInt64? { removed.flatMap { $0 >= start ? $0 - start : nil } }

    /// When a key went down that started or prolonged typing, on the recording's clock.
    var keyPresses: [UInt64] { settings.filter { $0.cause != .keyHeld }.map(\.time) }

    /// The last setting at or before `time` (on the recording's clock): its cause and length, how
    /// long before `time` it was made (ms), and whether it still ran then (typing under way,
    /// `keyboard_active`). A key held past the last key event sets the timer again each time it
    /// runs out.
    func setting(at time: UInt64) -> (cause: Setting.Cause, timeout: Double, before: Double, running: Bool)? {
        let at = time + start
        guard var last = all.last(where: { $0.time <= at }) else { return nil }
        if heldAtEnd, last == all.last {
            while end(of: last) <= at { last = refresh(after: last) }
        }
        return (last.cause, last.timeout, Double(at - last.time) / 1000, at < end(of: last))
    }

    /// The first setting at or after `time` (on the recording's clock): its cause and when.
    func firstSetting(from time: UInt64) -> (cause: Setting.Cause, time: UInt64)? {
        let at = time + start
        if let next = all.first(where: { $0.time >= at }) { return (next.cause, next.time - start) }
        guard heldAtEnd, var last = all.last else { return nil }
        while last.time < at { last = refresh(after: last) }
        return (last.cause, last.time - start)
    }

    private func end(of setting: Setting) -> UInt64 { setting.time + UInt64(setting.timeout * 1000) }

    /// The timer set again as `setting` runs out with a key held.
    private func refresh(after setting: Setting) -> Setting {
        Setting(time: end(of: setting), cause: .keyHeld, timeout: laterTimeout)
    }
}
