import Foundation
import KernelEmulation
import LibinputEvents
import Recordings

/// The files that make umockdev present a ``DeviceDescription`` as `/dev/input/eventN`:
/// the sysfs/udev device description, the ioctl tree libevdev reads, and the udev database entry.
///
/// Pure text generation, so it is testable without a testbed.
public struct TestbedFiles: Equatable, Sendable {
    /// `/dev/input/eventN`.
    public var devnode: String
    /// The event device's path under `/sys`: `/devices/virtual/touchsynth/input/inputN/eventN`.
    public var syspath: String
    /// The evdev minor number, 64 + N, with major 13.
    public var minor: Int
    /// N of `/dev/input/eventN`: evdev's minors start at 64.
    public var eventNumber: Int { minor - 64 }
    /// umockdev-record device description (`P:`/`N:`/`E:`/`A:`/`L:` blocks).
    public var umockdevDevice: String
    /// umockdev-record ioctl tree (`@DEV` and one ioctl per line).
    public var ioctlTree: String
    /// Contents of `/run/udev/data/c13:MINOR`: marks the device initialized and carries its properties.
    public var udevDatabase: String
    /// Path of the database entry, relative to the testbed root.
    public var udevDatabasePath: String
    /// Contents of `/run/udev/data/+input:inputN`, the entry of the event device's parent: marks it
    /// initialized, as udev does on a real machine; its properties are in its `uevent`. Without
    /// it libudev looks for the entry again on every property lookup, and libinput asks about the
    /// parent some two hundred times as it adds a touchpad, each a failed open through umockdev.
    public var parentUdevDatabase: String
    /// Path of the parent's database entry, relative to the testbed root.
    public var parentUdevDatabasePath: String

    /// The files for `device` as `/dev/input/event<eventNumber>`.
    public init(device: DeviceDescription, eventNumber: Int) {
        devnode = "/dev/input/event\(eventNumber)"
        syspath = "/devices/virtual/touchsynth/input/input\(eventNumber)/event\(eventNumber)"
        minor = 64 + eventNumber
        let properties = device.effectiveUdevProperties
        umockdevDevice = Self.deviceText(device, eventNumber: eventNumber, minor: minor, properties: properties)
        // As it is made: the state the input core starts it in.
        ioctlTree = Self.ioctlText(device, devnode: devnode, state: InputCoreFilter(device: device).state)
        udevDatabasePath = DeviceNode.udevDatabaseEntry(minor: UInt64(minor))
        var db = "I:1000000\n"
        for (key, value) in properties { db += "E:\(key)=\(value)\n" }
        db += "G:seat\nQ:seat\nV:1\n"
        udevDatabase = db
        parentUdevDatabasePath = "run/udev/data/+input:input\(eventNumber)"
        parentUdevDatabase = "I:1000000\nV:1\n"
    }

    static func deviceText(
        _ d: DeviceDescription, eventNumber n: Int, minor: Int, properties: [(String, String)]
    ) -> String {
        let input = "/devices/virtual/touchsynth/input/input\(n)"
        var s = "P: \(input)/event\(n)\n"
        s += "N: input/event\(n)\n"
        s += "E: DEVNAME=/dev/input/event\(n)\n"
        s += "E: MAJOR=13\nE: MINOR=\(minor)\nE: SUBSYSTEM=input\n"
        for (key, value) in properties { s += "E: \(key)=\(value)\n" }
        s += "A: dev=13:\(minor)\n"
        s += "L: device=../../input\(n)\n\n"

        s += "P: \(input)\n"
        s += "E: NAME=\"\(d.name)\"\n"
        s +=
            "E: PRODUCT="
            + [d.bustype, d.vendor, d.product, d.version].map { String($0, radix: 16) }.joined(separator: "/") + "\n"
        s += "E: PROP=\(sysfsMask(d.properties))\n"
        s += "E: EV=\(sysfsMask(Set(d.codes.keys)))\n"
        for (type, key) in [(Evdev.EV_KEY, "KEY"), (Evdev.EV_REL, "REL"), (Evdev.EV_ABS, "ABS"), (Evdev.EV_MSC, "MSC")]
        {
            if let codes = d.codes[type] { s += "E: \(key)=\(sysfsMask(codes))\n" }
        }
        s += "E: SUBSYSTEM=input\n"
        for (key, value) in properties { s += "E: \(key)=\(value)\n" }
        s += "A: name=\(d.name)\n"
        s += "A: phys=touchsynth/input\(n)\n"
        s += "A: uniq=\n"
        s += "A: properties=\(sysfsMask(d.properties))\n"
        s += String(
            format: "A: id/bustype=%04x\nA: id/vendor=%04x\nA: id/product=%04x\nA: id/version=%04x\n",
            d.bustype, d.vendor, d.product, d.version)
        s += "A: capabilities/ev=\(sysfsMask(Set(d.codes.keys)))\n"
        for (type, key) in [
            (Evdev.EV_KEY, "key"), (Evdev.EV_REL, "rel"), (Evdev.EV_ABS, "abs"), (Evdev.EV_MSC, "msc"),
            (Evdev.EV_SW, "sw"), (Evdev.EV_LED, "led"),
        ] {
            s += "A: capabilities/\(key)=\(sysfsMask(d.codes[type] ?? []))\n"
        }
        return s
    }

