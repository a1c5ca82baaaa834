import Foundation
import Recordings

/// The libinput device quirks (`/usr/share/libinput/*.quirks`) that change what a synthesized
/// touch means to libinput: the resolution it assumes when the kernel gives none, and its
/// pressure thresholds. Sections that match on DMI or device tree describe particular laptops
/// and are left out: a description alone names no machine.
public struct LibinputQuirks: Sendable {
    /// Units per millimetre libinput uses when the axes have no resolution (`AttrResolutionHint`).
    public var resolutionHint: (x: Int, y: Int)?
    /// The touchpad's size in mm libinput assumes when the axes have no resolution and no
    /// resolution hint is given (`AttrSizeHint`).
    public var sizeHint: (width: Int, height: Int)?
    /// Pressure at which a touch begins and below which it ends (`AttrPressureRange`).
    public var pressureRange: (high: Int, low: Int)?
    /// Whether libinput detects touches by their size (`AttrTouchSizeRange`), and so not by
    /// pressure (`tp_init_touch_size`, where the pad reports ABS_MT_TOUCH_MAJOR).
    public var touchSizeRange = false
    /// Pressure above which a touch is a palm (`AttrPalmPressureThreshold`).
    public var palmPressureThreshold: Int?
    /// Whether libinput takes the pad for Apple's (`ModelAppleTouchpad`, `ModelAppleTouchpadOneButton`),
    /// which from 1.24 scrolls naturally by default (`tp_scroll_config_natural_get_default`).
    public var appleTouchpad = false
    /// Whether it sets `ModelAppleTouchpad` itself, which from 1.24 also turns off edge palm
    /// detection (`tp_init_palmdetect_edge`).
    public var appleTouchpadModel = false
    /// The model quirks set (`ModelChromebook`…), which choose defaults such as the click method
    /// (``Recordings/DeviceDescription/clickMethod(setsModel:asked:)``).
    public var models: Set<String> = []

    public init() {}

    /// Where Debian's libinput keeps its quirks.
    public static let systemDirectory = "/usr/share/libinput"

    /// The quirks for `device` from the `.quirks` files in `directory` (none if it is missing),
    /// later files and sections overriding earlier ones, as libinput applies them.
    public static func load(for device: DeviceDescription, directory: String = systemDirectory) -> LibinputQuirks {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasSuffix(".quirks")
        }.sorted()
        let texts = files.compactMap { try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
        return applying(texts, to: device)
    }

    /// The quirks the texts of `.quirks` files give `device`, in order.
    public static func applying(_ texts: [String], to device: DeviceDescription) -> LibinputQuirks {
        var quirks = LibinputQuirks()
        let kinds = device.inputKinds
        for text in texts {
            for section in sections(text) where section.matches(device, kinds: kinds) {
                for (key, value) in section.attributes { quirks.apply(key, value) }
            }
        }
        return quirks
    }

    /// The quirks that `attributes` (key and value, as a quirks file or `libinput quirks list`
    /// says them) give, later ones overriding earlier ones.
    public init(attributes: [(key: String, value: String)]) {
        for (key, value) in attributes { apply(key, value) }
    }

    /// Takes one attribute; one this type does not hold, or a malformed value, changes nothing.
    private mutating func apply(_ key: String, _ value: String) {
        if key.hasPrefix("Model") {
            if value == "1" { models.insert(key) } else { models.remove(key) }
        }
        let numbers = value.split(whereSeparator: { $0 == "x" || $0 == ":" }).compactMap { Int($0) }
        switch key {
        case "AttrResolutionHint" where numbers.count == 2: resolutionHint = (numbers[0], numbers[1])
        case "AttrPressureRange" where numbers.count == 2: pressureRange = (numbers[0], numbers[1])
        case "AttrSizeHint" where numbers.count == 2 && numbers.allSatisfy({ $0 > 0 }):
            sizeHint = (numbers[0], numbers[1])
        case "AttrPalmPressureThreshold" where numbers.count == 1: palmPressureThreshold = numbers[0]
        case "AttrTouchSizeRange" where numbers.count == 2: touchSizeRange = true
        case "ModelAppleTouchpad": (appleTouchpad, appleTouchpadModel) = (value == "1", value == "1")
        case "ModelAppleTouchpadOneButton": appleTouchpad = value == "1"
        default: break
        }
    }

    struct Section {
        var matches: [(String, String)] = []
        var attributes: [(String, String)] = []

        /// Whether the device `d`, of udev input `kinds` (``DeviceDescription/inputKinds``), matches.
        func matches(_ d: DeviceDescription, kinds: [String]) -> Bool {
            !matches.isEmpty
                && matches.allSatisfy { key, value in
                    switch key {
                    case "MatchName": return fnmatch(value, d.name, 0) == 0
                    case "MatchBus": return Bus.quirkNames[value.lowercased()] == d.bustype
                    case "MatchVendor":
                        return value.split(separator: ";").contains { UInt16($0.dropFirst(2), radix: 16) == d.vendor }
                    case "MatchProduct":
                        return value.split(separator: ";").contains { UInt16($0.dropFirst(2), radix: 16) == d.product }
                    case "MatchVersion": return UInt16(value.dropFirst(2), radix: 16) == d.version
                    case "MatchUdevType": return kinds.contains(LibinputQuirks.udevTypes[value] ?? "")
                    default: return false
                    }
                }
        }
    }

    static let udevTypes = [
        "touchpad": "ID_INPUT_TOUCHPAD", "mouse": "ID_INPUT_MOUSE", "keyboard": "ID_INPUT_KEYBOARD",
        "touchscreen": "ID_INPUT_TOUCHSCREEN",
    ]

    /// The sections of a quirks file, each line cut as libinput's parser cuts it (``QuirksFileCheck``):
    /// a comment after a value is not part of it.
    static func sections(_ text: String) -> [Section] {
        var sections: [Section] = []
        for raw in QuirksFileCheck.lines(of: text) {
            let line = QuirksFileCheck.withoutComment(raw)
            if line.hasPrefix("[") {
                sections.append(Section())
            } else if !sections.isEmpty, let pair = QuirksFileCheck.keyAndValue(line) {
                let key = String(pair.key), value = String(pair.value)
                if key.hasPrefix("Match") {
                    sections[sections.count - 1].matches.append((key, value))
                } else {
                    sections[sections.count - 1].attributes.append((key, value))
                }
            }
        }
        return sections
    }
}
