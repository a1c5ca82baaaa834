import LibinputEvents

/// Part of a recording, as a recording of its own.
extension Recording {
    /// The recording as libinput lives it played at `speed` (2: twice as fast): its frames at
    /// the instants the replay delivers them.
    public func played(at speed: Double) -> Recording {
        guard speed != 1 else { return self }
        var copy = self
        copy.frames = frames.map { EvdevFrame(time: PlaybackSpeed.micros($0.time, at: speed), events: $0.events) }
        copy.otherDevices = otherDevices.map { $0.played(at: speed) }
        return copy
    }

    /// The frames from `start` to `end` (microseconds into the recording; nil for its own first
    /// and last), timed from `start`. Touches down, keys held, and switches and LEDs on at `start`
    /// are there from the first frame, as a reader opening the device then would find them: a
    /// frame at `start` puts down each touch (its tracking id and every axis value it has), gives
    /// each slot and axis the value it last had, presses each key held, and turns on each switch
    /// (a lid closed) and LED. Touches and keys still down at `end` are lifted there, as fingers
    /// leaving the pad: a frame ends each touch and releases each key (an end past the last frame
    /// cuts nothing, and lifts nothing). A switch stays as it was, as a lid does. The switches
    /// and LEDs the recording began with count as on until a frame turns them off; a window from
    /// a later `start` begins with none on, its first frame turning on those on then.
    public func window(from start: UInt64?, to end: UInt64?) -> Recording {
        let from = start ?? 0, to = end ?? .max
        var state = DeviceState(), atEnd = DeviceState()
        state.on = [Evdev.EV_SW: device.initiallyOn.switchesOn, Evdev.EV_LED: device.initiallyOn.ledsOn]
        var kept: [EvdevFrame] = []
        for frame in frames where frame.time <= to {
            atEnd.apply(frame.events)
            if frame.time < from {
                state.apply(frame.events)
            } else {
                kept.append(EvdevFrame(time: frame.time - from, events: frame.events))
            }
        }
        // Only a cut lifts: an end past the recording's last frame is the recording's own end.
        var lifted = false
        if let end, end >= from, (frames.last?.time ?? 0) > end,
            let lift = atEnd.releasing(protocolA: device.isProtocolA)
        {
            kept.append(EvdevFrame(time: max(end - from, kept.last?.time ?? 0), events: lift))
            lifted = true
        }
        let opening = from > 0 ? state.frame() : nil
        if let opening, kept.first?.time == 0 {
            // The state is put down just before a frame stamped at the cut itself.
            kept[0].events = opening.dropLast() + kept[0].events
        } else if let opening {
            kept.insert(EvdevFrame(time: 0, events: opening), at: 0)
        }
        var part = Recording(device: device, frames: kept)
        if from > 0 { part.device.initiallyOn = InitialState() }
        part.notes = notes
        part.dmi = dmi
        part.endsInCutLift = lifted
        part.otherDevices = otherDevices.map { $0.window(from: start, to: end) }
        return part
    }
}

/// What a device reports as held at an instant: the axes' last values, each slot's, the keys
/// down, the switches and LEDs on.
private struct DeviceState {
    var axes: [UInt16: Int32] = [:]
    var slots: [Int32: [UInt16: Int32]] = [:]
    var slot: Int32 = 0
    var keys: [UInt16: Int32] = [:]
    /// The codes on, by type: `EV_SW` and `EV_LED`.
    var on: [UInt16: Set<UInt16>] = [:]

    mutating func apply(_ events: [EvdevEvent]) {
        for e in events {
            switch e.type {
            case Evdev.EV_ABS where e.code == Evdev.ABS_MT_SLOT: slot = e.value
            // A lift ends the touch; the slot keeps its other values, as the kernel's does.
            case Evdev.EV_ABS where e.code == Evdev.ABS_MT_TRACKING_ID && e.value < 0: slots[slot]?[e.code] = nil
            case Evdev.EV_ABS where e.code > Evdev.ABS_MT_SLOT: slots[slot, default: [:]][e.code] = e.value
            case Evdev.EV_ABS: axes[e.code] = e.value
            case Evdev.EV_KEY: keys[e.code] = e.value == 0 ? nil : e.value
            case Evdev.EV_SW, Evdev.EV_LED:
                if e.value == 0 { on[e.type]?.remove(e.code) } else { on[e.type, default: []].insert(e.code) }
            default: break
            }
        }
    }

    /// The events that lift every touch down and release every key held, ending with
    /// SYN_REPORT; nil when nothing is. A protocol A pad says it has no contact with an empty
    /// SYN_MT_REPORT.
    func releasing(protocolA: Bool) -> [EvdevEvent]? {
        var events: [EvdevEvent] = []
        for (s, values) in slots.sorted(by: { $0.key < $1.key }) where values[Evdev.ABS_MT_TRACKING_ID] != nil {
            events.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: s))
            events.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID, value: -1))
        }
        for code in keys.keys.sorted() { events.append(EvdevEvent(type: Evdev.EV_KEY, code: code, value: 0)) }
        guard !events.isEmpty else { return nil }
        if protocolA { events.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_MT_REPORT, value: 0)) }
        events.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        return events
    }

    /// The events that put this state down, ending with SYN_REPORT; nil when there is nothing to
    /// put down. The slot selected at the cut is selected again: later events that name no slot
    /// go to it.
    func frame() -> [EvdevEvent]? {
        var events: [EvdevEvent] = []
        // Every slot's values, a lifted one's too (a later touch there may send only what changes);
        // a touch down has its tracking id first.
        for (s, values) in slots.sorted(by: { $0.key < $1.key }) where !values.isEmpty {
            events.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: s))
            if let id = values[Evdev.ABS_MT_TRACKING_ID] {
                events.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID, value: id))
            }
            for (code, value) in values.sorted(by: { $0.key < $1.key }) where code != Evdev.ABS_MT_TRACKING_ID {
                events.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
            }
        }
        if !events.isEmpty || slot != 0 {
            events.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: slot))
        }
        for (code, value) in axes.sorted(by: { $0.key < $1.key }) {
            events.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
        }
        for (code, value) in keys.sorted(by: { $0.key < $1.key }) {
            events.append(EvdevEvent(type: Evdev.EV_KEY, code: code, value: value))
        }
        for type in [Evdev.EV_SW, Evdev.EV_LED] {
            events += (on[type] ?? []).sorted().map { EvdevEvent(type: type, code: $0, value: 1) }
        }
        guard !events.isEmpty else { return nil }
        events.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        return events
    }
}

extension Recording {
    /// The part from `start` to `end`, seconds into the recording (nil for its own first and last
    /// frame), as ``window(from:to:)`` makes it; a start after the recording's end is a usage
    /// error naming `file`.
    public func cut(from start: Double?, to end: Double?, file: String) throws(RecordingError) -> Recording {
        guard start != nil || end != nil else { return self }
        if let start, Microseconds.of(seconds: start) > duration {
            throw RecordingError(
                .usage, file: file,
                String(format: "--start %g s is after the recording's end (%.3f s)", start, Double(duration) / 1e6))
        }
        return cutBeside(from: start, to: end)
    }

    /// This device, played beside another recording (`--with`), cut to that one's part from
    /// `start` to `end` seconds: a start past this one's end is no error, the part being the other
    /// recording's; the device then has only its state to put down.
    public func cutBeside(from start: Double?, to end: Double?) -> Recording {
        window(from: start.map { Microseconds.of(seconds: $0) }, to: end.map { Microseconds.of(seconds: $0) })
    }
}
