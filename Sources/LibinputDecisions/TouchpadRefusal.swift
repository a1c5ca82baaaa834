import Recordings

/// Why libinput would not make a touchpad of a device, by the checks it runs as it adds one, in
/// their order: it rejects a device with an axis given without its pair, a resolution on one
/// position axis only, or an axis whose range is one value (`evdev_reject_device`, src/evdev.c);
/// it makes a touchpad only of what udev calls one; and its touchpad code needs three codes
/// (`tp_pass_sanity_check`, src/evdev-mt-touchpad.c), once it has given a multitouch device
/// without ABS_X and ABS_Y the multitouch axes as those (`evdev_fix_android_mt`). From 1.31.3 it
/// also rejects an axis whose range is more than half of INT32_MAX (its minimum above its maximum
/// among them, the range taken unsigned), or whose resolution is negative (commit 04abe574
/// "evdev: be stricter about devices with odd absinfo values").
public struct TouchpadRefusal: Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// One of a pair of axes (ABS_X and ABS_Y, REL_X and REL_Y, the multitouch positions)
        /// without the other: rejected without a word in libinput's log.
        case unpaired(type: UInt16, present: UInt16, missing: UInt16)
        /// One position axis with a resolution, the other without.
        case resolutionOnOneAxis(with: UInt16, without: UInt16)
        /// An axis whose minimum is its maximum.
        case flatAxis(UInt16, value: Int32)
        /// An axis whose range, taken unsigned, is more than half of INT32_MAX: a minimum above its
        /// maximum is too (from 1.31.3).
        case extremeRange(UInt16, minimum: Int32, maximum: Int32)
        /// An axis with a negative resolution (from 1.31.3).
        case negativeResolution(UInt16, Int32)
        /// udev calls the device something else, with these ID_INPUT_* kinds.
        case notATouchpad(kinds: [String])
        /// A code libinput's touchpad code needs.
        case missing(type: UInt16, code: UInt16)
    }

    /// Why.
    public let reason: Reason
    /// Where it is decided: `src/evdev.c:1724 (libinput 1.22.1)`, or udev's builtin.
    public let source: String

    /// The first reason libinput (or udev before it) would give, read in the source of `version`
    /// or the nearest version read; nil for a device it makes a touchpad of.
    public static func of(_ device: DeviceDescription, libinput version: String) -> TouchpadRefusal? {
        let book = RuleBook(version: version)
        func refusal(_ reason: Reason, _ file: String, _ lines: [Int]) -> TouchpadRefusal {
            let byVersion = Dictionary(uniqueKeysWithValues: zip(["1.22.1", "1.28.1", "1.31.3"], lines))
            return TouchpadRefusal(reason: reason, source: book.cite(file, byVersion.filter { $0.value > 0 }))
        }
        let fakeMultitouch = device.isFakeMultitouch
        let pairs: [(type: UInt16, UInt16, UInt16, lines: [Int])] =
            [
                (Evdev.EV_ABS, Evdev.ABS_X, Evdev.ABS_Y, [1756, 1773, 1691]),
                (Evdev.EV_REL, Evdev.REL_X, Evdev.REL_Y, [1760, 1777, 1695]),
            ]
            + (fakeMultitouch
                ? [] : [(Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y, [1765, 1782, 1700])])
        for (type, a, b, lines) in pairs where device.has(type: type, code: a) != device.has(type: type, code: b) {
            let (present, missing) = device.has(type: type, code: a) ? (a, b) : (b, a)
            return refusal(.unpaired(type: type, present: present, missing: missing), "evdev.c", lines)
        }
        let resolved: [(UInt16, UInt16, lines: [Int])] =
            [(Evdev.ABS_X, Evdev.ABS_Y, [1772, 1789, 1707])]
            + (fakeMultitouch ? [] : [(Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y, [1784, 1801, 1720])])
        for (x, y, lines) in resolved where device.has(type: Evdev.EV_ABS, code: x) {
            let (rx, ry) = (device.absinfo[x]?.resolution ?? 0, device.absinfo[y]?.resolution ?? 0)
            guard (rx == 0) != (ry == 0) else { continue }
            let (with, without) = rx != 0 ? (x, y) : (y, x)
            return refusal(.resolutionOnOneAxis(with: with, without: without), "evdev.c", lines)
        }
        let strict = !LibinputChange.isBefore(version, "1.31.3")
        for code in (device.codes[Evdev.EV_ABS] ?? []).sorted()
        where ![absMisc, Evdev.ABS_MT_SLOT, Evdev.ABS_MT_TOOL_TYPE].contains(code) {
            guard let info = device.absinfo[code] else { continue }
            // `(uint64_t)maximum - (uint64_t)minimum`: a minimum above the maximum wraps to a huge range.
            if strict && UInt64(bitPattern: Int64(info.maximum) - Int64(info.minimum)) > UInt64(Int32.max / 2) {
                return refusal(
                    .extremeRange(code, minimum: info.minimum, maximum: info.maximum), "evdev.c", [0, 0, 1639])
            }
            // A flat axis at 0 from ABS_MISC up to the slots is only switched off.
            if info.minimum == info.maximum && !(info.minimum == 0 && code >= absMisc && code < Evdev.ABS_MT_SLOT) {
                return refusal(.flatAxis(code, value: info.minimum), "evdev.c", [1724, 1741, 1648])
            }
            if strict && info.resolution < 0 {
                return refusal(.negativeResolution(code, info.resolution), "evdev.c", [0, 0, 1674])
            }
        }
        guard device.isTouchpad else {
            return TouchpadRefusal(
                reason: .notATouchpad(kinds: device.inputKinds),
                source: "udev's input_id builtin (systemd's src/udev/udev-builtin-input_id.c)")
        }
        // `evdev_fix_android_mt`: the multitouch axes stand in for missing single-touch ones.
        let androidX =
            !device.has(type: Evdev.EV_ABS, code: Evdev.ABS_Y) && !fakeMultitouch
            && device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X)
            && device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_Y)
        let needed: [(UInt16, UInt16, lines: [Int])] = [
            (Evdev.EV_ABS, Evdev.ABS_X, [3504, 3533, 3553]), (Evdev.EV_KEY, Evdev.BTN_TOUCH, [3507, 3536, 3556]),
            (Evdev.EV_KEY, Evdev.BTN_TOOL_FINGER, [3510, 3539, 3559]),
        ]
        for (type, code, lines) in needed
        where !device.has(type: type, code: code) && !(code == Evdev.ABS_X && androidX) {
            return refusal(.missing(type: type, code: code), "evdev-mt-touchpad.c", lines)
        }
        return nil
    }

    /// Whether libinput rejects the device whatever it is (`evdev_reject_device`), not only as a
    /// touchpad.
    public var rejectsDevice: Bool {
        switch reason {
        case .unpaired, .resolutionOnOneAxis, .flatAxis, .extremeRange, .negativeResolution: true
        case .notATouchpad, .missing: false
        }
    }

    /// The EV_ABS axis whose range the refusal is about, if one is.
    public var axis: UInt16? {
        switch reason {
        case .flatAxis(let code, _), .extremeRange(let code, _, _), .negativeResolution(let code, _): code
        case .resolutionOnOneAxis(let with, _): with
        case .unpaired(let type, let present, _) where type == Evdev.EV_ABS: present
        case .unpaired, .notATouchpad, .missing: nil
        }
    }

    /// The refusal in one line, with its source.
    public var description: String { "not a touchpad to libinput: \(problem); \(source)" }

    /// What the device has that libinput refuses, in words, without the source.
    public var problem: String {
        func name(_ code: UInt16, _ type: UInt16 = Evdev.EV_ABS) -> String { Evdev.codeName(type: type, code: code) }
        return switch reason {
        case .unpaired(let type, let present, let missing):
            "it has \(name(present, type)) without \(name(missing, type)), and libinput rejects the device"
        case .resolutionOnOneAxis(let with, let without):
            "\(name(with)) has a resolution and \(name(without)) none, and libinput rejects the device"
        case .flatAxis(let code, let value):
            "\(name(code))'s minimum and maximum are both \(value), and libinput rejects the device"
        case .extremeRange(let code, let minimum, let maximum) where minimum > maximum:
            "\(name(code))'s minimum \(minimum) is above its maximum \(maximum), a range libinput takes as more "
                + "than half of INT32_MAX, and it rejects the device"
        case .extremeRange(let code, let minimum, let maximum):
            "\(name(code)) ranges over \(minimum)...\(maximum), more than half of INT32_MAX, and libinput "
                + "rejects the device"
        case .negativeResolution(let code, let resolution):
            "\(name(code))'s resolution is \(resolution), below 0, and libinput rejects the device"
        case .notATouchpad(let kinds):
            "udev would call it " + (kinds.isEmpty ? "nothing libinput reads" : kinds.joined(separator: ", "))
                + ", not a touchpad, which takes ABS_X, ABS_Y and BTN_TOOL_FINGER without INPUT_PROP_DIRECT"
        case .missing(let type, let code):
            "it has no \(name(code, type)), and libinput's touchpad code refuses the device"
        }
    }

    private static let absMisc: UInt16 = 0x28
}
