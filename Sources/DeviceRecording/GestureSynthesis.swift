import Foundation

/// Makes multi-finger recordings on a real device description: fingers placed in millimetres on
/// the pad and moved along a path, emitted as MT protocol B frames the way a kernel driver would
/// (slots, tracking ids, BTN_TOOL_* finger counts, single-touch emulation axes).
public enum GestureSynthesizer {
    /// A synthesized gesture.
    public enum Gesture: Sendable, Equatable {
        /// Two fingers spreading (`scale` > 1) or closing (`scale` < 1), optionally turning by
        /// `rotation` degrees clockwise while their centre drifts by (dx, dy) millimetres.
        case pinch(scale: Double, rotation: Double, dx: Double = 0, dy: Double = 0)
        /// Fingers moving together by (dx, dy) millimetres.
        case scroll(fingers: Int, dx: Double, dy: Double)
    }

    /// Timing and geometry of a synthesized gesture.
    public struct Options: Sendable {
        /// Time the fingers move, seconds.
        public var duration: Double = 0.8
        /// Time between frames, seconds (touchpads report at 80–140 Hz).
        public var frameInterval: Double = 0.01
        /// Distance between the two fingers of a pinch when they land, millimetres.
        public var separation: Double = 30
        /// Angle of the line between pinch fingers when they land, degrees clockwise from horizontal.
        public var startAngle: Double = 0

        public init() {}
    }

    /// Why a device cannot perform a gesture.
    public enum SynthesisError: Error, CustomStringConvertible {
        /// The device cannot perform the gesture.
        case unsuitable(String)
        /// A gesture or timing value is not finite or outside what a hand on a pad could do.
        case invalid(String)

        public var description: String {
            switch self {
            case .unsuitable(let why), .invalid(let why): return why
            }
        }
    }

    /// Checks values before they turn into frame counts and device units.
    static func validate(_ gesture: Gesture, _ options: Options) throws(SynthesisError) {
        func check(_ ok: Bool, _ why: String) throws(SynthesisError) { if !ok { throw .invalid(why) } }
        try check(options.duration.isFinite && options.duration > 0 && options.duration <= 3600, "duration must be within (0, 3600] seconds")
        try check(options.frameInterval.isFinite && options.frameInterval >= 0.001 && options.frameInterval <= 1, "frame interval must be within [0.001, 1] seconds")
        try check(options.separation.isFinite && options.separation > 0 && options.separation <= 1000, "separation must be within (0, 1000] mm")
        try check(options.startAngle.isFinite, "start angle must be finite")
        switch gesture {
        case .pinch(let scale, let rotation, let dx, let dy):
            try check(scale.isFinite && scale > 0 && scale <= 100, "scale must be within (0, 100]")
            try check(rotation.isFinite && abs(rotation) <= 36000, "rotation must be within ±36000 degrees")
            try check(dx.isFinite && dy.isFinite && abs(dx) <= 10000 && abs(dy) <= 10000, "travel must be within ±10000 mm")
        case .scroll(let fingers, let dx, let dy):
            try check((1...5).contains(fingers), "a scroll takes 1 to 5 fingers")
            try check(dx.isFinite && dy.isFinite && abs(dx) <= 10000 && abs(dy) <= 10000, "travel must be within ±10000 mm")
        }
    }

    /// The recording of `gesture` performed on `device`.
    public static func synthesize(_ gesture: Gesture, on device: DeviceDescription, options: Options = Options()) throws(SynthesisError) -> Recording {
        try validate(gesture, options)
        let pad = try Pad(device)
        let fingers: Int
        switch gesture {
        case .pinch: fingers = 2
        case .scroll(let n, _, _): fingers = n
        }
        guard fingers >= 1, fingers <= pad.slots else {
            throw .unsuitable("\(device.name) tracks \(pad.slots) touches; the gesture needs \(fingers)")
        }
        let steps = max(1, Int((options.duration / options.frameInterval).rounded()))

        /// Finger positions in millimetres from the pad's centre at progress p in 0...1.
        func positions(_ p: Double) -> [(x: Double, y: Double)] {
            switch gesture {
            case .pinch(let scale, let rotation, let dx, let dy):
                let r = options.separation / 2 * (1 + (scale - 1) * p)
                let a = (options.startAngle + rotation * p) * .pi / 180
                let c = (x: dx * p, y: dy * p)
                return [(c.x - r * cos(a), c.y - r * sin(a)), (c.x + r * cos(a), c.y + r * sin(a))]
            case .scroll(let n, let dx, let dy):
                let spacing = 18.0
                return (0..<n).map { i in
                    ((Double(i) - Double(n - 1) / 2) * spacing + dx * p, dy * p)
                }
            }
        }

        var frames: [EvdevFrame] = []
        var previous: [(x: Int32, y: Int32)]?
        for step in 0...steps {
            let time = UInt64((Double(step) * options.frameInterval * 1e6).rounded())
            let points = positions(Double(step) / Double(steps)).map(pad.units)
            frames.append(EvdevFrame(time: time, events: pad.frame(points, previous: previous)))
            previous = points
        }
        let liftTime = UInt64((Double(steps + 1) * options.frameInterval * 1e6).rounded())
        frames.append(EvdevFrame(time: liftTime, events: pad.lift(fingers)))
        return Recording(device: device, frames: frames)
    }

