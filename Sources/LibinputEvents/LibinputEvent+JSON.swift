/// The JSON form of a libinput event, one object per event in JSON Lines (`debug --json`,
/// `replay --json`): `time_us`, `device`, `type` (libinput's event name without its prefix)
/// and the event's values under libinput's names, doubles at full precision; an axis libinput
/// does not report is `null`.
extension LibinputEvent: Encodable {
    private enum Key: String, CodingKey {
        case time_us, device, type, dx, dy, dx_unaccelerated, dy_unaccelerated, x, y
        case button, state, seat_count, source, vertical, horizontal, vertical_v120, horizontal_v120, key, slot, seat_slot
        case fingers, scale, angle_delta, cancelled
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(time, forKey: .time_us)
        try c.encode(device, forKey: .device)
        try c.encode(typeName, forKey: .type)
        func delta(_ d: GestureDelta) throws {
            try c.encodeNumber(d.dx, forKey: .dx)
            try c.encodeNumber(d.dy, forKey: .dy)
            try c.encodeNumber(d.unacceleratedDx, forKey: .dx_unaccelerated)
            try c.encodeNumber(d.unacceleratedDy, forKey: .dy_unaccelerated)
        }
        switch kind {
        case .deviceAdded(let d):
            try d.encode(to: encoder)
        case .deviceRemoved, .touchFrame:
            break
        case .pointerMotion(let dx, let dy, let ux, let uy):
            try delta(GestureDelta(dx: dx, dy: dy, unacceleratedDx: ux, unacceleratedDy: uy))
        case .pointerMotionAbsolute(let x, let y):
            try c.encodeNumber(x, forKey: .x)
            try c.encodeNumber(y, forKey: .y)
        case .pointerButton(let button, let state, let count):
            try c.encode(button, forKey: .button)
            try c.encode(state.rawValue, forKey: .state)
            try c.encode(count, forKey: .seat_count)
        case .pointerScroll(let s):
            try c.encode(s.source.rawValue, forKey: .source)
            try c.encodeNumber(s.vertical, forKey: .vertical)
            try c.encodeNumber(s.horizontal, forKey: .horizontal)
            try c.encodeNumber(s.vertical120, forKey: .vertical_v120)
            try c.encodeNumber(s.horizontal120, forKey: .horizontal_v120)
        case .keyboardKey(let key, let state, let count):
            try c.encode(key, forKey: .key)
            try c.encode(state.rawValue, forKey: .state)
            try c.encode(count, forKey: .seat_count)
        case .touchDown(let slot, let seat, let x, let y), .touchMotion(let slot, let seat, let x, let y):
            try c.encode(slot, forKey: .slot)
            try c.encode(seat, forKey: .seat_slot)
            try c.encodeNumber(x, forKey: .x)
            try c.encodeNumber(y, forKey: .y)
        case .touchUp(let slot, let seat), .touchCancel(let slot, let seat):
            try c.encode(slot, forKey: .slot)
            try c.encode(seat, forKey: .seat_slot)
        case .gestureSwipeBegin(let n), .gesturePinchBegin(let n), .gestureHoldBegin(let n):
            try c.encode(n, forKey: .fingers)
        case .gestureSwipeUpdate(let n, let d):
            try c.encode(n, forKey: .fingers)
            try delta(d)
        case .gesturePinchUpdate(let n, let d, let scale, let angle):
            try c.encode(n, forKey: .fingers)
            try delta(d)
            try c.encodeNumber(scale, forKey: .scale)
            try c.encodeNumber(angle, forKey: .angle_delta)
        case .gesturePinchEnd(let n, let scale, let cancelled):
            try c.encode(n, forKey: .fingers)
            try c.encodeNumber(scale, forKey: .scale)
            try c.encode(cancelled, forKey: .cancelled)
        case .gestureSwipeEnd(let n, let cancelled), .gestureHoldEnd(let n, let cancelled):
            try c.encode(n, forKey: .fingers)
            try c.encode(cancelled, forKey: .cancelled)
        }
    }
}

/// A device as `devices --json` lists it and DEVICE_ADDED carries it: `name`, `sysname`,
/// `capabilities` in libinput's order, `size_mm` as `[width, height]` or `null`, and `libinput_version`,
/// the version of the libinput that added it, when known.
extension DeviceInfo: Encodable {
    private enum Key: String, CodingKey {
        case name, sysname, capabilities, size_mm, libinput_version
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(name, forKey: .name)
        try c.encode(sysname, forKey: .sysname)
        try c.encode(capabilities.map(\.rawValue), forKey: .capabilities)
        try c.encode(sizeMM.map { [$0.width, $0.height] }, forKey: .size_mm)
        try c.encodeIfPresent(libinputVersion, forKey: .libinput_version)
    }
}

extension KeyedEncodingContainer {
    /// `value`, or `null` when it is nil or not finite: JSON has no NaN or infinity.
    public mutating func encodeNumber(_ value: Double?, forKey key: Key) throws {
        if let value, value.isFinite { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
