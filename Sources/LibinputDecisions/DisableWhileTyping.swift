import TextTables

extension SequenceAnalysis {
    /// libinput's modifiers (`tp_key_is_modifier`), by name.
    static let modifierNames: [UInt32: String] = [
        29: "Ctrl", 97: "Ctrl", 56: "Alt", 100: "AltGr", 42: "Shift", 54: "Shift", 58: "Caps Lock", 15: "Tab",
        125: "Meta", 126: "Meta", 127: "Compose", 464: "Fn",
    ]

    /// A key pressed as a shortcut while the fingers were down, when typing did not stop them:
    /// why disable-while-typing did not start.
    var shortcutTyping: String? {
        let end = liftTime(after: sequence.frames.upperBound)
        guard thresholds.typingKeyboard != nil,
            let key = typing.shortcuts.first(where: { $0.time >= sequence.start && $0.time < end })
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

    /// Each touch libinput took as a palm by disable-while-typing (`tp_palm_detect_dwt_triggered`:
    /// one that begins while typing is under way), weighed against the timer as it was set when
    /// the touch began: how long after, and whether it still ran.
    func typingPalmFindings() -> [Finding] {
        guard thresholds.typingKeyboard != nil else { return [] }
        return decisions(of: .palm).compactMap { decision in
            guard let touch = decision.touch, decision.palmChange == .detected(.typing),
                let began = decision.cause?.time, let setting = typing.setting(at: began)
            else { return nil }
            let n = Self.number, first = rules.keyboardFirstTimeout, later = rules.keyboardLaterTimeout
            let within = setting.running ? "within" : "past"
            let timer =
                switch setting.cause {
                case .firstKey:
                    "a key went down, \(within) the \(n(first)) ms that libinput's typing timer runs after a first "
                        + "key (\(n(later)) ms after each later one)"
                case .laterKey:
                    "a key went down, \(within) the \(n(later)) ms that libinput's typing timer runs after a key "
                        + "while typing (\(n(first)) ms after a first key)"
                case .keyHeld:
                    "libinput's typing timer ran out with a key still held, \(within) the \(n(later)) ms it then "
                        + "runs again"
                }
            return Finding(
                rule: .typingPalm, time: began, touch: touch, value: setting.before, limit: setting.timeout,
                unit: .ms, exceeds: !setting.running, agreesWithLog: setting.running,
                text: "touch \(touch) began \(Self.ms(setting.before)) ms after " + timer,
                source: rules.source(.typingPalm, typingSetting: setting.cause))
        }
    }

    /// Why touch `touch`, a palm by disable-while-typing from `began`, stayed one until it lifted:
    /// a key after it began, or one still held when the timer ran out, as libinput lets a typing
    /// palm go only if it began after the last key (`tp_palm_detect_dwt_triggered`). Empty when
    /// neither came.
    func typingPalmStayed(touch: Int, began: UInt64) -> String {
        // Only what came before the touch lifted kept it a palm.
        let track = sequence.tracks.first {
            $0.slot == touch && $0.points[0].time <= began && $0.points[$0.points.count - 1].time >= began
        }
        let lifted = track.map { liftTime(after: $0.points[$0.points.count - 1].frame) } ?? .max
        // A key at the instant it began counts as after it (`palm.time > keyboard_last_press_time`).
        guard let after = typing.firstSetting(from: began), after.time < lifted else { return "" }
        let since = Self.ms(Double(after.time - began) / 1000)
        let why =
            after.cause == .keyHeld
            ? "a key was still held when the timer ran out, \(since) ms after it began, which libinput counts as a "
                + "key again (keyboard timeout refresh; \(rules.typingRefresh))"
            : "a key went down again \(since) ms after it began"
        return "; it stayed one: \(why), and libinput lets a typing palm go only if it began after the last key; "
            + rules.typingRelease
    }

    /// What a key that went down while the fingers were on the pad stopped, when
    /// disable-while-typing engaged: libinput suspends tapping (`tp_stop_actions`), cancels the
    /// gesture under way and drops every touch's motion until its typing timer runs out
    /// (`tp_process_state`). Nil when no key did, or typing did not engage. Beside touches begun
    /// while typing, which are palms told as such (``typingPalmFindings()``), only a key that
    /// cancelled a gesture is told.
    var typingStop: String? {
        let end = liftTime(after: sequence.frames.upperBound)
        let typingPalms = decisions(of: .palm).contains { $0.palmChange == .detected(.typing) }
        // The gesture machine's end a key caused: RESET in 1.22, CANCEL by 1.28.
        let cancelled = { (key: UInt64) in
            self.decisions(of: .gesture).first {
                ["RESET", "CANCEL"].contains(LibinputDecision.short($0.event)) && $0.cause?.time == key
            }
        }
        guard thresholds.typingKeyboard != nil,
            let key = keyPresses.first(where: {
                $0 >= sequence.start && $0 < end && (!typingPalms || cancelled($0) != nil)
            })
        else { return nil }
        let timeout = decisions(of: .palm).first {
            $0.event == "keyboard timeout" && ($0.cause?.time ?? 0) > key
        }?.cause?.time
        guard timeout != nil || cancelled(key) != nil else { return nil }
        var ran = timeout.map { ", here \(Self.ms(Double($0 - key) / 1000)) ms later" } ?? ""
        // A key still held as the timer ran out set it again (`keyboard timeout refresh`).
        let refreshes = decisions(of: .palm).filter {
            $0.event == "keyboard timeout refresh" && (key..<(timeout ?? end)) ~= ($0.cause?.time ?? 0)
        }.count
        if refreshes > 0 {
            ran +=
                " (a key was still held when it ran out, \(TextTable.counted(refreshes, "time")), which set it again "
                + "for \(Self.ms(rules.keyboardLaterTimeout)) ms; \(rules.typingRefresh))"
        }
        // The keyboard unplugged before the timer ran out lets motion through then; the timer runs
        // on, and tapping stays suspended with it.
        if let gone = typing.unplugged, gone > key, gone < (timeout ?? end) {
            ran +=
                "; the keyboard was unplugged \(Self.ms(Double(gone - key) / 1000)) ms after the key, and libinput "
                + "let the touches' motion through from then, as it counts an unplugged keyboard as not typing ("
                + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2653, "1.28.1": 2660, "1.31.3": 2619])
                + "), though its timer ran on, and tapping stayed suspended with it"
        }
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
        // A later key that cancelled a gesture begun since is the one its reader asks about.
        for later in keyPresses where later > key && later < end {
            guard let from = cancelled(later).map({ LibinputDecision.short($0.from) }), from != "UNKNOWN" else {
                continue
            }
            let since = Self.ms(Double(later - sequence.start) / 1000)
            let gesture = from.lowercased().replacingOccurrences(of: "_", with: " ")
            ran += "; the key \(since) ms after they came down cancelled the \(gesture) under way"
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
