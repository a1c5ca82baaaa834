import LibinputEvents

extension SequenceAnalysis {
    /// A key that would start disable-while-typing, pressed while modifiers were held: a
    /// shortcut, for which libinput starts none.
    struct Shortcut {
        /// Microseconds into the recording.
        var time: UInt64
        /// The modifiers held, by name: "Ctrl".
        var held: [String]
    }

    /// libinput's modifiers (`tp_key_is_modifier`), by name.
    static let modifierNames: [UInt32: String] = [
        29: "Ctrl", 97: "Ctrl", 56: "Alt", 100: "AltGr", 42: "Shift", 54: "Shift", 58: "Caps Lock", 15: "Tab",
        125: "Meta", 126: "Meta", 127: "Compose", 464: "Fn",
    ]

    /// The keys of `events` on the keyboards `nodes` that would start disable-while-typing but
    /// went down, typing not under way, with a modifier held that keeps a first key from starting
    /// it (``RuleBook/holdingBlocksTyping(_:)``).
    static func shortcuts(
        in events: [LibinputEvent], on nodes: Set<String>, from start: UInt64, rules: RuleBook
    ) -> [Shortcut] {
        var held: Set<UInt32> = []
        var shortcuts: [Shortcut] = []
        // Typing under way (`keyboard_active`) until its timer runs out: a key with a modifier held
        // prolongs it then, as any key does; only a first key is passed over as a shortcut.
        var typingUntil: UInt64 = 0
        for event in events {
            guard case .keyboardKey(let key, let state, _) = event.kind, nodes.contains(event.device) else { continue }
            if state == .released {
                held.remove(key)
            } else if modifierNames[key] != nil {
                if rules.holdingBlocksTyping(key) { held.insert(key) }
            } else if startsTyping(key) {
                if event.time < typingUntil {
                    typingUntil = event.time + UInt64(rules.keyboardLaterTimeout * 1000)
                } else if held.isEmpty {
                    typingUntil = event.time + UInt64(rules.keyboardFirstTimeout * 1000)
                } else if event.time >= start {
                    // Left and right of a modifier are named once.
                    var names: [String] = []
                    for name in held.sorted().compactMap({ modifierNames[$0] }) where !names.contains(name) {
                        names.append(name)
                    }
                    shortcuts.append(Shortcut(time: event.time - start, held: names))
                }
            }
        }
        return shortcuts
    }

    /// A key pressed as a shortcut while the fingers were down, when typing did not stop them:
    /// why disable-while-typing did not start.
    var shortcutTyping: String? {
        let end = liftTime(after: sequence.frames.upperBound)
        guard thresholds.typingKeyboard != nil,
            let key = shortcuts.first(where: { $0.time >= sequence.start && $0.time < end })
        else { return nil }
        let after = key.time == sequence.start ? "as" : "\(Self.ms(Double(key.time - sequence.start) / 1000)) ms after"
        return "a key went down \(after) the fingers came down with \(key.held.joined(separator: " and ")) held, and "
            + "libinput starts no disable-while-typing for a key pressed with a modifier down, taking it for a "
            + "shortcut (\(rules.typingShortcutModifiers)); \(rules.typingShortcut)"
    }

    /// Whether a press of `key` starts or prolongs disable-while-typing: a key of the typewriter
    /// set, not Escape, the keypad's asterisk, an F-key or beyond (`tp_key_ignore_for_dwt`), nor a
    /// modifier (`tp_key_is_modifier`: Ctrl, Alt, Shift, Tab, Caps Lock, Meta, Fn, Compose).
    static func startsTyping(_ key: UInt32) -> Bool {
        let escape: UInt32 = 1, keypadAsterisk: UInt32 = 55, f1: UInt32 = 59
        return key < f1 && key != escape && key != keypadAsterisk && modifierNames[key] == nil
    }

