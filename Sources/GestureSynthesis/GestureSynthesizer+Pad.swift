import Foundation
import LibinputDecisions
import Quirks
import Recordings
import TextTables

extension GestureSynthesizer {
    /// Refuses a device no gesture can be performed on: no position axes, or one ranging over
    /// nothing; its error names the file the description was read from, else `file`. (Whether
    /// libinput takes the device is ``TouchpadRefusal``'s to say, on a replay.)
    public static func checkPad(_ device: DeviceDescription, file: String) throws(RecordingError) {
        _ = try Pad(device, file: file)
    }

    /// What a device offers for synthesis, in its own units.
    struct Pad {
        enum Tracking: Equatable {
            /// MT protocol B with this many slots.
            case multitouch(Int)
            /// Two slots holding the bounding box of the touches, not the touches.
            case semiMT
            /// ABS_X/ABS_Y only; BTN_TOOL_* says how many fingers.
            case singleTouch
            /// MT protocol A: every contact's position each frame, each closed by SYN_MT_REPORT,
            /// without slots or tracking ids (old Apple and some I2C pads), beside ABS_X/ABS_Y.
            case protocolA
        }

        let device: DeviceDescription
        let tracking: Tracking
        let x: AbsInfo
        let y: AbsInfo
        let unitsPerMM: (x: Double, y: Double)
        let size: (width: Double, height: Double)

        let quirks: LibinputQuirks

