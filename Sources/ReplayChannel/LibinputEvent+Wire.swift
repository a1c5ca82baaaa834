import LibinputEvents

/// A libinput event in the channel's binary form: each kind's writer and reader side by side, so
/// that a field added to one is seen to be missing from the other.
extension LibinputEvent {
    /// The kind's number on the wire; never reused.
    private enum Tag: UInt8 {
        case deviceAdded = 1, deviceRemoved, pointerMotion, pointerMotionAbsolute, pointerButton, pointerScroll,
            keyboardKey
        case touchDown, touchMotion, touchUp, touchCancel, touchFrame
        case gestureSwipeBegin, gestureSwipeUpdate, gestureSwipeEnd, gesturePinchBegin, gesturePinchUpdate,
            gesturePinchEnd
        case gestureHoldBegin, gestureHoldEnd
        case switchToggle
    }

    func write(to w: inout WireWriter) {
        w.put(time)
        w.put(device)
        switch kind {
        case .deviceAdded(let info):
            w.put(Tag.deviceAdded.rawValue)
            info.write(to: &w)
        case .deviceRemoved:
            w.put(Tag.deviceRemoved.rawValue)
        case .pointerMotion(let dx, let dy, let ux, let uy):
            w.put(Tag.pointerMotion.rawValue)
            GestureDelta(dx: dx, dy: dy, unacceleratedDx: ux, unacceleratedDy: uy).write(to: &w)
        case .pointerMotionAbsolute(let x, let y):
            w.put(Tag.pointerMotionAbsolute.rawValue)
            w.put(x)
            w.put(y)
        case .pointerButton(let button, let state, let count):
            w.put(Tag.pointerButton.rawValue)
            w.put(button)
            w.put(state == .pressed)
            w.put(count)
        case .pointerScroll(let scroll):
            w.put(Tag.pointerScroll.rawValue)
            scroll.write(to: &w)
        case .keyboardKey(let key, let state, let count):
            w.put(Tag.keyboardKey.rawValue)
            w.put(key)
            w.put(state == .pressed)
            w.put(count)
        case .touchDown(let slot, let seatSlot, let x, let y), .touchMotion(let slot, let seatSlot, let x, let y):
            if case .touchDown = kind { w.put(Tag.touchDown.rawValue) } else { w.put(Tag.touchMotion.rawValue) }
            w.put(slot)
            w.put(seatSlot)
            w.put(x)
            w.put(y)
        case .touchUp(let slot, let seatSlot), .touchCancel(let slot, let seatSlot):
            if case .touchUp = kind { w.put(Tag.touchUp.rawValue) } else { w.put(Tag.touchCancel.rawValue) }
            w.put(slot)
            w.put(seatSlot)
        case .touchFrame:
            w.put(Tag.touchFrame.rawValue)
        case .gestureSwipeBegin(let fingers), .gesturePinchBegin(let fingers), .gestureHoldBegin(let fingers):
            let tag: Tag =
                switch kind {
                case .gestureSwipeBegin: .gestureSwipeBegin
                case .gesturePinchBegin: .gesturePinchBegin
                default: .gestureHoldBegin
                }
            w.put(tag.rawValue)
            w.put(Int32(truncatingIfNeeded: fingers))
        case .gestureSwipeUpdate(let fingers, let delta):
            w.put(Tag.gestureSwipeUpdate.rawValue)
            w.put(Int32(truncatingIfNeeded: fingers))
            delta.write(to: &w)
        case .gestureSwipeEnd(let fingers, let cancelled), .gestureHoldEnd(let fingers, let cancelled):
            if case .gestureSwipeEnd = kind {
                w.put(Tag.gestureSwipeEnd.rawValue)
            } else {
                w.put(Tag.gestureHoldEnd.rawValue)
            }
            w.put(Int32(truncatingIfNeeded: fingers))
            w.put(cancelled)
        case .gesturePinchUpdate(let fingers, let delta, let scale, let angleDelta):
            w.put(Tag.gesturePinchUpdate.rawValue)
            w.put(Int32(truncatingIfNeeded: fingers))
            delta.write(to: &w)
            w.put(scale)
            w.put(angleDelta)
        case .gesturePinchEnd(let fingers, let scale, let cancelled):
            w.put(Tag.gesturePinchEnd.rawValue)
            w.put(Int32(truncatingIfNeeded: fingers))
            w.put(scale)
            w.put(cancelled)
        case .switchToggle(let which, let state):
            w.put(Tag.switchToggle.rawValue)
            w.put(which.libinputNumber)
            w.put(state == .on)
        }
    }

