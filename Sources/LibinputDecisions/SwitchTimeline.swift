import LibinputEvents

/// The lid and tablet-mode switches over a replay, as they bear on the touchpad: when libinput
/// reported each toggle, and when it held the touchpad suspended. libinput suspends a touchpad
/// while a switch paired with it is on (`tp_suspend`, src/evdev-mt-touchpad.c): it ends what the
/// touches were doing, closes the device (or, with top software buttons, reads only those) and
/// reports no touch until no switch holds it (`tp_resume`). Times are microseconds into the
/// recording.
struct SwitchTimeline {
    /// A switch's toggle as libinput reported it (`SWITCH_TOGGLE`).
    struct Toggle: Equatable {
        var time: UInt64
        var which: Switch
        var state: SwitchState
    }

    /// A stretch of the replay in which libinput held the touchpad suspended.
    struct Suspension: Equatable {
        /// The switch whose turning on suspended it.
        var trigger: Switch
        var from: UInt64
        /// When libinput resumed it, and the switch whose turning off did; nil when it was still
        /// suspended at the end.
        var until: (time: UInt64, by: Switch)?
        /// Suspended as libinput set the devices up, the switch being on already: a tablet-mode
        /// switch as libinput paired it with the touchpad (`tp_pair_tablet_mode_switch`), a lid it
        /// trusts as it added it (`fallback_interface_sync_initial_state`).
        var fromTheStart = false

        static func == (a: Suspension, b: Suspension) -> Bool {
            a.trigger == b.trigger && a.from == b.from && a.until?.time == b.until?.time && a.until?.by == b.until?.by
                && a.fromTheStart == b.fromTheStart
        }
    }

    private(set) var toggles: [Toggle] = []
    private(set) var suspensions: [Suspension] = []

    /// No switch.
    init() {}

    /// The switches' toggles among `events` (times on libinput's clock, the recording's first
    /// frame at `start`; one before it at 0), and the suspensions the touchpad's `decisions`
    /// logged. A suspension lasts while any switch holds it: libinput logs each switch's line,
    /// but resumes the touchpad only once no trigger is left (`tp->suspend_reason`). One logged as
    /// libinput set the devices up (a switch on already, as libinput adds the touchpad before the
    /// devices played beside it) holds it from the start.
    init(decisions: [LibinputDecision], events: [LibinputEvent], from start: UInt64) {
        toggles = events.compactMap { event in
            guard case .switchToggle(let which, let state) = event.kind else { return nil }
            return Toggle(time: event.time > start ? event.time - start : 0, which: which, state: state)
        }
        var holding: Set<Switch> = []
        var open: Suspension?
        for decision in decisions {
            guard let (trigger, suspends) = decision.suspension else { continue }
            // A line without a frame is one libinput logged as it set the devices up.
            let time = decision.cause?.time ?? 0
            if suspends {
                if holding.isEmpty {
                    open = Suspension(trigger: trigger, from: time, fromTheStart: decision.cause == nil)
                }
                holding.insert(trigger)
            } else if holding.remove(trigger) != nil, holding.isEmpty, var ended = open {
                ended.until = (time, trigger)
                suspensions.append(ended)
                open = nil
            }
        }
        if let open { suspensions.append(open) }
    }

    /// Whether `which` was on at any time from `start` to `end`: on before `start` and not
    /// turned off by it, or turned on within.
    func wasOn(_ which: Switch, from start: UInt64, to end: UInt64) -> Bool {
        let own = toggles.filter { $0.which == which }
        return own.last(where: { $0.time <= start })?.state == .on
            || own.contains { $0.state == .on && $0.time > start && $0.time < end }
    }
}

extension Switch {
    /// Its turning on or off, in words.
    func words(_ state: SwitchState) -> String {
        switch (self, state) {
        case (.lid, .on): "the lid shut"
        case (.lid, .off): "the lid opened"
        case (.tabletMode, .on): "tablet mode came on"
        case (.tabletMode, .off): "tablet mode went off"
        }
    }
}
