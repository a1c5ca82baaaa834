import LibinputEvents

/// The JSON form of an app event: `type`, `timestamp`, `buttonMask` and `modifierFlags` (UIKit's
/// raw values), then the payload's fields; points are `[x, y]`, doubles at full precision.
extension AppEvent: Encodable {
    private enum Key: String, CodingKey {
        case type, timestamp, buttonMask, modifierFlags, touches, phase, scrollType, delta, translation, value120,
            location
        case scale, rotation, kind, fingers, isLocked, dx, dy
        case view, region, rect, style
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(type.rawValue, forKey: .type)
        try c.encodeNumber(timestamp, forKey: .timestamp)
        try c.encode(buttonMask.rawValue, forKey: .buttonMask)
        try c.encode(modifierFlags.rawValue, forKey: .modifierFlags)
        switch payload {
        case .touches(let touches):
            try c.encode(touches, forKey: .touches)
        case .hover(let touch):
            try c.encode([touch], forKey: .touches)
        case .scroll(let s):
            try c.encode(s.phase.rawValue, forKey: .phase)
            try c.encode(s.type.rawValue, forKey: .scrollType)
            try c.encodePoint(s.delta, forKey: .delta)
            try c.encodePoint(s.translation, forKey: .translation)
            try c.encodePoint(s.value120, forKey: .value120)
            try c.encodePoint(s.location, forKey: .location)
        case .transform(let t):
            try c.encode(t.phase.rawValue, forKey: .phase)
            try c.encodeNumber(t.scale, forKey: .scale)
            try c.encodeNumber(t.rotation, forKey: .rotation)
            try c.encodePoint(t.location, forKey: .location)
        case .systemGesture(let g):
            try c.encode(g.kind.rawValue, forKey: .kind)
            try c.encode(g.phase.rawValue, forKey: .phase)
            try c.encode(g.fingers, forKey: .fingers)
            try c.encodePoint(g.translation, forKey: .translation)
            try c.encodeNumber(g.scale, forKey: .scale)
        case .pointerLock(let locked):
            try c.encode(locked, forKey: .isLocked)
        case .relativeMotion(let dx, let dy):
            try c.encodeNumber(dx, forKey: .dx)
            try c.encodeNumber(dy, forKey: .dy)
        case .pointerRegion(let r):
            try c.encode(r.phase.rawValue, forKey: .phase)
            try c.encode(r.view, forKey: .view)
            try c.encode(r.region, forKey: .region)
            try c.encode([r.rect.x, r.rect.y, r.rect.width, r.rect.height], forKey: .rect)
            try c.encode(r.style.description, forKey: .style)
            try c.encodePoint(r.location, forKey: .location)
        }
    }
}

extension Touch: Encodable {
    private enum Key: String, CodingKey {
        case id, phase, touchType, simulated, location, previousLocation, tapCount
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(id.rawValue, forKey: .id)
        try c.encode(phase.rawValue, forKey: .phase)
        try c.encode(type.rawValue, forKey: .touchType)
        try c.encode(isSimulated, forKey: .simulated)
        try c.encodePoint(location, forKey: .location)
        try c.encodePoint(previousLocation, forKey: .previousLocation)
        try c.encode(tapCount, forKey: .tapCount)
    }
}

extension KeyedEncodingContainer {
    /// `point` as `[x, y]`, or `null` when nil.
    mutating func encodePoint(_ point: Point?, forKey key: Key) throws {
        if let point { try encode([point.x, point.y], forKey: key) } else { try encodeNil(forKey: key) }
    }
}
