import Foundation
import LibinputEvents

/// What udev would say about a device: the input kinds its input_id builtin assigns, and the
/// properties a system gives it, derived from the description alone.
extension DeviceDescription {
    /// What kind of device udev's input_id builtin would call this, as ID_INPUT_* keys
    /// (`test_pointers`): by its single-touch or its multitouch positions (not a fake multitouch
    /// device's, with ABS_RESERVED), a pen or stylus first, then a finger tool without a pen.
    public var udevInputKinds: [String] {
        let abs = { (code: UInt16) in self.has(type: Evdev.EV_ABS, code: code) }
        let key = { (code: UInt16) in self.has(type: Evdev.EV_KEY, code: code) }
        let hasAbsXY = abs(Evdev.ABS_X) && abs(Evdev.ABS_Y)
        let hasMultitouchXY = hasMultitouchPositions
        let hasRelXY = has(type: Evdev.EV_REL, code: Evdev.REL_X) && has(type: Evdev.EV_REL, code: Evdev.REL_Y)
        let pen = key(0x140) || key(0x14b) // BTN_TOOL_PEN, BTN_STYLUS
        let fingerTool = key(Evdev.BTN_TOOL_FINGER) && !key(0x140)
        let touch = key(Evdev.BTN_TOUCH) || has(property: Evdev.INPUT_PROP_DIRECT)
        var kinds: [String] = []
        if (hasAbsXY || hasMultitouchXY) && pen {
            kinds.append("ID_INPUT_TABLET")
        } else if (hasAbsXY || hasMultitouchXY) && fingerTool && !has(property: Evdev.INPUT_PROP_DIRECT) {
            kinds.append("ID_INPUT_TOUCHPAD")
        } else if (hasAbsXY || hasMultitouchXY) && touch {
            kinds.append("ID_INPUT_TOUCHSCREEN")
        }
        if hasRelXY || (has(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT) && hasAbsXY && kinds.isEmpty) {
            kinds.append("ID_INPUT_MOUSE")
        }
        let keys = codes[Evdev.EV_KEY] ?? []
        if keys.contains(where: { $0 >= 1 && $0 < 0x100 }) { kinds.append("ID_INPUT_KEY") }
        if keys.filter({ $0 >= 1 && $0 <= 0x39 }).count >= 30 { kinds.append("ID_INPUT_KEYBOARD") }
        // A wheel alone counts as keys, and any switch as a switch (builtin_input_id in systemd's
        // src/udev/udev-builtin-input_id.c).
        let wheel = has(type: Evdev.EV_REL, code: Evdev.REL_WHEEL) || has(type: Evdev.EV_REL, code: Evdev.REL_HWHEEL)
        if kinds.isEmpty && wheel { kinds.append("ID_INPUT_KEY") }
        if codes[Evdev.EV_SW] != nil { kinds.append("ID_INPUT_SWITCH") }
        return kinds
    }

    /// The axes whose kernel fuzz libinput's udev rule (90-libinput-fuzz-override) moves into
    /// LIBINPUT_FUZZ_* and sets to 0 in the kernel (`libinput-fuzz-extract`,
    /// `libinput-fuzz-to-zero`): a touchpad's or touchscreen's position axes, where libinput
    /// applies its own hysteresis.
    public var fuzzMovedToUdev: [UInt16] {
        guard udevInputKinds.contains(where: { $0 == "ID_INPUT_TOUCHPAD" || $0 == "ID_INPUT_TOUCHSCREEN" }) else {
            return []
        }
        return [Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y].filter {
            absinfo[$0] != nil
        }
    }

    /// The axis's fuzz as the kernel reports it once udev's rule ran (``fuzzMovedToUdev``).
    public func kernelFuzz(_ code: UInt16) -> Int32 {
        fuzzMovedToUdev.contains(code) ? 0 : absinfo[code]?.fuzz ?? 0
    }

    /// The udev properties a system would give the device: the ID_INPUT_* that udev's input_id
    /// builtin (and hwdb) set, the kernel fuzz that libinput's udev rule moves into
    /// LIBINPUT_FUZZ_* (``fuzzMovedToUdev``), and the recorded ones, sorted by key.
    public var effectiveUdevProperties: [(String, String)] {
        var props: [String: String] = ["ID_INPUT": "1"]
        for kind in udevInputKinds { props[kind] = "1" }
        if [Bus.ps2, Bus.i2c, Bus.host].contains(bustype) {
            // i8042, I2C and host-bus pads are built into the laptop.
            props["ID_INPUT_TOUCHPAD_INTEGRATION"] = "internal"
        }
        for code in fuzzMovedToUdev {
            if let fuzz = absinfo[code]?.fuzz, fuzz != 0 {
                props[String(format: "LIBINPUT_FUZZ_%02x", code)] = String(fuzz)
            }
        }
        for (key, value) in udevProperties where Self.libinputReads(udevProperty: key) {
            props[key] = value
        }
        if props["ID_INPUT_TOUCHPAD"] != "1" {
            props["ID_INPUT_TOUCHPAD_INTEGRATION"] = nil
        }
        return props.sorted { $0.key < $1.key }
    }

