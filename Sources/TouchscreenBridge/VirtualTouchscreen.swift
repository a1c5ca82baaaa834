import AppEvents
import LibinputEvents
import Recordings

/// The multitouch touchscreen `touchsynth bridge` creates: it covers the configured screen, in
/// units of 1/64 point, so that two touches 100 points apart keep their separation and angle to
/// better than 1e-3 after rounding to whole units.
public struct VirtualTouchscreen: Equatable, Sendable {
    /// Axis units per screen point.
    public static let unitsPerPoint = 64.0
    /// Touch slots: two are used, ten is what touchscreens commonly offer.
    public static let slotCount = 10
    /// What readers see as the device's name; the bridge also skips it among libinput's devices.
    public static let defaultName = "TouchSynth virtual touchscreen"

    public let screen: Size
    /// Screen points per millimetre, for the axes' resolution (units per mm).
    public let pointsPerMillimetre: Double
    public let name: String

    /// - Precondition: the screen is at least 1 point and at most 100,000 points a side, and
    ///   `pointsPerMillimetre` is within 0.1...100.
    public init(screen: Size, pointsPerMillimetre: Double = 5, name: String = Self.defaultName) {
        precondition(
            (1...100_000).contains(screen.width) && (1...100_000).contains(screen.height), "screen out of range")
        precondition((0.1...100).contains(pointsPerMillimetre), "points per millimetre out of range")
        self.screen = screen
        self.pointsPerMillimetre = pointsPerMillimetre
        self.name = name
    }

    /// The largest X and Y values: the screen's width and height in units, less one.
    public var maximum: (x: Int32, y: Int32) {
        (
            Int32((screen.width * Self.unitsPerPoint).rounded()) - 1,
            Int32((screen.height * Self.unitsPerPoint).rounded()) - 1
        )
    }

    /// Units per millimetre on both axes (square points stay square).
    public var resolution: Int32 { Int32((Self.unitsPerPoint * pointsPerMillimetre).rounded()) }

    /// The evdev description: a direct-touch device with BTN_TOUCH, single-touch ABS_X/ABS_Y and
    /// MT protocol B (slots, tracking IDs, positions), on the virtual bus.
    public var description: DeviceDescription {
        let (maxX, maxY) = maximum
        let res = resolution
        return DeviceDescription(
            name: name, bustype: 0x06, vendor: 0x1209, product: 0x7473, version: 1,
            codes: [
                Evdev.EV_SYN: [Evdev.SYN_REPORT], Evdev.EV_KEY: [Evdev.BTN_TOUCH],
                Evdev.EV_ABS: [
                    Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_SLOT, Evdev.ABS_MT_TRACKING_ID,
                    Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y,
                ],
            ],
            absinfo: [
                Evdev.ABS_X: AbsInfo(minimum: 0, maximum: maxX, resolution: res),
                Evdev.ABS_Y: AbsInfo(minimum: 0, maximum: maxY, resolution: res),
                Evdev.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: Int32(Self.slotCount - 1)),
                Evdev.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                Evdev.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: maxX, resolution: res),
                Evdev.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: maxY, resolution: res),
            ],
            properties: [Evdev.INPUT_PROP_DIRECT])
    }
}

/// Compatibility mode's simulated touches as MT protocol B frames for a ``VirtualTouchscreen``.
///
/// Each touch gets a free slot and a new tracking ID when it begins, its position while it moves,
/// and tracking ID -1 when it ends or is cancelled (evdev cannot say "cancelled"). BTN_TOUCH and
/// ABS_X/ABS_Y (the lowest slot's touch) serve single-touch readers. Positions outside the screen
/// are clamped to its edge, as a real touchscreen cannot report them.
public struct TouchscreenEncoder: Sendable {
    public let screen: VirtualTouchscreen
    private var slots: [TouchID: Int] = [:]
    private var positions: [Int: (x: Int32, y: Int32)] = [:]
    private var nextTrackingID: Int32 = 0

