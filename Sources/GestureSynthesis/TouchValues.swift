import Foundation
import Recordings

extension GestureSynthesizer {
    /// What a finger reports beside its position: its pressure and contact size, on the axes the
    /// device has.
    struct TouchValues {
        /// Each touch's ABS_MT_PRESSURE, ABS_MT_TOUCH_MAJOR and _MINOR, ABS_MT_WIDTH_MAJOR and _MINOR.
        var perTouch: [(UInt16, Int32)]
        /// ABS_PRESSURE, which the single-touch emulation reports for the oldest contact.
        var pressure: Int32?
    }

    /// A finger down: where (mm from the pad's centre) and how it touches.
    struct Touching {
        var point: GestureScript.Point
        var values: TouchValues
    }
}

extension GestureSynthesizer.Pad {
    /// A finger's values when the script says nothing: a pressure libinput counts as a finger,
    /// neither light nor a palm, and an 8 mm contact.
    func touchValues() -> GestureSynthesizer.TouchValues {
        let candidates: [(UInt16, Int32?)] = [
            (Evdev.ABS_MT_PRESSURE, pressure(Evdev.ABS_MT_PRESSURE)),
            (Evdev.ABS_MT_TOUCH_MAJOR, contactValue(Evdev.ABS_MT_TOUCH_MAJOR, mm: 8)),
            (Evdev.ABS_MT_TOUCH_MINOR, contactValue(Evdev.ABS_MT_TOUCH_MINOR, mm: 6)),
            (Evdev.ABS_MT_WIDTH_MAJOR, contactValue(Evdev.ABS_MT_WIDTH_MAJOR, mm: 10)),
            (Evdev.ABS_MT_WIDTH_MINOR, contactValue(Evdev.ABS_MT_WIDTH_MINOR, mm: 8)),
        ]
        return GestureSynthesizer.TouchValues(
            perTouch: candidates.compactMap { code, value in value.map { (code, $0) } },
            pressure: pressure(Evdev.ABS_PRESSURE))
    }

    /// A finger's values as `touch` asks (`pressure=`, `size=`); refused when the device has no
    /// such axis or the value is outside its range.
    func touchValues(
        _ touch: GestureScript.Touch, fail: (String) -> RecordingError
    ) throws(RecordingError) -> GestureSynthesizer.TouchValues {
        var values = touchValues()
        func set(_ code: UInt16, _ value: Int32) {
            if let i = values.perTouch.firstIndex(where: { $0.0 == code }) { values.perTouch[i].1 = value }
        }
        func info(_ code: UInt16) -> AbsInfo? {
            device.has(type: Evdev.EV_ABS, code: code) ? device.absinfo[code] : nil
        }
        if let asked = touch.pressure {
            let multitouch = info(Evdev.ABS_MT_PRESSURE), single = info(Evdev.ABS_PRESSURE)
            guard let axis = multitouch ?? single else {
                throw fail("\(device.name) has no pressure axis (ABS_MT_PRESSURE or ABS_PRESSURE)")
            }
            let name = multitouch == nil ? "ABS_PRESSURE" : "ABS_MT_PRESSURE"
            let range = Double(axis.maximum) - Double(axis.minimum)
            let value: Int32
            switch asked {
            case .units(let v):
                guard axis.minimum...axis.maximum ~= v else {
                    throw fail("pressure=\(v) is outside \(name)'s range, \(axis.minimum) to \(axis.maximum)")
                }
                value = v
            case .fraction(let f): value = Int32((Double(axis.minimum) + f * range).rounded())
            }
            // The single-touch axis reports the same share of its own range.
            let share = range > 0 ? (Double(value) - Double(axis.minimum)) / range : 0
            if multitouch != nil { set(Evdev.ABS_MT_PRESSURE, value) }
            if let single {
                values.pressure = Int32(
                    (Double(single.minimum) + share * (Double(single.maximum) - Double(single.minimum))).rounded())
            }
        }
        if let mm = touch.size {
            guard let axis = info(Evdev.ABS_MT_TOUCH_MAJOR) else {
                throw fail("\(device.name) has no contact size axis (ABS_MT_TOUCH_MAJOR)")
            }
            // Touch major is in the position axes' units (the kernel's multi-touch protocol).
            let units = (mm * unitsPerMM.x).rounded()
            guard units <= Double(axis.maximum) else {
                throw fail(
                    String(
                        format: "size=%gmm is %.0f units, beyond ABS_MT_TOUCH_MAJOR's maximum, %d (%.1f mm)", mm,
                        units, axis.maximum, Double(axis.maximum) / unitsPerMM.x))
            }
            let major = max(Int32(units), axis.minimum)
            set(Evdev.ABS_MT_TOUCH_MAJOR, major)
            // A contact's minor axis is no longer than its major, and the finger's width no less.
            if let minor = values.perTouch.first(where: { $0.0 == Evdev.ABS_MT_TOUCH_MINOR })?.1 {
                set(Evdev.ABS_MT_TOUCH_MINOR, min(minor, major))
            }
            if let width = values.perTouch.first(where: { $0.0 == Evdev.ABS_MT_WIDTH_MAJOR })?.1,
                let widthAxis = info(Evdev.ABS_MT_WIDTH_MAJOR)
            {
                set(Evdev.ABS_MT_WIDTH_MAJOR, min(max(width, major), widthAxis.maximum))
            }
        }
        return values
    }
}
