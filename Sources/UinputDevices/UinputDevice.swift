import CUinput
import Foundation
import Recordings

#if canImport(Glibc)
import Glibc
#endif

/// Why a uinput device could not be made or written: the kind of problem, for the program to act
/// on, and one line for a person.
public struct UinputError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        /// This user may not write the uinput node.
        case permission
        /// There is no uinput node: the kernel module is not loaded.
        case unavailable
        /// The path given for the uinput node is not a character device (a file, a directory, a
        /// FIFO), or, other than uinput's own paths, not there: a mistyped path, not a missing module.
        case notADevice
        /// A system call failed.
        case system
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// A kernel input device made through `/dev/uinput`: every program reading evdev (libinput, a
/// compositor, an Android container) sees it as real hardware. It goes away on ``destroy()``,
/// or when this process ends in any way (the kernel removes it when the fd closes).
public final class UinputDevice {
    /// `/dev/input/eventN`, once udev or devtmpfs made the node.
    public let devnode: String
    /// What of the description the device leaves out, one line each: its force feedback
    /// (`EV_FF`). uinput hands a device's effect uploads to the program that made it, and each
    /// waits up to 30 s for an answer this one never gives; a device with `EV_FF` and no effect
    /// slots is refused outright.
    public let notes: [String]
    private var fd: Int32