    /// Why libinput took touch `touch`, begun at `began`, as a palm by disable-while-typing, and
    /// why it stayed one when it did (`stayed`): the key before it and libinput's typing timer
    /// (`tp_keyboard_event`: 200 ms after a first key, 500 ms after each later one, the timer
    /// restarted at each), and a key after it, as libinput lets a typing palm go only if it began
    /// after the last key (`tp_palm_detect_dwt_triggered`). Empty without the keyboard's events.
    func typingPalmWords(touch: Int, began: UInt64, stayed: Bool) -> String {
        // Only what came before the touch lifted kept it a palm.
        let track = sequence.tracks.first {
            $0.slot == touch && $0.points[0].time <= began && $0.points[$0.points.count - 1].time >= began
        }
        let lifted = track.map { liftTime(after: $0.points[$0.points.count - 1].frame) } ?? .max
        guard let key = keyPresses.last(where: { $0 <= began }) else { return "" }
        let first = rules.keyboardFirstTimeout, later = rules.keyboardLaterTimeout
        var words =
            ": it began \(Self.ms(Double(began - key) / 1000)) ms after a key went down, while libinput's typing "
            + "timer ran (\(Self.number(first)) ms after a first key, \(Self.number(later)) ms after each later "
            + "one); \(rules.typingTimer)"
        guard stayed else { return words }
        let refreshed = decisions(of: .palm).first {
            $0.event == "keyboard timeout refresh" && ($0.cause?.time ?? 0) > began && ($0.cause?.time ?? 0) < lifted
        }
        if let again = keyPresses.first(where: { $0 > began && $0 < lifted }) {
            words += "; it stayed one: a key went down again \(Self.ms(Double(again - began) / 1000)) ms after it began"
        } else if let refreshed, let time = refreshed.cause?.time {
            words +=
                "; it stayed one: a key was still held when the timer ran out, \(Self.ms(Double(time - began) / 1000)) "
                + "ms after it began, which libinput counts as a key again (keyboard timeout refresh; "
                + rules.typingRefresh + ")"
        } else {
            return words
        }
        return words + ", and libinput lets a typing palm go only if it began after the last key; "
            + rules.typingRelease
    }

    /// What a key that went down while the fingers were on the pad stopped, when
    /// disable-while-typing engaged: libinput suspends tapping (`tp_stop_actions`), cancels the
    /// gesture under way and drops every touch's motion until its typing timer runs out
    /// (`tp_process_state`). Nil when no key did, or typing did not engage.
    var typingStop: String? {
        let end = liftTime(after: sequence.frames.upperBound)
        // Touches begun while typing are palms, told as such (``typingPalmWords``).
        let typingPalms = decisions(of: .palm).contains { $0.palmChange == .detected(.typing) }
        guard thresholds.typingKeyboard != nil, !typingPalms,
            let key = keyPresses.first(where: { $0 >= sequence.start && $0 < end })
        else { return nil }
        let timeout = decisions(of: .palm).first {
            $0.event == "keyboard timeout" && ($0.cause?.time ?? 0) > key
        }?.cause?.time
        let cancelled = decisions(of: .gesture).contains {
            LibinputDecision.short($0.event) == "RESET" && $0.cause?.time == key
        }
        guard timeout != nil || cancelled else { return nil }
        var ran = timeout.map { ", here \(Self.ms(Double($0 - key) / 1000)) ms later" } ?? ""
        // Keys after it start or prolong typing again, each running its timer anew.
        let again = keyPresses.filter { $0 > key && $0 < end }
        if let last = again.last {
            let out = decisions(of: .palm).first { $0.event == "keyboard timeout" && ($0.cause?.time ?? 0) > last }
            let since: String = Self.ms(Double(last - sequence.start) / 1000)
            ran +=
                again.count == 1
                ? "; another key went down \(since) ms after the fingers came down, starting the timer again"
                : "; \(again.count) more keys went down while the fingers were on the pad, each starting the timer "
                    + "again, the last \(since) ms after they came down"
            if let time = out?.cause?.time {
                ran += ", which ran out \(Self.ms(Double(time - last) / 1000)) ms later"
            }
        }
        let sources = [
            rules.cite("evdev-mt-touchpad.c", ["1.22.1": 456, "1.28.1": 475, "1.31.3": 464]),
            rules.cite("evdev-mt-touchpad.c", ["1.22.1": 1869, "1.28.1": 1865, "1.31.3": 1787]),
        ]
        let after = key == sequence.start ? "as" : "\(Self.ms(Double(key - sequence.start) / 1000)) ms after"
        return "a key went down \(after) the fingers came down, and "
            + "disable-while-typing stopped the touches: libinput suspends tapping, cancels the gesture under way and "
            + "drops all touch motion until its typing timer runs out\(ran); " + sources.joined(separator: ", ")
    }
}
