import Foundation
import LibinputEvents

/// The Linux evdev vocabulary (linux/input-event-codes.h) that recordings use.
///
/// Kept as plain Swift so that parsing and writing recordings needs no kernel headers.
public enum Evdev {
    public static let EV_SYN: UInt16 = 0x00
    public static let EV_KEY: UInt16 = 0x01
    public static let EV_REL: UInt16 = 0x02
    public static let EV_ABS: UInt16 = 0x03
    public static let EV_MSC: UInt16 = 0x04
    public static let EV_SW: UInt16 = 0x05
    public static let EV_LED: UInt16 = 0x11
    public static let EV_SND: UInt16 = 0x12
    public static let EV_REP: UInt16 = 0x14
    public static let EV_FF: UInt16 = 0x15
    public static let EV_PWR: UInt16 = 0x16
    public static let EV_FF_STATUS: UInt16 = 0x17
    /// The last event type a kernel may have (`EV_MAX`, linux/input-event-codes.h).
    public static let EV_MAX: UInt16 = 0x1f

    /// `REP_DELAY` and `REP_PERIOD` in milliseconds for a device with `EV_REP` whose driver set
    /// none, as no uinput device can: `input_register_device` turns on the input core's own key
    /// repeat at these rates (drivers/input/input.c).
    public static let softRepeatRates: [Int32] = [250, 33]

    public static let MSC_RAW: UInt16 = 0x03
    public static let MSC_SCAN: UInt16 = 0x04
    public static let MSC_TIMESTAMP: UInt16 = 0x05
    public static let SYN_REPORT: UInt16 = 0
    public static let SYN_CONFIG: UInt16 = 1
    public static let SYN_MT_REPORT: UInt16 = 2
    public static let SYN_DROPPED: UInt16 = 3

    public static let ABS_X: UInt16 = 0x00
    public static let ABS_Y: UInt16 = 0x01
    public static let ABS_PRESSURE: UInt16 = 0x18
    public static let ABS_TOOL_WIDTH: UInt16 = 0x1c
    public static let ABS_MT_SLOT: UInt16 = 0x2f
    public static let ABS_MT_TOUCH_MAJOR: UInt16 = 0x30
    public static let ABS_MT_TOUCH_MINOR: UInt16 = 0x31
    public static let ABS_MT_WIDTH_MAJOR: UInt16 = 0x32
    public static let ABS_MT_WIDTH_MINOR: UInt16 = 0x33
    public static let ABS_MT_POSITION_X: UInt16 = 0x35
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36
    public static let ABS_MT_TOOL_TYPE: UInt16 = 0x37
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    public static let ABS_MT_PRESSURE: UInt16 = 0x3a

    public static let BTN_0: UInt16 = 0x100
    public static let BTN_LEFT: UInt16 = 0x110
    public static let BTN_RIGHT: UInt16 = 0x111
    public static let BTN_MIDDLE: UInt16 = 0x112
    public static let BTN_TOOL_FINGER: UInt16 = 0x145
    public static let BTN_TOUCH: UInt16 = 0x14a
    public static let BTN_TOOL_DOUBLETAP: UInt16 = 0x14d
    public static let BTN_TOOL_TRIPLETAP: UInt16 = 0x14e
    public static let BTN_TOOL_QUADTAP: UInt16 = 0x14f
    public static let BTN_TOOL_QUINTTAP: UInt16 = 0x148

    public static let REL_X: UInt16 = 0x00
    public static let REL_Y: UInt16 = 0x01
    public static let REL_HWHEEL: UInt16 = 0x06
    public static let REL_WHEEL: UInt16 = 0x08

    public static let SW_TABLET_MODE: UInt16 = 0x01

    public static let INPUT_PROP_POINTER: UInt16 = 0x00
    public static let INPUT_PROP_DIRECT: UInt16 = 0x01
    public static let INPUT_PROP_BUTTONPAD: UInt16 = 0x02
    public static let INPUT_PROP_SEMI_MT: UInt16 = 0x03
    public static let INPUT_PROP_TOPBUTTONPAD: UInt16 = 0x04
    /// A pad whose pressure is a force, not a contact's size (linux 5.14).
    public static let INPUT_PROP_PRESSUREPAD: UInt16 = 0x07