        init(
            _ device: DeviceDescription, quirks: LibinputQuirks = LibinputQuirks(), file: String
        ) throws(RecordingError) {
            self.device = device
            self.quirks = quirks
            if let mx = device.absinfo[Evdev.ABS_MT_POSITION_X], let my = device.absinfo[Evdev.ABS_MT_POSITION_Y],
                device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X),
                device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT)
            {
                (x, y) = (mx, my)
                tracking = device.has(property: Evdev.INPUT_PROP_SEMI_MT) ? .semiMT : .multitouch(device.slotCount)
            } else if let mx = device.absinfo[Evdev.ABS_MT_POSITION_X],
                let my = device.absinfo[Evdev.ABS_MT_POSITION_Y], device.isProtocolA
            {
                (x, y) = (mx, my)
                tracking = .protocolA
            } else if let sx = device.absinfo[Evdev.ABS_X], let sy = device.absinfo[Evdev.ABS_Y],
                device.has(type: Evdev.EV_ABS, code: Evdev.ABS_X)
            {
                (x, y) = (sx, sy)
                tracking = .singleTouch
            } else {
                throw RecordingError(
                    .badData, file: device.source.file.isEmpty ? file : device.source.file,
                    "\(device.name) has no position axes: not a touchpad")
            }
            // Where the description was read, at the axis's line: no script could mend it.
            let single = tracking == .singleTouch
            for (code, axis) in [
                (single ? Evdev.ABS_X : Evdev.ABS_MT_POSITION_X, x),
                (single ? Evdev.ABS_Y : Evdev.ABS_MT_POSITION_Y, y),
            ]
            where axis.maximum <= axis.minimum {
                let read = !device.source.file.isEmpty
                throw RecordingError(
                    .badData, file: read ? device.source.file : file, line: read ? device.source.axisLines[code] : nil,
                    "\(device.name)'s \(Evdev.codeName(type: Evdev.EV_ABS, code: code)) ranges over nothing, "
                        + "\(axis.minimum)...\(axis.maximum): no gesture can be performed on it")
            }
            // Millimetres here must be the ones libinput measures; ranges counted as before 1.25
            // (Debian 12's 1.22): from 1.25 a range counts both its ends, at most a unit a mm more.
            let measured = device.withLibinputResolution(quirks, rangeIncludesBothEnds: false)
            let codes =
                tracking == .singleTouch
                ? (Evdev.ABS_X, Evdev.ABS_Y) : (Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)
            let rx = Double(measured.absinfo[codes.0]?.resolution ?? 0),
                ry = Double(measured.absinfo[codes.1]?.resolution ?? 0)
            // Left at zero or below where libinput leaves it so: one axis of the pair without a
            // resolution (which libinput refuses) or a negative one.
            guard rx > 0, ry > 0 else {
                throw RecordingError(
                    .badData, file: device.source.file.isEmpty ? file : device.source.file,
                    "\(device.name)'s position axes have no positive resolution to measure millimetres by "
                        + "(x \(Int(rx)), y \(Int(ry)) units per mm)")
            }
            unitsPerMM = (rx, ry)
            size = ((Double(x.maximum) - Double(x.minimum)) / rx, (Double(y.maximum) - Double(y.minimum)) / ry)
        }

        /// Touches the device reports individually.
        var trackedTouches: Int {
            switch tracking {
            case .multitouch(let slots): return slots
            case .semiMT: return 2
            case .singleTouch: return 1
            case .protocolA: return Pad.toolKeys.count
            }
        }

        /// Where libinput `libinput` (nil: unknown) sees the fingers at `points`:
        /// - on a pad with slots, those its slots hold where they are, and each it counts by a
        ///   tool key alone where libinput places it (``FakeTouches``);
        /// - on a single-touch or semi-MT pad, and a protocol A one libinput before 1.29 reads as
        ///   one, every finger where the first is: libinput reads ABS_X and ABS_Y (`tp_init_slots`)
        ///   and places the others there; a protocol A pad's ABS_X, written in its own range, counted
        ///   at its multitouch axis's units per mm (``SingleTouchReading``).
        func seenByLibinput(_ points: [GestureScript.Point], libinput: String?) -> [GestureScript.Point] {
            guard let first = points.first else { return points }
            switch tracking {
            case .multitouch(let slots):
                guard slots > 0, points.count > slots,
                    let top = FakeTouches.anchor(among: Array(points.prefix(slots)), y: \.y)
                else { return points }
                return Array(points.prefix(slots)) + Array(repeating: top, count: points.count - slots)
            case .semiMT, .singleTouch:
                return Array(repeating: first, count: points.count)
            case .protocolA:
                guard let libinput, !device.libinputReadsThroughMtdev(version: libinput) else { return points }
                let shorter = SingleTouchReading(device).map { ($0.shorterX, $0.shorterY) } ?? (1, 1)
                let seen = GestureScript.Point(x: first.x / shorter.0, y: first.y / shorter.1)
                return Array(repeating: seen, count: points.count)
            }
        }

        func resolve(_ position: GestureScript.Position) -> GestureScript.Point {
            switch position {
            case .center: return GestureScript.Point(x: 0, y: 0)
            case .offset(let p): return p
            case .fraction(let f): return GestureScript.Point(x: (f.x - 0.5) * size.width, y: (f.y - 0.5) * size.height)
            }
        }

        /// ABS_X and ABS_Y of a contact at `units` of the position axes: the same, or on a protocol
        /// A pad, whose single-touch axes have ranges of their own, the same place in theirs.
        func singleTouchAxes(_ units: (x: Int32, y: Int32)) -> [(UInt16, Int32)] {
            guard tracking == .protocolA, let sx = device.absinfo[Evdev.ABS_X], let sy = device.absinfo[Evdev.ABS_Y]
            else { return [(Evdev.ABS_X, units.x), (Evdev.ABS_Y, units.y)] }
            func map(_ v: Int32, from a: AbsInfo, to b: AbsInfo) -> Int32 {
                let f = Double(Int64(v) - Int64(a.minimum)) / Double(Int64(a.maximum) - Int64(a.minimum))
                return Int32((Double(b.minimum) + f * (Double(b.maximum) - Double(b.minimum))).rounded())
            }
            return [(Evdev.ABS_X, map(units.x, from: x, to: sx)), (Evdev.ABS_Y, map(units.y, from: y, to: sy))]
        }

        func units(_ p: GestureScript.Point) -> (x: Int32, y: Int32) {
            let cx = (Double(x.minimum) + Double(x.maximum)) / 2, cy = (Double(y.minimum) + Double(y.maximum)) / 2
            let ux = (cx + p.x * unitsPerMM.x).rounded(), uy = (cy + p.y * unitsPerMM.y).rounded()
            return (
                Int32(min(max(ux, Double(x.minimum)), Double(x.maximum))),
                Int32(min(max(uy, Double(y.minimum)), Double(y.maximum)))
            )
        }

        static let toolKeys: [UInt16] = [
            Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_TOOL_TRIPLETAP,
            Evdev.BTN_TOOL_QUADTAP, Evdev.BTN_TOOL_QUINTTAP,
        ]

        /// Refuses a contact the device cannot report beside `resting` fingers, or one that leaves the
        /// pad (as it still did with the `halved` lengths it left out at ``leastFit``).
        func check(
            _ contact: Contact, resting: Int = 0, verb: String, halved: [GestureScript.Size] = [],
            fail: (String) -> RecordingError
        ) throws(RecordingError) {
            let own = contact.samples.map(\.points.count).max() ?? 0, fingers = own + resting
            guard fingers <= Self.toolKeys.count else {
                throw fail(
                    "the \(verb)'s \(TextTable.counted(own, "finger")) beside \(resting) resting make \(fingers): "
                        + "a touchpad counts at most \(Self.toolKeys.count)")
            }
            if fingers > trackedTouches {
                let key = Self.toolKeys[fingers - 1]
                guard device.has(type: Evdev.EV_KEY, code: key) else {
                    throw fail(
                        "\(device.name) tracks \(TextTable.counted(trackedTouches, "touch", plural: "touches")) "
                            + "and has no \(Evdev.codeName(type: Evdev.EV_KEY, code: key)): "
                            + "it cannot report \(fingers) fingers"
                    )
                }
            }
            if let key = contact.samples.lazy.compactMap(\.button).first, !device.has(type: Evdev.EV_KEY, code: key) {
                throw fail("\(device.name) has no button (\(Evdev.codeName(type: Evdev.EV_KEY, code: key))) to click")
            }
            if let p = Area.whole(self).outside(contact) {
                // Rounded as shown, so that a coordinate a hair below zero is 0.0, not -0.0.
                let shown = (x: (p.x * 10).rounded() / 10 + 0, y: (p.y * 10).rounded() / 10 + 0)
                throw fail(
                    String(
                        format: "the %@ leaves the touchpad: a finger reaches %+.1f, %+.1f mm from the centre of a "
                            + "%.1f × %.1f mm pad",
                        verb, shown.x, shown.y, size.width, size.height)
                        + (halved.isEmpty
                            ? ""
                            : "; with its left-out \(halved.map(\.rawValue).joined(separator: " and ")) at half, "
                                + "it would too"))
            }
        }

        /// A value for an optional per-touch axis: `mm` through the resolution libinput measures the
        /// pad by, else 30 % of the range; always inside the range.
        func contactValue(_ code: UInt16, mm: Double?) -> Int32? {
            guard device.has(type: Evdev.EV_ABS, code: code), let info = device.absinfo[code] else { return nil }
            let range = Double(info.maximum) - Double(info.minimum)
            var v = Double(info.minimum) + range * 0.3
            if let mm { v = mm * unitsPerMM.x }
            return Int32(min(max(v.rounded(), Double(info.minimum)), Double(info.maximum)))
        }

        /// Pressure that libinput counts as a finger: above its touch threshold
        /// (``touchPressure(_:)``) and well below its palm threshold (130, or the quirk's).
        func pressure(_ code: UInt16) -> Int32? {
            guard device.has(type: Evdev.EV_ABS, code: code), let info = device.absinfo[code] else { return nil }
            let range = Double(info.maximum) - Double(info.minimum)
            let touch = Double(touchPressure(info).high)
            let palm = Double(quirks.palmPressureThreshold ?? 130)
            let v = max(touch + max(1, range * 0.03), min(Double(info.minimum) + range * 0.3, palm * 0.75))
            return Int32(min(v.rounded(), Double(info.maximum)))
        }

        /// Where libinput begins and ends a touch on the pressure axis `info` (`tp_init_pressure`):
        /// the quirk's AttrPressureRange, else 12 % and 10 % of the range, as libinput before 1.25
        /// counts it (maximum less minimum; from 1.25 one unit more, so a unit higher at most).
        func touchPressure(_ info: AbsInfo) -> (high: Int, low: Int) {
            if let range = quirks.pressureRange { return range }
            let range = Double(info.maximum) - Double(info.minimum)
            return (Int(Double(info.minimum) + range * 0.12), Int(Double(info.minimum) + range * 0.10))
        }
    }
}
