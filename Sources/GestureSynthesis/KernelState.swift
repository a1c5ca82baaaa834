import Foundation
import Quirks
import Recordings

extension GestureSynthesizer {
    /// The kernel's view of the device: what each slot, key and axis last reported, so that only
    /// changes are emitted, as evdev does (a protocol A pad repeats its contacts each frame).
    struct KernelState {
        let pad: Pad
        private var slot: Int32 = 0
        private var slots: [[UInt16: Int32]]
        private var keys: [UInt16: Int32] = [:]
        private var axes: [UInt16: Int32] = [:]
        private var nextTrackingID: Int32 = 100
        /// Whether the last frame of a protocol A pad had contacts.
        private var contactsReported = false
        private let hasTimestamp: Bool

        init(pad: Pad) {
            self.pad = pad
            slots = Array(repeating: [Evdev.ABS_MT_TRACKING_ID: -1], count: pad.trackedTouches)
            hasTimestamp = pad.device.has(type: Evdev.EV_MSC, code: Evdev.MSC_TIMESTAMP)
        }

        /// The events of one frame with `touching` down, in slot order, and the key `button` held
        /// (empty when nothing changed).
        mutating func frame(_ touching: [Touching], button: UInt16?, micros: UInt64) -> [EvdevEvent] {
            var events: [EvdevEvent] = []
            let units = touching.map { (x: pad.units($0.point).x, y: pad.units($0.point).y, values: $0.values) }
            var reported: [(x: Int32, y: Int32, values: TouchValues)]
            switch pad.tracking {
            case .multitouch(let count):
                reported = Array(units.prefix(count))
            case .semiMT:
                // The box's corners carry the first contact's pressure and size.
                reported =
                    units.count < 2
                    ? units
                    : [
                        (units.map(\.x).min()!, units.map(\.y).min()!, units[0].values),
                        (units.map(\.x).max()!, units.map(\.y).max()!, units[0].values),
                    ]
            case .singleTouch:
                reported = Array(units.prefix(1))
            case .protocolA:
                reported = units
            }
            if pad.tracking == .protocolA {
                // Protocol A repeats every contact each frame; no contact is one SYN_MT_REPORT.
                for contact in reported {
                    for (code, value) in [(Evdev.ABS_MT_POSITION_X, contact.x), (Evdev.ABS_MT_POSITION_Y, contact.y)]
                        + contact.values.perTouch
                    {
                        events.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
                    }
                    events.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_MT_REPORT, value: 0))
                }
                if reported.isEmpty && contactsReported {
                    events.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_MT_REPORT, value: 0))
                }
                contactsReported = !reported.isEmpty
            } else if pad.tracking != .singleTouch {
                for s in 0..<slots.count {
                    var changes: [EvdevEvent] = []
                    if s < reported.count {
                        var wanted: [(UInt16, Int32)] = []
                        if slots[s][Evdev.ABS_MT_TRACKING_ID] == -1 {
                            wanted.append((Evdev.ABS_MT_TRACKING_ID, nextTrackingID))
                            nextTrackingID = nextTrackingID == Int32.max ? 0 : nextTrackingID + 1
                        }
                        wanted +=
                            [(Evdev.ABS_MT_POSITION_X, reported[s].x), (Evdev.ABS_MT_POSITION_Y, reported[s].y)]
                            + reported[s].values.perTouch
                        for (code, value) in wanted where slots[s][code] != value {
                            slots[s][code] = value
                            changes.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
                        }
                    } else if slots[s][Evdev.ABS_MT_TRACKING_ID] != -1 {
                        slots[s][Evdev.ABS_MT_TRACKING_ID] = -1
                        changes.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID, value: -1))
                    }
                    if !changes.isEmpty && slot != Int32(s) {
                        slot = Int32(s)
                        events.append(EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT, value: slot))
                    }
                    events += changes
                }
            }
            var keyValues: [(UInt16, Int32)] = [(Evdev.BTN_TOUCH, touching.isEmpty ? 0 : 1)]
            for (i, key) in Pad.toolKeys.enumerated() { keyValues.append((key, touching.count == i + 1 ? 1 : 0)) }
            for key in [Evdev.BTN_LEFT, Evdev.BTN_RIGHT, Evdev.BTN_MIDDLE] {
                keyValues.append((key, button == key ? 1 : 0))
            }
            for (code, value) in keyValues
            where pad.device.has(type: Evdev.EV_KEY, code: code) && (keys[code] ?? 0) != value {
                keys[code] = value
                events.append(EvdevEvent(type: Evdev.EV_KEY, code: code, value: value))
            }
            // Single-touch emulation follows the oldest contact, as the kernel's input-mt does; on a
            // semi-MT pad the finger, not the box's corner, as its driver reports it.
            var single: [(UInt16, Int32)] = []
            if let first = units.first {
                single = pad.singleTouchAxes((first.x, first.y))
                if let p = first.values.pressure { single.append((Evdev.ABS_PRESSURE, p)) }
                if let w = pad.contactValue(Evdev.ABS_TOOL_WIDTH, mm: nil) { single.append((Evdev.ABS_TOOL_WIDTH, w)) }
            } else {
                single = [(Evdev.ABS_PRESSURE, 0)]
            }
            for (code, value) in single where pad.device.has(type: Evdev.EV_ABS, code: code) && axes[code] != value {
                axes[code] = value
                events.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
            }
            guard !events.isEmpty else { return [] }
            if hasTimestamp {
                events.append(
                    EvdevEvent(type: Evdev.EV_MSC, code: Evdev.MSC_TIMESTAMP, value: Int32(truncatingIfNeeded: micros)))
            }
            events.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
            return events
        }
    }
}
