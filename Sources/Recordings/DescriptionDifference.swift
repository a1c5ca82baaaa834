/// One way two device descriptions differ in what libinput is given as it opens the device: its
/// name and ids (quirks match on them), its properties and codes, each axis's range, resolution
/// and current value, the switches and LEDs on (where the kernel starts), and the udev
/// properties libinput reads.
public struct DescriptionDifference: Equatable, Sendable {
    /// What differs, grouped as a reader would name it.
    public enum Aspect: String, Sendable, CaseIterable {
        case name, ids, properties, codes
        case axisRanges = "axis ranges"
        case axisValues = "axis values"
        case states
        case udevProperties = "udev properties"
    }

    public var aspect: Aspect
    /// What differs within the aspect: `ABS_MT_SLOT`, `vendor`, `EV_MSC`.
    public var item: String
    /// Each side's value, as text; nil where a side lacks the item.
    public var expectedValue: String?
    public var actualValue: String?

    public init(aspect: Aspect, item: String, expected: String?, actual: String?) {
        self.aspect = aspect
        self.item = item
        self.expectedValue = expected
        self.actualValue = actual
    }

    /// Each side's value as shown: `-` where a side lacks the item.
    public var expected: String { expectedValue ?? "-" }
    public var actual: String { actualValue ?? "-" }

    /// `ABS_MT_SLOT value: 1 against 0`.
    public var text: String { "\(item): \(expected) against \(actual)" }

    /// Where `actual` differs from `expected`, aspect by aspect, each aspect's items sorted.
    /// Fuzz is left out: udev moves a touchpad's position fuzz out of the kernel (into
    /// `LIBINPUT_FUZZ_*`), so a device read from a running system shows 0 where its recording
    /// shows the driver's. `udev` compares the udev properties a system derives for each (off
    /// for a capture of a running system, whose udev gave the device its own).
    public static func between(
        _ expected: DeviceDescription, _ actual: DeviceDescription,
        udev: Bool = true
    ) -> [DescriptionDifference] {
        var out: [DescriptionDifference] = []
        func add(_ aspect: Aspect, _ item: String, _ a: String?, _ b: String?) {
            if a != b { out.append(DescriptionDifference(aspect: aspect, item: item, expected: a, actual: b)) }
        }
        add(.name, "name", "\"\(expected.name)\"", "\"\(actual.name)\"")
        for (item, a, b) in [
            ("bus", expected.bustype, actual.bustype), ("vendor", expected.vendor, actual.vendor),
            ("product", expected.product, actual.product), ("version", expected.version, actual.version),
        ] {
            add(.ids, item, hex(a), hex(b))
        }
        for property in expected.properties.symmetricDifference(actual.properties).sorted() {
            let has = { (d: DeviceDescription) in d.properties.contains(property) ? "set" : nil }
            add(.properties, Evdev.propertyName(property), has(expected), has(actual))
        }
        // EV_SYN's codes are the kernel's own: every device has them, whatever a file lists.
        let types = Set(expected.codes.keys).union(actual.codes.keys).subtracting([Evdev.EV_SYN]).sorted()
        for type in types {
            let a = expected.codes[type] ?? [], b = actual.codes[type] ?? []
            for code in a.symmetricDifference(b).sorted() {
                add(
                    .codes, Evdev.codeName(type: type, code: code), a.contains(code) ? "yes" : nil,
                    b.contains(code) ? "yes" : nil)
            }
        }
        let axes = (expected.codes[Evdev.EV_ABS] ?? []).intersection(actual.codes[Evdev.EV_ABS] ?? []).sorted()
        for code in axes {
            let a = expected.absinfo[code] ?? AbsInfo(minimum: 0, maximum: 0),
                b = actual.absinfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            let name = Evdev.codeName(type: Evdev.EV_ABS, code: code)
            add(.axisRanges, name, range(a), range(b))
            add(.axisValues, name, String(a.value), String(b.value))
        }
        for type in InitialState.types {
            let a = expected.initiallyOn[type], b = actual.initiallyOn[type]
            for code in a.symmetricDifference(b).sorted() {
                add(
                    .states, Evdev.codeName(type: type, code: code), a.contains(code) ? "on" : "off",
                    b.contains(code) ? "on" : "off")
            }
        }
        if udev {
            let a = Dictionary(expected.effectiveUdevProperties) { $1 },
                b = Dictionary(actual.effectiveUdevProperties) { $1 }
            for key in Set(a.keys).union(b.keys).sorted() { add(.udevProperties, key, a[key], b[key]) }
        }
        return out
    }

    private static func hex(_ v: UInt16) -> String { "0x" + String(v, radix: 16) }

    private static func range(_ a: AbsInfo) -> String {
        "\(a.minimum)…\(a.maximum)" + (a.flat != 0 ? " flat \(a.flat)" : "")
            + (a.resolution != 0 ? " resolution \(a.resolution)" : "")
    }
}