    /// Creates the device `description` describes: its event types and codes, axes (each with its
    /// current value, range, fuzz, flat and resolution), properties, and the switches and LEDs on
    /// as its recording began; all but force feedback.
    public init(_ description: DeviceDescription, path: String = "/dev/uinput") throws(UinputError) {
        fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            switch code {
            // A path that is no device is the wrong path, which the advice on uinput's permissions would not mend.
            case EACCES, EPERM:
                if let wrongPath = Self.notADevice(path) { throw wrongPath }
                throw UinputError(.permission, "cannot open \(path): permission denied")
            // A path of the user's that is not there is a typo, not a missing module.
            case ENOENT where !["/dev/uinput", "/dev/input/uinput"].contains(path):
                throw UinputError(.notADevice, "\(path): no such file")
            // A FIFO without a reader says ENXIO too: what the path is tells them apart.
            case ENOENT, ENODEV, ENXIO:
                if let wrongPath = Self.notADevice(path) { throw wrongPath }
                throw UinputError(.unavailable, "no \(path)")
            case EISDIR:
                throw UinputError(.notADevice, "\(path) is a directory, not the uinput device")
            default:
                throw UinputError(.system, "cannot open \(path): \(String(cString: strerror(code)))")
            }
        }
        if let wrongPath = Self.notADevice(path) {
            close(fd)
            throw wrongPath
        }
        notes =
            description.codes[Evdev.EV_FF] == nil
            ? [] : ["the device is made without its force feedback (EV_FF): no player answers uploads"]
        do {
            try Self.setUp(fd, description, path: path)
            devnode = try Self.findDevnode(fd)
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { destroy() }

    /// Why `path` is the wrong path, when it is there and not a character device: what it is ("a
    /// file", "a FIFO"…), not the uinput device.
    private static func notADevice(_ path: String) -> UinputError? {
        var found = stat()
        guard stat(path, &found) == 0 else { return nil }
        let what: String
        switch found.st_mode & S_IFMT {
        case S_IFCHR: return nil
        case S_IFDIR: what = "a directory"
        case S_IFIFO: what = "a FIFO"
        case S_IFSOCK: what = "a socket"
        case S_IFBLK: what = "a block device"
        default: what = "a file"
        }
        return UinputError(.notADevice, "\(path) is \(what), not the uinput device")
    }

    /// Writes one frame (or several); the kernel stamps the time.
    public func write(_ events: [EvdevEvent]) throws(UinputError) {
        guard fd >= 0 else { throw UinputError(.system, "the uinput device is gone") }
        let raw = events.map { ts_uinput_event(type: $0.type, code: $0.code, value: $0.value) }
        let rc = raw.withUnsafeBufferPointer { ts_uinput_write(fd, $0.baseAddress, Int32($0.count)) }
        if rc != 0 { throw UinputError(.system, "writing to uinput: \(String(cString: strerror(errno)))") }
    }

    /// Removes the device from the system (idempotent).
    public func destroy() {
        guard fd >= 0 else { return }
        _ = ts_uinput_destroy(fd)
        close(fd)
        fd = -1
    }

    private static func setUp(_ fd: Int32, _ d: DeviceDescription, path: String) throws(UinputError) {
        func check(_ rc: Int32, _ what: String) throws(UinputError) {
            guard rc < 0 else { return }
            // A character device that takes no uinput request (`/dev/null`, a tty) is a wrong path.
            if errno == ENOTTY {
                throw UinputError(.notADevice, "\(path) is a character device that is not uinput (it refuses \(what))")
            }
            throw UinputError(.system, "uinput: \(what): \(String(cString: strerror(errno)))")
        }
        let withCodes = [
            Evdev.EV_KEY, Evdev.EV_ABS, Evdev.EV_REL, Evdev.EV_MSC, Evdev.EV_LED, Evdev.EV_SND, Evdev.EV_SW,
        ]
        for (type, codes) in d.codes.sorted(by: { $0.key < $1.key }) where type != Evdev.EV_SYN && type != Evdev.EV_FF {
            try check(ts_uinput_enable_type(fd, Int32(type)), "enabling \(Evdev.typeName(type))")
            for code in codes.sorted() where withCodes.contains(type) {
                try check(
                    ts_uinput_enable_code(fd, Int32(type), Int32(code)),
                    "enabling \(Evdev.codeName(type: type, code: code))")
            }
        }
        for property in d.properties.sorted() {
            try check(ts_uinput_enable_property(fd, Int32(property)), "setting property \(property)")
        }
        for (code, info) in d.absinfo.sorted(by: { $0.key < $1.key }) where d.has(type: Evdev.EV_ABS, code: code) {
            let setUp = ts_uinput_abs_setup(
                fd, code, info.value, info.minimum, info.maximum, info.fuzz, info.flat, info.resolution)
            try check(setUp, "setting up axis \(code)")
        }
        try check(ts_uinput_create(fd, d.name, d.bustype, d.vendor, d.product, d.version), "creating the device")
        // uinput sets no switch or LED state: a first frame does, written as soon as the device
        // is made, before a reader waiting for udev's announcement (libinput) opens it.
        let on = InitialState.types.flatMap { type in
            d.initiallyOn[type].sorted().map { ts_uinput_event(type: type, code: $0, value: 1) }
        }
        guard !on.isEmpty else { return }
        let frame = on + [ts_uinput_event(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)]
        try check(
            frame.withUnsafeBufferPointer { ts_uinput_write(fd, $0.baseAddress, Int32($0.count)) }, "setting its state")
    }

    /// The event node under /sys/devices/virtual/input/inputN, waited for briefly: the kernel
    /// names it at once, devtmpfs or udev make the node a moment later.
    private static func findDevnode(_ fd: Int32) throws(UinputError) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard ts_uinput_sysname(fd, &buffer, UInt32(buffer.count)) >= 0 else {
            throw UinputError(.system, "uinput: UI_GET_SYSNAME: \(String(cString: strerror(errno)))")
        }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let sysdir = "/sys/devices/virtual/input/" + name
        for _ in 0..<200 {
            if let event = (try? FileManager.default.contentsOfDirectory(atPath: sysdir))?.first(where: {
                $0.hasPrefix("event")
            }),
                FileManager.default.fileExists(atPath: "/dev/input/" + event)
            {
                return "/dev/input/" + event
            }
            usleep(10_000)
        }
        throw UinputError(.system, "uinput made \(sysdir) but no /dev/input/event node appeared within 2 s")
    }
}