    /// A bitmask the way sysfs prints it: 64-bit hex words, most significant first, no leading zeros.
    static func sysfsMask(_ bits: Set<UInt16>) -> String {
        guard let top = bits.max() else { return "0" }
        var words = [UInt64](repeating: 0, count: Int(top) / 64 + 1)
        for b in bits { words[Int(b) / 64] |= 1 << UInt64(b % 64) }
        return words.reversed().map { String($0, radix: 16) }.joined(separator: " ")
    }

    /// The ioctl answers in the order libevdev asks for them. umockdev resumes its search after the
    /// last answered node, so the repeated EVIOCGMTSLOTS entries must follow ascending axis order.
    /// The keys, switches, LEDs, axes and slots answer `state`: as the device is made, or as it
    /// is when a reader resynchronises after SYN_DROPPED or opens it again.
    static func ioctlText(_ d: DeviceDescription, devnode: String, state: KernelDeviceState) -> String {
        var s = "@DEV \(devnode)\n"
        let types = Set(d.codes.keys)
        s += "EVIOCGBIT(0) 8 \(hex(Evdev.bitmask(types, bytes: 8)))\n"
        s += stringIoctl("EVIOCGNAME", d.name)
        s += stringIoctl("EVIOCGPHYS", "touchsynth/\(devnode.split(separator: "/").last ?? "")")
        s += stringIoctl("EVIOCGUNIQ", "")
        s += "EVIOCGID 0 \(hex(le16(d.bustype) + le16(d.vendor) + le16(d.product) + le16(d.version)))\n"
        s += "EVIOCGVERSION 0 \(hex(le32(0x010001)))\n"
        s += "EVIOCGPROP(0) 8 \(hex(Evdev.bitmask(d.properties, bytes: 8)))\n"
        for type in [
            Evdev.EV_REL, Evdev.EV_ABS, Evdev.EV_LED, Evdev.EV_KEY, Evdev.EV_SW, Evdev.EV_MSC, Evdev.EV_FF,
            Evdev.EV_SND,
        ] {
            let bytes = Evdev.bitmaskBytes(ofType: type)
            s += "EVIOCGBIT(\(type)) \(bytes) \(hex(Evdev.bitmask(d.codes[type] ?? [], bytes: bytes)))\n"
        }
        s += "EVIOCGKEY(0) 96 \(hex(Evdev.bitmask(state.keysDown, bytes: 96)))\n"
        s += "EVIOCGLED(0) 8 \(hex(Evdev.bitmask(state.ledsOn, bytes: 8)))\n"
        s += "EVIOCGSW(0) 8 \(hex(Evdev.bitmask(state.switchesOn, bytes: 8)))\n"
        if types.contains(Evdev.EV_REP) {
            s += "EVIOCGREP 0 \(hex(Evdev.softRepeatRates.flatMap { le32(UInt32($0)) }))\n"
        }
        let axes = (d.codes[Evdev.EV_ABS] ?? []).sorted()
        s += absIoctls(d, axes: axes, state: state)
        // Each slot's values at the sizes mtdev (the device's slots) and libevdev (its 256) ask
        // for; each list in ascending axis order.
        if axes.contains(Evdev.ABS_MT_SLOT) {
            for count in Set([d.slotCount, Self.libevdevSlots]).sorted() {
                for code in axes where code > Evdev.ABS_MT_SLOT && code <= 0x3d {
                    let values = (0..<count).map { slot in
                        // The state's slots are the device's own (InputCoreFilter keeps one per slot).
                        slot < d.slotCount ? state.slots[slot][code] ?? 0 : 0
                    }
                    let data = le32(UInt32(code)) + values.flatMap { le32(UInt32(bitPattern: $0)) }
                    s += "EVIOCGMTSLOTS(0) 0 \(hex(data))\n"
                }
            }
        }
        return s + evtestIoctls(d, types: types, axes: axes, state: state)
    }

