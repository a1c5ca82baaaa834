import Foundation
import LibinputEvents
import Recordings

/// A kernel evdev node (`/dev/input/eventN`) read directly: its description through the same
/// ioctls libevdev uses, its events through read(2). What `touchsynth record` records from.
public final class EvdevNode {
    /// The node's path.
    public let path: String
    private let fd: Int32

    /// Opens `path` read-only; a missing node is ``RecordingError/Kind/missingFile``, an
    /// unreadable one ``RecordingError/Kind/permission``.
    public init(path: String) throws(RecordingError) {
        self.path = path
        if let (isDirectory, message) = DeviceNode.notANode(path) {
            throw RecordingError(isDirectory ? .missingFile : .badData, file: "", message)
        }
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: throw RecordingError(.missingFile, file: path, "no such device")
            case ENXIO, ENODEV: throw RecordingError(.missingFile, file: path, DeviceNode.noDevice(errno: errno) ?? "")
            case EACCES, EPERM: throw RecordingError(.permission, file: path, "permission denied")
            default: throw RecordingError(.badData, file: path, "cannot open: \(String(cString: strerror(errno)))")
            }
        }
    }

    deinit { close(fd) }

    /// Stamps this descriptor's events on CLOCK_MONOTONIC (`EVIOCSCLOCKID`), the clock libinput
    /// reads its events on; a descriptor's events are on CLOCK_REALTIME by default.
    public func useMonotonicClock() throws(RecordingError) {
        var clock = CLOCK_MONOTONIC
        // _IOW('E', 0xa0, int)
        guard ioctl(fd, UInt(1 << 30 | 4 << 16 | 0x45 << 8 | 0xa0), &clock) == 0 else {
            throw RecordingError(
                .badData, file: path, "cannot set the event clock: \(String(cString: strerror(errno)))")
        }
    }

    /// The descriptor to poll for events.
    public var fileDescriptor: Int32 { fd }

    /// Name, id, supported codes, axes and properties, asked in libevdev's order (the mocked
    /// device's ioctl tree answers in that order), and the udev properties libinput reads
    /// (``udevDatabaseProperties()``).
    public func describe() throws(RecordingError) -> DeviceDescription {
        var device = DeviceDescription(name: try string(Self.request(nr: 0x06, size: 255)))
        let types = try bits(0, bytes: 8)
        let id = try bytes(Self.request(nr: 0x02, size: 8), count: 8)
        func u16(_ i: Int) -> UInt16 { UInt16(id[i]) | UInt16(id[i + 1]) << 8 }
        (device.bustype, device.vendor, device.product, device.version) = (u16(0), u16(2), u16(4), u16(6))
        device.properties = try bitSet(Self.request(nr: 0x09, size: 8), bytes: 8).filter { $0 <= Evdev.propertyMax }
        for type in [
            Evdev.EV_REL, Evdev.EV_ABS, Evdev.EV_LED, Evdev.EV_KEY, Evdev.EV_SW, Evdev.EV_MSC, Evdev.EV_FF,
            Evdev.EV_SND, Evdev.EV_REP,
        ]
        where types.contains(type) {
            // EV_REP has no code bitmask: the kernel's REP_DELAY and REP_PERIOD come with the type.
            device.codes[type] =
                type == Evdev.EV_REP ? [0, 1] : try bits(type, bytes: Evdev.bitmaskBytes(ofType: type))
        }
        device.codes[Evdev.EV_SYN] = [Evdev.SYN_REPORT, Evdev.SYN_DROPPED]
        for code in (device.codes[Evdev.EV_ABS] ?? []).sorted() {
            let raw = try bytes(Self.request(nr: 0x40 + UInt(code), size: 24), count: 24)
            let v = (0..<6).map { i in
                Int32(bitPattern: raw[i * 4..<i * 4 + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            }
            device.absinfo[code] = AbsInfo(
                value: v[0], minimum: v[1], maximum: v[2], fuzz: v[3], flat: v[4], resolution: v[5])
        }
        device.udevProperties = udevDatabaseProperties()
        return device
    }

    /// The node's properties in udev's database (`/run/udev/data/c13:MINOR`, its `E:` lines) that
    /// libinput reads: libinput's own rule moves the position axes' kernel fuzz into
    /// LIBINPUT_FUZZ_* and leaves the kernel's at 0, so a recording without them replays with no
    /// fuzz at all. Empty where udev keeps no entry (a container without udev).
    func udevDatabaseProperties() -> [String: String] {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return [:] }
        // glibc's `minor()`: the number's bits 0-7, then bits 20-43 above them.
        let device = UInt64(status.st_rdev), minor = device & 0xff | (device >> 12) & 0xffff_ff00
        guard let text = try? String(contentsOfFile: "/" + DeviceNode.udevDatabaseEntry(minor: minor), encoding: .utf8)
        else { return [:] }
        var properties: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("E:") {
            let entry = line.dropFirst(2).split(separator: "=", maxSplits: 1).map(String.init)
            if entry.count == 2, DeviceDescription.libinputReads(udevProperty: entry[0]) {
                properties[entry[0]] = entry[1]
            }
        }
        return properties
    }

    /// Reads whatever the kernel has queued, as (µs timestamp, event); empty when nothing is
    /// pending. Throws when the device went away.
    public func readEvents() throws(RecordingError) -> [(time: UInt64, event: EvdevEvent)] {
        var buffer = [UInt8](repeating: 0, count: 24 * 64)
        var out: [(time: UInt64, event: EvdevEvent)] = []
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return out }
                throw RecordingError(.missingFile, file: path, "device gone: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return out }
            for offset in stride(from: 0, to: n - n % 24, by: 24) {
                out.append(
                    buffer.withUnsafeBytes { raw in
                        let sec = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: Int64.self))
                        let usec = UInt64(raw.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self))
                        return (
                            sec &* 1_000_000 &+ usec,
                            EvdevEvent(
                                type: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self),
                                code: raw.loadUnaligned(fromByteOffset: offset + 18, as: UInt16.self),
                                value: raw.loadUnaligned(fromByteOffset: offset + 20, as: Int32.self))
                        )
                    })
            }
            if n < buffer.count { return out }
        }
    }

    /// `_IOC(_IOC_READ, 'E', nr, size)`.
    private static func request(nr: UInt, size: UInt) -> UInt { 2 << 30 | size << 16 | 0x45 << 8 | nr }

    private func bytes(_ request: UInt, count: Int) throws(RecordingError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let rc = buffer.withUnsafeMutableBytes { ioctl(fd, request, $0.baseAddress!) }
        guard rc >= 0 else {
            throw RecordingError(
                .badData, file: path,
                String(format: "not an evdev device (ioctl 0x%lx: %@)", request, String(cString: strerror(errno))))
        }
        return buffer
    }

    private func string(_ request: UInt) throws(RecordingError) -> String {
        let raw = try bytes(request, count: 255)
        return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }

    private func bitSet(_ request: UInt, bytes count: Int) throws(RecordingError) -> Set<UInt16> {
        let raw = try bytes(request, count: count)
        var set = Set<UInt16>()
        for (i, byte) in raw.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(UInt16(i * 8 + bit)) }
        }
        return set
    }

    private func bits(_ type: UInt16, bytes count: Int) throws(RecordingError) -> Set<UInt16> {
        try bitSet(Self.request(nr: 0x20 + UInt(type), size: UInt(count)), bytes: count)
    }
}