    /// Highest valid input property (INPUT_PROP_MAX).
    public static let propertyMax: UInt16 = 0x1f

    /// The highest code of an event type (KEY_MAX, ABS_MAX, ...), or nil if the type is unknown.
    public static func maxCode(ofType type: UInt16) -> UInt16? {
        switch type {
        case EV_SYN: return 0x0f
        case EV_KEY: return 0x2ff
        case EV_REL: return 0x0f
        case EV_ABS: return 0x3f
        case EV_MSC: return 0x07
        case EV_SW: return 0x10
        case EV_LED: return 0x0f
        case EV_SND: return 0x07
        case EV_REP: return 0x01
        case EV_FF: return 0x7f
        case EV_PWR: return 0
        case EV_FF_STATUS: return 0x01
        default: return nil
        }
    }

    /// Size in bytes of the kernel bitmask for a type, as libevdev asks for it
    /// (`unsigned long bits[NLONGS(TYPE_CNT)]`), so that EVIOCGBIT requests match exactly.
    public static func bitmaskBytes(ofType type: UInt16) -> Int {
        let count = Int(maxCode(ofType: type) ?? 0) + 1
        return (count + 63) / 64 * 8
    }

    /// A set of codes as the kernel's little-endian bitmask of `bytes` bytes.
    public static func bitmask(_ bits: Set<UInt16>, bytes: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bytes)
        for b in bits where Int(b) / 8 < bytes { out[Int(b) / 8] |= 1 << (b % 8) }
        return out
    }

    /// The symbolic name of an event type (`EV_ABS`), or a hex fallback.
    public static func typeName(_ type: UInt16) -> String {
        typeNames[type] ?? String(format: "EV_0x%02X", type)
    }

    /// The symbolic name of a code (`ABS_MT_POSITION_X`, `BTN_LEFT`), or a hex fallback (a key's
    /// as libinput's events name it, ``EvdevKeyNames/name(_:)``).
    public static func codeName(type: UInt16, code: UInt16) -> String {
        if type == EV_KEY { return EvdevKeyNames.name(UInt32(code)) }
        if let name = codeNames[type]?[code] { return name }
        let prefix = typeName(type).replacingOccurrences(of: "EV_", with: "")
        return "\(prefix)_0x\(String(code, radix: 16, uppercase: true))"
    }

    /// The symbolic name of an input property (`INPUT_PROP_BUTTONPAD`), or a hex fallback.
    public static func propertyName(_ property: UInt16) -> String {
        let names: [UInt16: String] = [
            0: "INPUT_PROP_POINTER", 1: "INPUT_PROP_DIRECT", 2: "INPUT_PROP_BUTTONPAD", 3: "INPUT_PROP_SEMI_MT",
            4: "INPUT_PROP_TOPBUTTONPAD", 5: "INPUT_PROP_POINTING_STICK", 6: "INPUT_PROP_ACCELEROMETER",
            7: "INPUT_PROP_PRESSUREPAD",
        ]
        return names[property] ?? String(format: "INPUT_PROP_0x%02X", property)
    }

    /// The type named `name` (`EV_ABS`).
    public static func typeCode(named name: String) -> UInt16? { typesByName[name] }

    /// The code of `type` named `name` (`ABS_MT_POSITION_X`), also under the names getevent
    /// prints for the first code of a range (`BTN_MOUSE` for `BTN_LEFT`) and for a type's maximum.
    public static func code(named name: String, type: UInt16) -> UInt16? {
        if let code = codesByName[type]?[name] { return code }
        let aliases: [String: UInt16] = [
            "BTN_MISC": 0x100, "BTN_MOUSE": 0x110, "BTN_JOYSTICK": 0x120, "BTN_GAMEPAD": 0x130, "BTN_DIGI": 0x140,
            "KEY_MAX": 0x2ff, "ABS_MAX": 0x3f, "REL_MAX": 0x0f, "SYN_MAX": 0x0f, "MSC_MAX": 0x07,
        ]
        guard let code = aliases[name],
            type
                == (name.hasPrefix("KEY") || name.hasPrefix("BTN")
                    ? EV_KEY : typeCode(named: "EV_" + name.prefix { $0 != "_" }))
        else { return nil }
        return code
    }

    /// The input property named `name` (`INPUT_PROP_BUTTONPAD`).
    public static func propertyCode(named name: String) -> UInt16? {
        (0...propertyMax).first { propertyName($0) == name }
    }

    /// ``typeNames`` by name.
    private static let typesByName = Dictionary(typeNames.map { ($0.value, $0.key) }, uniquingKeysWith: min)

    /// ``codeNames`` by name, each type's: of two codes with one name, the lower.
    private static let codesByName = codeNames.mapValues { names in
        Dictionary(names.map { ($0.value, $0.key) }, uniquingKeysWith: min)
    }

    static let typeNames: [UInt16: String] = [
        0x00: "EV_SYN", 0x01: "EV_KEY", 0x02: "EV_REL", 0x03: "EV_ABS", 0x04: "EV_MSC",
        0x05: "EV_SW", 0x11: "EV_LED", 0x12: "EV_SND", 0x14: "EV_REP", 0x15: "EV_FF",
        0x16: "EV_PWR", 0x17: "EV_FF_STATUS",
    ]

    static let codeNames: [UInt16: [UInt16: String]] = [
        EV_SYN: [0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"],
        EV_KEY: EvdevKeyNames.byCode,
        EV_REL: [
            0x00: "REL_X", 0x01: "REL_Y", 0x02: "REL_Z", 0x03: "REL_RX", 0x04: "REL_RY",
            0x05: "REL_RZ", 0x06: "REL_HWHEEL", 0x07: "REL_DIAL", 0x08: "REL_WHEEL",
            0x09: "REL_MISC", 0x0a: "REL_RESERVED", 0x0b: "REL_WHEEL_HI_RES",
            0x0c: "REL_HWHEEL_HI_RES",
        ],
        EV_ABS: [
            0x00: "ABS_X", 0x01: "ABS_Y", 0x02: "ABS_Z", 0x03: "ABS_RX", 0x04: "ABS_RY",
            0x05: "ABS_RZ", 0x06: "ABS_THROTTLE", 0x07: "ABS_RUDDER", 0x08: "ABS_WHEEL",
            0x09: "ABS_GAS", 0x0a: "ABS_BRAKE", 0x10: "ABS_HAT0X", 0x11: "ABS_HAT0Y",
            0x12: "ABS_HAT1X", 0x13: "ABS_HAT1Y", 0x14: "ABS_HAT2X", 0x15: "ABS_HAT2Y",
            0x16: "ABS_HAT3X", 0x17: "ABS_HAT3Y", 0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE",
            0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y", 0x1c: "ABS_TOOL_WIDTH", 0x20: "ABS_VOLUME",
            0x21: "ABS_PROFILE", 0x28: "ABS_MISC", 0x2e: "ABS_RESERVED", 0x2f: "ABS_MT_SLOT",
            0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR", 0x32: "ABS_MT_WIDTH_MAJOR",
            0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X",
            0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID",
            0x39: "ABS_MT_TRACKING_ID", 0x3a: "ABS_MT_PRESSURE", 0x3b: "ABS_MT_DISTANCE",
            0x3c: "ABS_MT_TOOL_X", 0x3d: "ABS_MT_TOOL_Y",
        ],
        EV_MSC: [
            0: "MSC_SERIAL", 1: "MSC_PULSELED", 2: "MSC_GESTURE", 3: "MSC_RAW", 4: "MSC_SCAN",
            5: "MSC_TIMESTAMP",
        ],
        EV_SW: [0: "SW_LID", 1: "SW_TABLET_MODE", 2: "SW_HEADPHONE_INSERT"],
        EV_LED: [0: "LED_NUML", 1: "LED_CAPSL", 2: "LED_SCROLLL"],
        EV_REP: [0: "REP_DELAY", 1: "REP_PERIOD"],
    ]
}

extension Evdev {
    /// A frame's events by name, `ABS_MT_SLOT 1, ABS_MT_POSITION_X 880`, without its SYN_REPORT.
    public static func frameText(_ events: [EvdevEvent]) -> String {
        events.filter { $0.type != EV_SYN || $0.code != SYN_REPORT }
            .map { "\(codeName(type: $0.type, code: $0.code)) \($0.value)" }.joined(separator: ", ")
    }
}