    public init(screen: VirtualTouchscreen) {
        self.screen = screen
    }

    /// The frames for one libinput event's app events: one per touches event that moves a
    /// simulated touch.
    public mutating func frames(for appEvents: [AppEvent]) -> [[EvdevEvent]] {
        appEvents.compactMap { app in
            guard case .touches(let touches) = app.payload else { return nil }
            let frame = frame(for: touches)
            return frame.isEmpty ? nil : frame
        }
    }

    /// The frame for one app event's touches (only the simulated ones count), SYN_REPORT last;
    /// empty when there is nothing to write.
    public mutating func frame(for touches: [Touch]) -> [EvdevEvent] {
        var events: [EvdevEvent] = []
        let wasDown = !slots.isEmpty
        for touch in touches where touch.isSimulated {
            switch touch.phase {
            case .began:
                guard slots[touch.id] == nil,
                    let slot = (0..<VirtualTouchscreen.slotCount).first(where: { s in !slots.values.contains(s) })
                else { continue }
                slots[touch.id] = slot
                events.append(abs(Evdev.ABS_MT_SLOT, Int32(slot)))
                events.append(abs(Evdev.ABS_MT_TRACKING_ID, nextTrackingID))
                nextTrackingID = nextTrackingID == 65535 ? 0 : nextTrackingID + 1
                events += place(slot, at: touch.location)
            case .moved:
                guard let slot = slots[touch.id] else { continue }
                events.append(abs(Evdev.ABS_MT_SLOT, Int32(slot)))
                events += place(slot, at: touch.location)
            case .ended, .cancelled:
                guard let slot = slots.removeValue(forKey: touch.id) else { continue }
                positions[slot] = nil
                events.append(abs(Evdev.ABS_MT_SLOT, Int32(slot)))
                events.append(abs(Evdev.ABS_MT_TRACKING_ID, -1))
            default:
                continue
            }
        }
        guard !events.isEmpty else { return [] }
        return finish(events, wasDown: wasDown)
    }

    /// A frame lifting every touch still down (the bridge stopping mid-gesture); empty if none is.
    public mutating func liftAll() -> [EvdevEvent] {
        guard !slots.isEmpty else { return [] }
        var events: [EvdevEvent] = []
        for slot in slots.values.sorted() {
            events.append(abs(Evdev.ABS_MT_SLOT, Int32(slot)))
            events.append(abs(Evdev.ABS_MT_TRACKING_ID, -1))
        }
        slots.removeAll()
        positions.removeAll()
        return finish(events, wasDown: true)
    }

    private func finish(_ events: [EvdevEvent], wasDown: Bool) -> [EvdevEvent] {
        var events = events
        let isDown = !slots.isEmpty
        if isDown != wasDown {
            events.append(EvdevEvent(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH, value: isDown ? 1 : 0))
        }
        if let lowest = slots.values.min(), let p = positions[lowest] {
            events.append(abs(Evdev.ABS_X, p.x))
            events.append(abs(Evdev.ABS_Y, p.y))
        }
        events.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        return events
    }

    private mutating func place(_ slot: Int, at location: Point) -> [EvdevEvent] {
        let (maxX, maxY) = screen.maximum
        let p = (x: Self.units(location.x, maximum: maxX), y: Self.units(location.y, maximum: maxY))
        positions[slot] = p
        return [abs(Evdev.ABS_MT_POSITION_X, p.x), abs(Evdev.ABS_MT_POSITION_Y, p.y)]
    }

    /// Points to whole units, clamped to the axis (a non-finite coordinate counts as 0).
    static func units(_ points: Double, maximum: Int32) -> Int32 {
        let scaled = (points * VirtualTouchscreen.unitsPerPoint).rounded()
        guard scaled.isFinite else { return 0 }
        return Int32(min(max(scaled, 0), Double(maximum)))
    }

    private func abs(_ code: UInt16, _ value: Int32) -> EvdevEvent {
        EvdevEvent(type: Evdev.EV_ABS, code: code, value: value)
    }
}