extension EvdevNode {
    /// The one touchpad among the event nodes of `directory` this process can read: refused when
    /// there is none (a missing input) or several (a usage error naming them: `--device` chooses).
    public static func onlyTouchpad(in directory: String = "/dev/input") throws(RecordingError) -> String {
        let touchpads = touchpads(in: directory)
        if touchpads.count == 1 { return touchpads[0].path }
        guard !touchpads.isEmpty else {
            throw RecordingError(.missingFile, file: "", "no touchpad found in \(directory); give one with --device")
        }
        let named = touchpads.map { "\($0.path) (\($0.name))" }.joined(separator: ", ")
        throw RecordingError(.usage, file: "", "several touchpads; choose one with --device: \(named)")
    }

    /// The touchpads (as udev's input_id would call them) among the event nodes of `directory`
    /// this process can read, in node order, with their names.
    public static func touchpads(in directory: String = "/dev/input") -> [(path: String, name: String)] {
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("event") }
            .sorted { (Int($0.dropFirst(5)) ?? 0) < (Int($1.dropFirst(5)) ?? 0) }
        return nodes.compactMap { node in
            let path = directory + "/" + node
            guard let d = try? EvdevNode(path: path).describe(), d.isTouchpad else {
                return nil
            }
            return (path, d.name)
        }
    }
}