    /// What a device offers for synthesis, in its own units.
    struct Pad {
        let device: DeviceDescription
        let slots: Int
        let x: AbsInfo
        let y: AbsInfo
        let unitsPerMM: (x: Double, y: Double)

        init(_ device: DeviceDescription) throws(SynthesisError) {
            self.device = device
            guard device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT),
                  device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID),
                  let x = device.absinfo[Evdev.ABS_MT_POSITION_X], let y = device.absinfo[Evdev.ABS_MT_POSITION_Y] else {
                throw .unsuitable("\(device.name) is not a multitouch (protocol B) device")
            }
            guard !device.has(property: Evdev.INPUT_PROP_SEMI_MT) else {
                throw .unsuitable("\(device.name) is semi-mt: it reports a bounding box, not touches")
            }
            slots = device.slotCount
            self.x = x
            self.y = y
            // Without a resolution, assume a 100 mm wide pad, like libinput's fallback.
            let rx = x.resolution > 0 ? Double(x.resolution) : (Double(x.maximum) - Double(x.minimum)) / 100
            let ry = y.resolution > 0 ? Double(y.resolution) : rx
            unitsPerMM = (rx, ry)
        }

        func units(_ p: (x: Double, y: Double)) -> (x: Int32, y: Int32) {
            let cx = (Double(x.minimum) + Double(x.maximum)) / 2, cy = (Double(y.minimum) + Double(y.maximum)) / 2
            let ux = (cx + p.x * unitsPerMM.x).rounded(), uy = (cy + p.y * unitsPerMM.y).rounded()
            return (Int32(min(max(ux, Double(x.minimum)), Double(x.maximum))),
                    Int32(min(max(uy, Double(y.minimum)), Double(y.maximum))))
        }

        private func abs(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(type: Evdev.EV_ABS, code: code, value: value) }
        private func key(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(type: Evdev.EV_KEY, code: code, value: value) }
        private var syn: EvdevEvent { EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0) }

        /// A mid-range value for an optional per-touch axis (pressure, touch size), if the device has it.
        private func midValue(_ code: UInt16) -> Int32? {
            guard device.has(type: Evdev.EV_ABS, code: code), let info = device.absinfo[code] else { return nil }
            return Int32(Int64(info.minimum) + (Int64(info.maximum) - Int64(info.minimum)) * 3 / 10)
        }

        private func toolKey(_ fingers: Int) -> UInt16? {
            let tools: [Int: UInt16] = [1: Evdev.BTN_TOOL_FINGER, 2: Evdev.BTN_TOOL_DOUBLETAP, 3: Evdev.BTN_TOOL_TRIPLETAP,
                                        4: Evdev.BTN_TOOL_QUADTAP, 5: Evdev.BTN_TOOL_QUINTTAP]
            return tools[fingers].flatMap { device.has(type: Evdev.EV_KEY, code: $0) ? $0 : nil }
        }

        /// One frame; on the first (no `previous`) the fingers land.
        func frame(_ points: [(x: Int32, y: Int32)], previous: [(x: Int32, y: Int32)]?) -> [EvdevEvent] {
            var events: [EvdevEvent] = []
            for (slot, p) in points.enumerated() {
                let old = previous?[slot]
                guard old == nil || old! != p else { continue }
                events.append(abs(Evdev.ABS_MT_SLOT, Int32(slot)))
                if old == nil {
                    events.append(abs(Evdev.ABS_MT_TRACKING_ID, Int32(100 + slot)))
                    for code in [Evdev.ABS_MT_PRESSURE, Evdev.ABS_MT_TOUCH_MAJOR] {
                        if let v = midValue(code) { events.append(abs(code, v)) }
                    }
                }
                if old?.x != p.x { events.append(abs(Evdev.ABS_MT_POSITION_X, p.x)) }
                if old?.y != p.y { events.append(abs(Evdev.ABS_MT_POSITION_Y, p.y)) }
            }
            if previous == nil {
                if device.has(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH) { events.append(key(Evdev.BTN_TOUCH, 1)) }
                if let tool = toolKey(points.count) { events.append(key(tool, 1)) }
                if let v = midValue(Evdev.ABS_PRESSURE) { events.append(abs(Evdev.ABS_PRESSURE, v)) }
            }
            // Single-touch emulation follows the first finger, as the kernel's input-mt does.
            if let first = points.first, previous == nil || previous![0] != first {
                if device.has(type: Evdev.EV_ABS, code: Evdev.ABS_X) { events.append(abs(Evdev.ABS_X, first.x)) }
                if device.has(type: Evdev.EV_ABS, code: Evdev.ABS_Y) { events.append(abs(Evdev.ABS_Y, first.y)) }
            }
            events.append(syn)
            return events
        }

        func lift(_ fingers: Int) -> [EvdevEvent] {
            var events: [EvdevEvent] = []
            for slot in 0..<fingers {
                events.append(abs(Evdev.ABS_MT_SLOT, Int32(slot)))
                events.append(abs(Evdev.ABS_MT_TRACKING_ID, -1))
            }
            if device.has(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH) { events.append(key(Evdev.BTN_TOUCH, 0)) }
            if let tool = toolKey(fingers) { events.append(key(tool, 0)) }
            if device.has(type: Evdev.EV_ABS, code: Evdev.ABS_PRESSURE) { events.append(abs(Evdev.ABS_PRESSURE, 0)) }
            events.append(syn)
            return events
        }
    }
}
