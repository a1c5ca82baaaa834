import LibinputEvents

extension SequenceAnalysis {
    /// Why libinput reported nothing of touches made while a lid or tablet-mode switch held the
    /// touchpad suspended, from before they came down until after they lifted; nil when none did.
    var suspendedThroughout: String? {
        let start = sequence.start, lift = liftTime(after: sequence.frames.upperBound)
        guard let held = switches.suspensions.first(where: { $0.from <= start && ($0.until?.time ?? .max) >= lift })
        else { return nil }
        let resumed =
            held.until.map {
                " until \($0.by.words(.off)) \(Self.ms(Double($0.time - lift) / 1000)) ms after they lifted"
            }
            ?? " to the end of the recording"
        guard held.fromTheStart else {
            return
                "\(onset(held)), and libinput suspended the touchpad\(resumed): a suspended touchpad reports no touch; "
                + suspending(held.trigger)
        }
        return "\(onset(held)), and libinput suspended the touchpad as it set the devices up\(resumed): a "
            + "suspended touchpad reports no touch; " + suspendingAtTheStart(held.trigger)
    }

    /// How `held` began, in words: the switch turning on, or on already as the recording began.
    private func onset(_ held: SwitchTimeline.Suspension) -> String {
        guard held.fromTheStart else { return "\(held.trigger.words(.on)) \(before(held.from))" }
        return "\(held.trigger == .lid ? "the lid was shut" : "tablet mode was on") as the recording began"
    }

    /// What a switch changed while the fingers were down: libinput suspending the touchpad
    /// under them, or resuming it; or a switch turned on that libinput had not paired with the
    /// touchpad. Nil when none did.
    var suspensionChange: String? {
        let start = sequence.start, lift = liftTime(after: sequence.frames.upperBound)
        var said: [String] = []
        for held in switches.suspensions {
            let resumed = held.until.flatMap { $0.time > start && $0.time < lift ? $0 : nil }
            if held.from > start && held.from < lift {
                let after = Self.ms(Double(held.from - start) / 1000)
                let until = resumed.map {
                    ", until \($0.by.words(.off)) \(Self.ms(Double($0.time - held.from) / 1000)) ms later; "
                        + suspending(held.trigger) + "; " + resumedTouches($0.by)
                }
                said.append(
                    "\(held.trigger.words(.on)) \(after) ms after the fingers came down, and libinput suspended the "
                        + "touchpad, ending what the touches were doing"
                        + (until ?? " and reporting none of them after; " + suspending(held.trigger)))
            } else if let resumed, held.from <= start {
                said.append(
                    "the touchpad was suspended as the fingers came down (\(onset(held))), and libinput resumed it "
                        + "\(Self.ms(Double(resumed.time - start) / 1000)) ms later, as \(resumed.by.words(.off)); "
                        + resumedTouches(resumed.by))
            }
        }
        for which in Switch.allCases where paired(which) == nil && switches.wasOn(which, from: start, to: lift) {
            let need = which == .lid ? "" : " without the quirk ModelTabletModeNoSuspend"
            said.append(
                "\(which == .lid ? "the lid was shut" : "tablet mode was on") while the fingers were down, but "
                    + "libinput had paired no \(which.debugEventsName) switch with the touchpad, "
                    + "which it does only for a touchpad it takes as internal\(need); " + pairing(which))
        }
        return said.isEmpty ? nil : said.joined(separator: "; ")
    }

    /// The switch libinput paired with the touchpad for `which`, by name.
    private func paired(_ which: Switch) -> String? {
        which == .lid ? thresholds.lidSwitch : thresholds.tabletModeSwitch
    }

    /// `time`, at or before the sequence's start, in words.
    private func before(_ time: UInt64) -> String {
        time == sequence.start
            ? "as the fingers came down"
            : "\(Self.ms(Double(sequence.start - time) / 1000)) ms before the fingers came down"
    }

    /// Where `trigger` suspends the touchpad (`tp_lid_switch_event`, `tp_tablet_mode_switch_event`).
    private func suspending(_ trigger: Switch) -> String {
        trigger == .lid
            ? rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2460, "1.28.1": 2467, "1.31.3": 2392])
            : rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2488, "1.28.1": 2495, "1.31.3": 2417])
    }

    /// Where libinput suspends the touchpad as it sets the devices up, `trigger` on already: as it
    /// pairs a tablet-mode switch (`tp_pair_tablet_mode_switch`), or tells of a lid it trusts
    /// shut (`fallback_interface_sync_initial_state`).
    private func suspendingAtTheStart(_ trigger: Switch) -> String {
        trigger == .lid
            ? rules.cite("evdev-fallback.c", ["1.22.1": 1145, "1.28.1": 1160, "1.31.3": 1313])
            : rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2550, "1.28.1": 2557, "1.31.3": 2479])
    }

    /// What becomes of touches down as `trigger` turning off resumes the touchpad: `tp_resume`
    /// takes the slots' positions again (`tp_sync_slots`) but begins no touch, so one already down
    /// stays ended until it lifts.
    private func resumedTouches(_ trigger: Switch) -> String {
        let resumes =
            trigger == .lid
            ? rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2456, "1.28.1": 2463, "1.31.3": 2388])
            : rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2484, "1.28.1": 2491, "1.31.3": 2413])
        return "a touch still down as it resumes stays ended until it lifts, as libinput takes the slots' positions "
            + "again but begins no touch; " + resumes + ", "
            + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2167, "1.28.1": 2165, "1.31.3": 2094])
    }

    /// Where libinput pairs no switch with a touchpad it takes as external (`tp_pair_lid_switch`,
    /// `tp_pair_tablet_mode_switch`).
    private func pairing(_ which: Switch) -> String {
        which == .lid
            ? rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2502, "1.28.1": 2509, "1.31.3": 2430])
            : rules.cite("evdev-mt-touchpad.c", ["1.22.1": 2530, "1.28.1": 2537, "1.31.3": 2459])
    }
}