    /// The slots libevdev asks EVIOCGMTSLOTS for as it resynchronises (`MAX_SLOTS` in
    /// `sync_mt_state`, libevdev/libevdev.c), whatever the device has.
    static let libevdevSlots = 256

    /// Each axis's EVIOCGABS answer: its value in `state`, but the MT axes', which the kernel
    /// keeps per slot and never writes to their absinfo, so that EVIOCGABS answers what the
    /// device was made with; ABS_MT_SLOT's is the slot last told.
    private static func absIoctls(_ d: DeviceDescription, axes: [UInt16], state: KernelDeviceState) -> String {
        axes.map { code in
            let a = d.absinfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            let value = code == Evdev.ABS_MT_SLOT ? state.slot : state.axes[code] ?? a.value
            return "EVIOCGABS(\(code)) 0 \(hex(absinfoBytes(a, value: value, fuzz: d.kernelFuzz(code))))\n"
        }.joined()
    }

    /// The same answers at the sizes evtest asks for (`EVIOCGNAME(256)`, `EVIOCGBIT(0, EV_MAX)`,
    /// `EVIOCGBIT(type, KEY_MAX)`, `EVIOCGPROP(INPUT_PROP_MAX longs)`), in evtest's order, so that
    /// evtest run on a mocked device prints the header people paste into bug reports.
    private static func evtestIoctls(
        _ d: DeviceDescription, types: Set<UInt16>, axes: [UInt16], state: KernelDeviceState
    ) -> String {
        var s =
            "EVIOCGNAME(0) \(d.name.utf8.prefix(255).count + 1) "
            + "\(hex(padded(Array(d.name.utf8.prefix(255)), to: 256)))\n"
        s += "EVIOCGBIT(0) 4 \(hex(Evdev.bitmask(types, bytes: 31)))\n"
        for type in types.sorted() where type != Evdev.EV_SYN {
            s += "EVIOCGBIT(\(type)) 96 \(hex(Evdev.bitmask(d.codes[type] ?? [], bytes: 767)))\n"
            if type == Evdev.EV_ABS { s += absIoctls(d, axes: axes, state: state) }
        }
        s += "EVIOCGPROP(0) 8 \(hex(Evdev.bitmask(d.properties, bytes: 248)))\n"
        return s
    }

    /// `struct input_absinfo` with the fuzz the kernel reports once udev's rule moved a position
    /// axis's into LIBINPUT_FUZZ.
    private static func absinfoBytes(_ a: AbsInfo, value: Int32, fuzz: Int32) -> [UInt8] {
        [value, a.minimum, a.maximum, fuzz, a.flat, a.resolution].flatMap { le32(UInt32(bitPattern: $0)) }
    }

    private static func padded(_ bytes: [UInt8], to count: Int) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: max(0, count - bytes.count))
    }

    /// libevdev asks for strings into a 256-byte buffer (size 255); the answer is padded to match.
    private static func stringIoctl(_ name: String, _ value: String) -> String {
        var bytes = Array(value.utf8.prefix(254))
        let length = bytes.count + 1
        bytes += [UInt8](repeating: 0, count: 255 - bytes.count)
        return "\(name)(0) \(length) \(hex(bytes))\n"
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xff), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xff) } }
    static func hex(_ bytes: [UInt8]) -> String {
        // By table, not String(format:) per byte: the key bitmask alone is 96 bytes, and every
        // replay's start-up writes these tables.
        let digits = Array("0123456789ABCDEF".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
