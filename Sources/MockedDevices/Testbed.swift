import CUmockdev
import Foundation
import OutputFiles
import Recordings

/// A umockdev testbed hosted in this process: the `/sys`, `/dev` and udev database that programs
/// run with libumockdev-preload see, released with this object.
final class Testbed {
    /// Root of the emulated file system.
    let root: String
    private let testbed: UnsafeMutablePointer<UMockdevTestbed>

    /// umockdev keeps state of its own across testbeds (the process's `UMOCKDEV_DIR`, which each
    /// new testbed sets, and lookup tables made on first use), so testbeds of replays that run at
    /// once on several threads are made and given devices one at a time. The variable is set on
    /// the first testbed, before any replay has a program to start; later ones replace its value
    /// in place, which a thread reading the environment meanwhile sees whole, old or new.
    private static let lock = NSLock()

    init() throws(HarnessError) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        try TestbedDirectory.check()
        guard let tb = umockdev_testbed_new() else { throw HarnessError(.system, "umockdev: cannot create a testbed") }
        guard let rootC = umockdev_testbed_get_root_dir(tb) else {
            g_object_unref(UnsafeMutableRawPointer(tb))
            throw HarnessError(.system, "umockdev: testbed has no root directory")
        }
        testbed = tb
        root = String(cString: rootC)
        g_free(rootC)
        TestbedsAtExit.remember(root)
    }

    /// The master ends of the devices' ptys, which umockdev opens and never closes (up to 0.19 its
    /// finalizer leaves them open): a process replaying many recordings would run out of
    /// descriptors.
    private var masters: [Int32] = []
    private var hasDMI = false

    deinit {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        g_object_unref(UnsafeMutableRawPointer(testbed))
        for fd in masters { close(fd) }
        TestbedsAtExit.forget(root)
    }

    /// Presents `files` (the device `name`, as `/dev/input/event<eventNumber>`): its sysfs entries,
    /// ioctl tree and udev database entries. Returns the master end of its emulated pty, non-blocking.
    func add(_ files: TestbedFiles, name: String, eventNumber: Int) throws(HarnessError) -> Int32 {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        var error: UnsafeMutablePointer<GError>?
        guard umockdev_testbed_add_from_string(testbed, files.umockdevDevice, &error) != 0 else {
            throw HarnessError(.system, "umockdev: cannot add device \"\(name)\": \(Self.take(error))")
        }
        // touchsynth-preload's evdev-ioctls.c reads the tree from this path too.
        let ioctlPath = root + "/touchsynth-event\(eventNumber).ioctl"
        let dbPath = root + "/" + files.udevDatabasePath
        do {
            try FileManager.default.createDirectory(
                atPath: (dbPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw HarnessError(.system, "cannot write testbed files under \(root): \(error.localizedDescription)")
        }
        try Self.write(files.ioctlTree, to: ioctlPath)
        try Self.write(files.udevDatabase, to: dbPath)
        try Self.write(files.parentUdevDatabase, to: root + "/" + files.parentUdevDatabasePath)
        guard umockdev_testbed_load_ioctl(testbed, files.devnode, ioctlPath, &error) != 0 else {
            throw HarnessError(.system, "umockdev: cannot load the ioctl tree: \(Self.take(error))")
        }
        let masterFD = umockdev_testbed_get_dev_fd(testbed, files.devnode)
        guard masterFD >= 0 else { throw HarnessError(.system, "umockdev: \(files.devnode) has no emulated pty") }
        // Non-blocking: a program that stops reading must not hang the harness (see writeAll).
        _ = fcntl(masterFD, F_SETFL, fcntl(masterFD, F_GETFL) | O_NONBLOCK)
        masters.append(masterFD)
        return masterFD
    }

    /// Makes `/dev/input/event<eventNumber>`'s evdev ioctls answer `tree` from now on:
    /// touchsynth-preload reads a device's tree again when its file is replaced, so the new one
    /// is written whole beside it and renamed over it, and no reader sees half of it.
    func replaceIoctlTree(_ tree: String, eventNumber: Int) throws(HarnessError) {
        let path = root + "/touchsynth-event\(eventNumber).ioctl"
        try Self.write(tree, to: path + ".new")
        guard rename(path + ".new", path) == 0 else {
            throw HarnessError(.system, "cannot replace \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Makes the emulated system's DMI say `modalias` (`/sys/devices/virtual/dmi/id`, where
    /// libinput's quirks read it as the device's `MODALIAS` property); once per testbed.
    func setDMI(_ modalias: String) throws(HarnessError) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard !hasDMI else { return }
        if let problem = MachineDMI.problem(modalias) { throw HarnessError(.usage, "\(problem), not \(modalias)") }
        var error: UnsafeMutablePointer<GError>?
        let text = "P: /devices/virtual/dmi/id\nE: MODALIAS=\(modalias)\nE: SUBSYSTEM=dmi\nA: modalias=\(modalias)\n"
        guard umockdev_testbed_add_from_string(testbed, text, &error) != 0 else {
            throw HarnessError(.system, "umockdev: cannot add the DMI: \(Self.take(error))")
        }
        hasDMI = true
    }

    /// Takes the device at `syspath` (under `/sys`) out of the emulated `/sys` and `/dev`.
    func removeDevice(syspath: String) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        umockdev_testbed_remove_device(testbed, syspath)
    }

    /// `text` as the file at `path`, with plain calls: Foundation's writes sync the file to disk,
    /// a wait each replay would pay for a directory that is gone when the replay ends.
    private static func write(_ text: String, to path: String) throws(HarnessError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw HarnessError(.system, "cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard writeAll(fd, text) else {
            throw HarnessError(.system, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