    init(from r: inout WireReader) throws(WireError) {
        let time = try r.get(UInt64.self)
        let device = try r.get(String.self)
        let raw = try r.get(UInt8.self)
        guard let tag = Tag(rawValue: raw) else { throw WireError("\(raw) is not a libinput event kind") }
        func fingers() throws(WireError) -> Int { Int(try r.get(Int32.self)) }
        func state() throws(WireError) -> ButtonState { try r.get(Bool.self) ? .pressed : .released }
        let kind: Kind
        switch tag {
        case .deviceAdded: kind = .deviceAdded(try DeviceInfo(from: &r))
        case .deviceRemoved: kind = .deviceRemoved
        case .pointerMotion:
            let d = try GestureDelta(from: &r)
            kind = .pointerMotion(
                dx: d.dx, dy: d.dy, unacceleratedDx: d.unacceleratedDx, unacceleratedDy: d.unacceleratedDy)
        case .pointerMotionAbsolute: kind = .pointerMotionAbsolute(x: try r.get(Double.self), y: try r.get(Double.self))
        case .pointerButton:
            kind = .pointerButton(button: try r.get(UInt32.self), state: try state(), seatCount: try r.get(UInt32.self))
        case .pointerScroll: kind = .pointerScroll(try Scroll(from: &r))
        case .keyboardKey:
            kind = .keyboardKey(key: try r.get(UInt32.self), state: try state(), seatCount: try r.get(UInt32.self))
        case .touchDown:
            kind = .touchDown(
                slot: try r.get(Int32.self), seatSlot: try r.get(Int32.self), x: try r.get(Double.self),
                y: try r.get(Double.self))
        case .touchMotion:
            kind = .touchMotion(
                slot: try r.get(Int32.self), seatSlot: try r.get(Int32.self), x: try r.get(Double.self),
                y: try r.get(Double.self))
        case .touchUp: kind = .touchUp(slot: try r.get(Int32.self), seatSlot: try r.get(Int32.self))
        case .touchCancel: kind = .touchCancel(slot: try r.get(Int32.self), seatSlot: try r.get(Int32.self))
        case .touchFrame: kind = .touchFrame
        case .gestureSwipeBegin: kind = .gestureSwipeBegin(fingers: try fingers())
        case .gesturePinchBegin: kind = .gesturePinchBegin(fingers: try fingers())
        case .gestureHoldBegin: kind = .gestureHoldBegin(fingers: try fingers())
        case .gestureSwipeUpdate: kind = .gestureSwipeUpdate(fingers: try fingers(), delta: try GestureDelta(from: &r))
        case .gestureSwipeEnd: kind = .gestureSwipeEnd(fingers: try fingers(), cancelled: try r.get(Bool.self))
        case .gestureHoldEnd: kind = .gestureHoldEnd(fingers: try fingers(), cancelled: try r.get(Bool.self))
        case .gesturePinchUpdate:
            kind = .gesturePinchUpdate(
                fingers: try fingers(), delta: try GestureDelta(from: &r), scale: try r.get(Double.self),
                angleDelta: try r.get(Double.self))
        case .gesturePinchEnd:
            kind = .gesturePinchEnd(
                fingers: try fingers(), scale: try r.get(Double.self), cancelled: try r.get(Bool.self))
        case .switchToggle:
            let number = try r.get(UInt32.self)
            guard let which = Switch(libinputNumber: number) else { throw WireError("\(number) is not a switch") }
            kind = .switchToggle(which, state: try r.get(Bool.self) ? .on : .off)
        }
        self.init(time: time, device: device, kind: kind)
    }
}

extension GestureDelta {
    func write(to w: inout WireWriter) {
        w.put(dx)
        w.put(dy)
        w.put(unacceleratedDx)
        w.put(unacceleratedDy)
    }

    init(from r: inout WireReader) throws(WireError) {
        self.init(
            dx: try r.get(Double.self), dy: try r.get(Double.self), unacceleratedDx: try r.get(Double.self),
            unacceleratedDy: try r.get(Double.self))
    }
}

extension Scroll {
    private static let sources: [Source] = [.finger, .continuous, .wheel]

    func write(to w: inout WireWriter) {
        w.put(UInt8(Self.sources.firstIndex(of: source) ?? 0))
        w.put(vertical)
        w.put(horizontal)
        w.put(vertical120)
        w.put(horizontal120)
    }

    init(from r: inout WireReader) throws(WireError) {
        let raw = Int(try r.get(UInt8.self))
        guard raw < Self.sources.count else { throw WireError("\(raw) is not a scroll source") }
        self.init(
            source: Self.sources[raw], vertical: try r.get(Double?.self), horizontal: try r.get(Double?.self),
            vertical120: try r.get(Double?.self), horizontal120: try r.get(Double?.self))
    }
}

extension DeviceInfo {
    func write(to w: inout WireWriter) {
        w.put(name)
        w.put(sysname)
        w.put(capabilities.rawValue)
        w.put(sizeMM?.width)
        w.put(sizeMM?.height)
        w.put(libinputVersion)
        w.put(UInt8(naturalScrolling.map { $0 ? 2 : 1 } ?? 0))
    }

    init(from r: inout WireReader) throws(WireError) {
        let name = try r.get(String.self), sysname = try r.get(String.self)
        let capabilities = CapabilitySet(rawValue: try r.get(UInt8.self))
        let width = try r.get(Double?.self), height = try r.get(Double?.self)
        let size =
            if let width, let height { (width: width, height: height) } else { nil as (width: Double, height: Double)? }
        let version = try r.get(String?.self)
        let natural: Bool? =
            switch try r.get(UInt8.self) {
            case 0: nil
            case 1: false
            case 2: true
            case let raw: throw WireError("\(raw) is not a natural scrolling setting")
            }
        self.init(
            name: name, sysname: sysname, capabilities: capabilities, sizeMM: size, libinputVersion: version,
            naturalScrolling: natural)
    }
}