    /// Whether libinput reads udev property `key` (ID_INPUT*, LIBINPUT_*, EVDEV_ABS*): those a
    /// recording keeps.
    public static func libinputReads(udevProperty key: String) -> Bool {
        key.hasPrefix("ID_INPUT") || key.hasPrefix("LIBINPUT_") || key.hasPrefix("EVDEV_ABS")
    }

    /// The ID_INPUT_* kinds the device has once its recorded or asked-for udev properties are
    /// laid over udev's own (``effectiveUdevProperties``): what libinput, its quirks and the
    /// commands go by. ``udevInputKinds`` is udev's own alone.
    public var inputKinds: [String] {
        effectiveUdevProperties.filter { $0.0.hasPrefix("ID_INPUT_") && $0.1 == "1" }.map(\.0)
    }

    /// Whether the device is a touchpad to libinput: ID_INPUT_TOUCHPAD=1 in ``inputKinds``.
    public var isTouchpad: Bool { inputKinds.contains("ID_INPUT_TOUCHPAD") }

    /// Whether libinput adds a device of its kinds (``inputKinds``): keys, a pointer, a touchpad,
    /// a touchscreen or a tablet, or a lid or tablet-mode switch (`evdev_configure_device`,
    /// src/evdev.c of 1.22.1); it ignores the others (a joystick, an accelerometer, a headphone jack).
    public var isLibinputDevice: Bool {
        let kinds = inputKinds
        let taken = [
            "ID_INPUT_KEY", "ID_INPUT_KEYBOARD", "ID_INPUT_MOUSE", "ID_INPUT_POINTINGSTICK", "ID_INPUT_TOUCHPAD",
            "ID_INPUT_TOUCHSCREEN", "ID_INPUT_TABLET",
        ]
        let lidOrTabletMode = has(type: Evdev.EV_SW, code: 0x00) || has(type: Evdev.EV_SW, code: 0x01)
        return kinds.contains(where: taken.contains) || (kinds.contains("ID_INPUT_SWITCH") && lidOrTabletMode)
    }
}

extension DeviceDescription {
    /// Why a recording of this device has nothing for an app's pointer or touch events (it holds
    /// no events, or the device is a keyboard or another that neither points nor touches); nil
    /// when it has something.
    public func nothingToShow(hasEvents: Bool) -> String? {
        // By what the device is (udev's own kinds): udev properties that make libinput refuse it
        // are said with libinput's words and those properties.
        let kinds = udevInputKinds
        if !kinds.contains(where: ["ID_INPUT_TOUCHPAD", "ID_INPUT_MOUSE", "ID_INPUT_TOUCHSCREEN"].contains) {
            let kind =
                kinds.contains("ID_INPUT_KEYBOARD")
                ? "a keyboard, no pointer or touchpad" : "neither a pointer, a touchpad nor a touchscreen"
            return "nothing to show: the recording's device (\(name)) is \(kind)"
        }
        return hasEvents ? nil : "nothing to show: the recording of \(name) holds no events"
    }
}

/// A udev property libinput reads, `KEY=VALUE` (`ID_INPUT_*`, `LIBINPUT_*`), as a udev rule or a
/// hwdb entry gives it to a device.
public struct UdevProperty: Equatable, Sendable {
    public var key: String
    public var value: String

    /// The property `KEY=VALUE` names, or what keeps the text from being one libinput reads.
    public init(parsing argument: String) throws(ValueProblem) {
        guard let (key, value) = Self.split(argument) else {
            throw ValueProblem("\(argument.debugDescription) is not KEY=VALUE")
        }
        guard key.hasPrefix("ID_INPUT") || key.hasPrefix("LIBINPUT_") else {
            throw ValueProblem("\(key) is not a property libinput reads: ID_INPUT_* or LIBINPUT_*")
        }
        if let problem = Self.problem(key: key, value: value) { throw ValueProblem(problem) }
        (self.key, self.value) = (key, value)
    }

    /// The first key `properties` gives twice, if any: which value was meant is not for a reader
    /// to guess (the last would silently win), as a recording naming one twice is refused.
    public static func repeatedKey(in properties: [UdevProperty]) -> String? {
        var seen: Set<String> = []
        return properties.first { !seen.insert($0.key).inserted }?.key
    }

    /// The name and value of `NAME=VALUE`, as udev and libinput record write a property; nil
    /// without a name or an `=`.
    public static func split(_ text: String) -> (key: String, value: String)? {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }

    /// What makes `key=value` no udev property, if anything: a key of other than letters, digits and
    /// `_`, or in the value what would end its line (``OneLineText``) in udev's database, one
    /// property a line.
    public static func problem(key: String, value: String) -> String? {
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            return "udev property name \(key.debugDescription) is not letters, digits and _"
        }
        if let breaking = OneLineText.breaking(value) {
            return "udev property \(key) holds \(breaking), in its value \(value.debugDescription)"
        }
        return nil
    }
}
