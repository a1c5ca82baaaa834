/// The JSON form of a libinput event, one object per event in JSON Lines (`debug --json`,
/// `replay --json`): `timeUs`, `device`, `type` (libinput's event name without its prefix)
/// and the event's values under libinput's names in lowerCamelCase, in libinput's units (the
/// angle delta in degrees, named `angleDeltaDeg`), doubles at full precision; an axis libinput
/// does not report is `null`. docs/json.md documents every key.
extension LibinputEvent: Encodable {
    private enum Key: String, CodingKey {
        case timeUs, device, type, dx, dy, dxUnaccelerated, dyUnaccelerated, x, y
        case button, state, seatCount, source, vertical, horizontal, verticalV120, horizontalV120, key, slot, seatSlot
        case fingers, scale, angleDeltaDeg, cancelled
        case `switch`
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(time, forKey: .timeUs)
        try c.encode(device, forKey: .device)
        try c.encode(typeName, forKey: .type)
        func delta(_ d: GestureDelta) throws {
            try c.encodeNumber(d.dx, forKey: .dx)
            try c.encodeNumber(d.dy, forKey: .dy)
            try c.encodeNumber(d.unacceleratedDx, forKey: .dxUnaccelerated)
            try c.encodeNumber(d.unacceleratedDy, forKey: .dyUnaccelerated)
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
            try c.encode(count, forKey: .seatCount)
        case .pointerScroll(let s):
            try c.encode(s.source.rawValue, forKey: .source)
            try c.encodeNumber(s.vertical, forKey: .vertical)
            try c.encodeNumber(s.horizontal, forKey: .horizontal)
            try c.encodeNumber(s.vertical120, forKey: .verticalV120)
            try c.encodeNumber(s.horizontal120, forKey: .horizontalV120)
        case .keyboardKey(let key, let state, let count):
            try c.encode(key, forKey: .key)
            try c.encode(state.rawValue, forKey: .state)
            try c.encode(count, forKey: .seatCount)
        case .touchDown(let slot, let seat, let x, let y), .touchMotion(let slot, let seat, let x, let y):
            try c.encode(slot, forKey: .slot)
            try c.encode(seat, forKey: .seatSlot)
            try c.encodeNumber(x, forKey: .x)
            try c.encodeNumber(y, forKey: .y)
        case .touchUp(let slot, let seat), .touchCancel(let slot, let seat):
            try c.encode(slot, forKey: .slot)
            try c.encode(seat, forKey: .seatSlot)
        case .gestureSwipeBegin(let n), .gesturePinchBegin(let n), .gestureHoldBegin(let n):
            try c.encode(n, forKey: .fingers)
        case .gestureSwipeUpdate(let n, let d):
            try c.encode(n, forKey: .fingers)
            try delta(d)
        case .gesturePinchUpdate(let n, let d, let scale, let angle):
            try c.encode(n, forKey: .fingers)
            try delta(d)
            try c.encodeNumber(scale, forKey: .scale)
            try c.encodeNumber(angle, forKey: .angleDeltaDeg)
        case .gesturePinchEnd(let n, let scale, let cancelled):
            try c.encode(n, forKey: .fingers)
            try c.encodeNumber(scale, forKey: .scale)
            try c.encode(cancelled, forKey: .cancelled)
        case .gestureSwipeEnd(let n, let cancelled), .gestureHoldEnd(let n, let cancelled):
            try c.encode(n, forKey: .fingers)
            try c.encode(cancelled, forKey: .cancelled)
        case .switchToggle(let which, let state):
            try c.encode(which.rawValue, forKey: .switch)
            try c.encode(state.rawValue, forKey: .state)
        }
    }
}

/// A device as `devices --json` lists it and DEVICE_ADDED carries it: `name`, `sysname`,
/// `capabilities` in libinput's order, `sizeMm` as `[width, height]` or `null`, `libinputVersion`,
/// the version of the libinput that added it, and `naturalScrolling`, each when known.
extension DeviceInfo: Encodable {
    private enum Key: String, CodingKey {
        case name, sysname, capabilities, sizeMm, libinputVersion, naturalScrolling
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(name, forKey: .name)
        try c.encode(sysname, forKey: .sysname)
        try c.encode(capabilities.map(\.rawValue), forKey: .capabilities)
        try c.encode(sizeMM.map { [$0.width, $0.height] }, forKey: .sizeMm)
        try c.encodeIfPresent(libinputVersion, forKey: .libinputVersion)
        try c.encodeIfPresent(naturalScrolling, forKey: .naturalScrolling)
    }
}

extension KeyedEncodingContainer {
    /// `value`, or `null` when it is nil or not finite: JSON has no NaN or infinity.
    public mutating func encodeNumber(_ value: Double?, forKey key: Key) throws {
        if let value, value.isFinite { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
