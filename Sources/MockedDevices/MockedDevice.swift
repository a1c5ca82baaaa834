import CUmockdev
import Foundation
import Recordings

#if canImport(Glibc)
import Glibc
#endif

/// Why the mocked-device harness could not run.
public struct HarnessError: Error, CustomStringConvertible, Sendable {
    public var message: String
    /// sysexits: 69 (EX_UNAVAILABLE) for missing parts, 71 (EX_OSERR) for system failures.
    public var exitCode: Int32
    /// The program's own exit status, when it ended before it was ready: a program that signals
    /// its readiness itself has then said why on its stderr, or stopped as asked (0).
    public var programStatus: Int32?

    public init(_ message: String, exitCode: Int32 = 71, programStatus: Int32? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.programStatus = programStatus
    }

    public var description: String { message }
}

/// How a replay went, measured by the harness.
public struct ReplayReport: Sendable {
    /// Exit status of the program (128 + signal if it was killed by one).
    public var exitStatus: Int32
    /// Frames written (a frame the kernel would drop whole is not).
    public var framesDelivered: Int
    /// Delay between each frame's scheduled write (``ReplayTiming/writeAhead`` before its
    /// timestamp) and the write, in microseconds.
    public var lateness: DelayHistogram
    /// Worst delay between a frame's scheduled write and the write, in microseconds.
    public var maxLatenessMicros: Int64 { lateness.maximum }
    /// From starting the program to its exit, in seconds.
    public var wallSeconds: Double
    /// From starting the program to it being ready for the first frame, in seconds.
    public var startupSeconds: Double
    /// The program's peak resident memory in KiB (``PeakMemory``), read as it ran until it was
    /// asked to stop; nil if it was never read.
    public var programPeakKiB: Int?
    /// SIGINT or SIGTERM, when this process got one during the run and passed it on to the
    /// program: the run ended early, on the user's word.
    public var interruption: Int32?
}

/// Delays in whole units (microseconds for frame lateness, nanoseconds for translation
/// latency): exact below 100,000 units, counted above; constant memory however long the replay.
public struct DelayHistogram: Sendable {
    private var counts = [Int](repeating: 0, count: 100_001)
    /// Delays counted.
    public private(set) var count = 0
    /// The longest delay.
    public private(set) var maximum: Int64 = 0

    public init() {}

    /// Counts one delay (negative counts as none).
    public mutating func add(_ delay: Int64) {
        counts[Int(min(max(delay, 0), Int64(counts.count - 1)))] += 1
        count += 1
        maximum = max(maximum, delay)
    }

    /// Adds another histogram's delays.
    public mutating func merge(_ other: DelayHistogram) {
        for i in counts.indices { counts[i] += other.counts[i] }
        count += other.count
        maximum = max(maximum, other.maximum)
    }

    /// The delay `fraction` (0...1) of the delays were at or below.
    public func percentile(_ fraction: Double) -> Int64 {
        guard count > 0 else { return 0 }
        let rank = Int((Double(count) * fraction).rounded(.up))
        var seen = 0
        for (micros, n) in counts.enumerated() {
            seen += n
            if seen >= max(rank, 1) { return Int64(micros) }
        }
        return maximum
    }
}

/// Timing of a replay.
public struct ReplayTiming: Sendable {
    /// Pause between the program being ready and the first frame. With ``MockedDevice/Readiness/deviceOpened``
    /// it covers libinput's set-up after the open (quirks, configuration), tens of milliseconds.
    public var leadIn: Duration = .milliseconds(150)
    /// Time after the last frame for libinput's timers (tap 180 ms, hold, gesture decisions) to fire.
    public var tail: Duration = .milliseconds(300)
    /// How long the program may take to open the device.
    public var openTimeout: Duration = .seconds(10)
    /// Playback speed: 2 delivers the frames twice as fast, their timestamps as close together.
    public var speed = 1.0
    /// How long before its timestamp each frame (and each SYN_DROPPED) is written; a removal,
    /// which has none, comes at its instant. libinput runs a timer that expires before a
    /// frame's timestamp ahead of the frame whenever it reads the frame late
    /// (`libinput_timer_flush`), but it cannot know of a frame not yet readable: a
    /// timer expiring just after a frame's timestamp fires first if the frame arrives after it.
    /// A real evdev node is read within microseconds; the harness's writes come 0.15 ms late
    /// (p50) and the pty hands data on from a work queue, 0.57 ms from timestamp to app event
    /// (p50, 0.87 ms p99), so a hold timer 0.19 ms after a finger's lift fired before the lift
    /// here and not in the VM (README, VM tier). Written this far ahead, libinput handles each
    /// frame and timer in the order of their times, as a prompt reader would.
    public var writeAhead: Duration = .milliseconds(2)

    public init() {}

    /// Timing for a program that reports its own readiness: only a short pause is needed.
    public static var programSignalsReady: ReplayTiming {
        var timing = ReplayTiming()
        timing.leadIn = .milliseconds(20)
        return timing
    }
}

/// A fault the harness injects into a replay, at an instant on the recording's clock
/// (microseconds since its first frame).
public enum ReplayFault: Equatable, Sendable {
    /// The device is unplugged: its node and sysfs entries go and udev announces the removal, as
    /// when a Bluetooth or USB touchpad disconnects. Its remaining frames are not delivered.
    case removal(devnode: String, at: UInt64)
    /// The kernel's event buffer overflowed: the frames due within `lost` microseconds from `at`
    /// never arrive, and the reader gets SYN_DROPPED instead. libevdev then re-reads the device
    /// state through ioctls. The mocked device answers the key and axis ioctls with its initial
    /// state and, as umockdev 0.17 cannot answer EVIOCGMTSLOTS at libevdev's size, libevdev keeps
    /// its touch slots: libinput resumes from the frames after the gap, with what moved during it
    /// arriving as one jump.
    case synDropped(devnode: String, at: UInt64, lost: UInt64)

    var devnode: String {
        switch self {
        case .removal(let devnode, _), .synDropped(let devnode, _, _): devnode
        }
    }

    var time: UInt64 {
        switch self {
        case .removal(_, let time), .synDropped(_, let time, _): time
        }
    }
}

/// Recorded devices that real libinput opens as `/dev/input/eventN`, without root.
///
/// A umockdev testbed in this process emulates `/sys`, `/dev/input/eventN` (a pty whose master end
/// this object writes) and the evdev ioctls. Programs run under it with `LD_PRELOAD` set to
/// touchsynth-preload (which covers two gaps of umockdev 0.17) ahead of libumockdev-preload.
/// The testbed holds one device, or several (``addDevice(recording:eventNumber:)``) whose frames
/// are delivered in one time order, like a touchpad and a keyboard on one laptop.
public final class MockedDevice {
    /// One device of the testbed, and where its frames come from.
    private final class Node {
        let device: DeviceDescription
        let files: TestbedFiles
        let masterFD: Int32
        let frames: any FrameSource
        /// Its next frame, read ahead so that devices can be merged in time order.
        var next: EvdevFrame?
        var removed = false
        /// What a kernel would pass on of each frame.
        var inputCore: InputCoreFilter

        init(device: DeviceDescription, files: TestbedFiles, masterFD: Int32, frames: any FrameSource) {
            self.device = device
            self.files = files
            self.masterFD = masterFD
            self.frames = frames
            inputCore = InputCoreFilter(device: device)
        }
    }

    private var nodes: [Node] = []
    private let testbed: OpaquePointer
    /// Root of the emulated file system.
    public let root: String
    /// Injected in ``run(_:timing:readiness:standardOutput:)``.
    public var faults: [ReplayFault] = []
    /// Frames go through ``InputCoreFilter``, as a driver's events through the kernel's input
    /// core. Off for a recording of what a kernel already delivered (`libinput record`), whose
    /// values a second pass would damp again where an axis has fuzz.
    public var filtersLikeKernel = true

    /// The first device the testbed presents.
    public var device: DeviceDescription { nodes[0].device }
    /// The testbed files the first device is made of.
    public var files: TestbedFiles { nodes[0].files }
    /// The node programs open for the first device: `/dev/input/eventN`.
    public var devnode: String { nodes[0].files.devnode }
    /// Every device's node, in the order they were added.
    public var devnodes: [String] { nodes.map(\.files.devnode) }

    /// Sets up the testbed for `recording` as `/dev/input/event<eventNumber>`.
    public convenience init(recording: Recording, eventNumber: Int = 10) throws(HarnessError) {
        try Self.checkDuration(recording)
        try self.init(device: recording.device, frames: FrameList(recording.frames), eventNumber: eventNumber)
    }

    /// Sets up the testbed for a recording read as it plays (a ``RecordingStream``), so that
    /// memory does not grow with the recording's length.
    public convenience init(stream: RecordingStream, eventNumber: Int = 10) throws(HarnessError) {
        try self.init(device: stream.device, frames: stream, eventNumber: eventNumber)
    }

    /// The device for a recording file: read whole when it is small, else checked in a first
    /// pass (so any error comes before the first frame) and then read again as it plays, so
    /// memory does not grow with the recording's length.
    public static func forFile(_ path: String, description: String? = nil, eventNumber: Int = 10) throws -> MockedDevice {
        let (device, frames) = try source(forFile: path, description: description)
        return try MockedDevice(device: device, frames: frames, eventNumber: eventNumber)
    }

    /// Adds another device to the testbed, as `/dev/input/event<eventNumber>`; its frames play
    /// on the same clock as the others'. Returns its node.
    @discardableResult
    public func addDevice(recording: Recording, eventNumber: Int) throws(HarnessError) -> String {
        try Self.checkDuration(recording)
        return try addNode(device: recording.device, frames: FrameList(recording.frames), eventNumber: eventNumber)
    }

    /// ``addDevice(recording:eventNumber:)`` for a recording file, streamed when it is large.
    @discardableResult
    public func addDevice(file path: String, eventNumber: Int) throws -> String {
        let (device, frames) = try Self.source(forFile: path, description: nil)
        return try addNode(device: device, frames: frames, eventNumber: eventNumber)
    }

    /// Files above this size (bytes) are streamed.
    public static let streamingThreshold = 8 << 20

    private static func source(forFile path: String, description: String?) throws -> (DeviceDescription, any FrameSource) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > streamingThreshold else {
            let recording = try RecordingLoader.load(path, description: description)
            try checkDuration(recording)
            return (recording.device, FrameList(recording.frames))
        }
        let check = try RecordingStream(path: path, description: description)
        while try check.nextFrame() != nil {}
        let stream = try RecordingStream(path: path, description: description)
        return (stream.device, stream)
    }

    private static func checkDuration(_ recording: Recording) throws(HarnessError) {
        guard recording.duration <= RecordingStream.longestRecording else {
            throw HarnessError("the recording spans \(recording.duration / 3_600_000_000) hours; replays are limited to 24 hours", exitCode: 65)
        }
    }

    private init(device: DeviceDescription, frames: any FrameSource, eventNumber: Int) throws(HarnessError) {
        guard let tb = umockdev_testbed_new() else { throw HarnessError("umockdev: cannot create a testbed") }
        testbed = OpaquePointer(tb)
        guard let rootC = umockdev_testbed_get_root_dir(tb) else {
            g_object_unref(UnsafeMutableRawPointer(tb))
            throw HarnessError("umockdev: testbed has no root directory")
        }
        root = String(cString: rootC)
        g_free(rootC)
        // From here deinit releases the testbed.
        try addNode(device: device, frames: frames, eventNumber: eventNumber)
    }

    @discardableResult
    private func addNode(device: DeviceDescription, frames: any FrameSource, eventNumber: Int) throws(HarnessError) -> String {
        guard (0...Self.highestEventNumber).contains(eventNumber) else {
            throw HarnessError("event number \(eventNumber) is outside 0...\(Self.highestEventNumber)", exitCode: 64)
        }
        let files = TestbedFiles(device: device, eventNumber: eventNumber)
        guard !nodes.contains(where: { $0.files.devnode == files.devnode }) else {
            throw HarnessError("\(files.devnode) is already in the testbed", exitCode: 64)
        }
        let tb = UnsafeMutablePointer<UMockdevTestbed>(testbed)
        var error: UnsafeMutablePointer<GError>?
        guard umockdev_testbed_add_from_string(tb, files.umockdevDevice, &error) != 0 else {
            throw HarnessError("umockdev: cannot add device \"\(device.name)\": \(Self.take(error))")
        }
        let ioctlPath = root + "/touchsynth-event\(eventNumber).ioctl"
        let dbPath = root + "/" + files.udevDatabasePath
        do {
            try files.ioctlTree.write(toFile: ioctlPath, atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: (dbPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try files.udevDatabase.write(toFile: dbPath, atomically: true, encoding: .utf8)
        } catch {
            throw HarnessError("cannot write testbed files under \(root): \(error.localizedDescription)")
        }
        guard umockdev_testbed_load_ioctl(tb, files.devnode, ioctlPath, &error) != 0 else {
            throw HarnessError("umockdev: cannot load the ioctl tree: \(Self.take(error))")
        }
        let masterFD = umockdev_testbed_get_dev_fd(tb, files.devnode)
        guard masterFD >= 0 else { throw HarnessError("umockdev: \(files.devnode) has no emulated pty") }
        // Non-blocking: a program that stops reading must not hang the harness (see writeAll).
        _ = fcntl(masterFD, F_SETFL, fcntl(masterFD, F_GETFL) | O_NONBLOCK)
        nodes.append(Node(device: device, files: files, masterFD: masterFD, frames: frames))
        return files.devnode
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(testbed))
    }

    /// touchsynth-preload recognises /dev/input/event0...event1000.
    public static let highestEventNumber = 1000

    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// The environment a program needs to see the mocked device.
    public func environment(preload: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        let existing = env["LD_PRELOAD"].map { ":" + $0 } ?? ""
        env["LD_PRELOAD"] = "\(preload):libumockdev-preload.so.0\(existing)"
        env["UMOCKDEV_DIR"] = root
        return env
    }

    /// When the program is ready for the first frame.
    public enum Readiness: Sendable {
        /// When it opens the device (touchsynth-preload reports the open); for any program.
        case deviceOpened
        /// When it says so itself, through ``notifyReadyIfAsked()``, after libinput set the device up.
        case programSignals
    }

    /// Runs `command` against the device: starts it, waits until it is ready, delivers every frame
    /// on schedule, lets timers fire, then stops it with SIGINT and waits for it. SIGINT and SIGTERM
    /// sent to this process are passed on to the program, which ends the run early.
    /// `standardOutput`, if given, becomes the command's stdout; otherwise it shares this process's.
    public func run(_ command: [String], timing: ReplayTiming = ReplayTiming(), readiness: Readiness = .deviceOpened,
                    standardOutput: Int32? = nil) throws(HarnessError) -> ReplayReport {
        var faults: [(node: Node, fault: ReplayFault)] = []
        for fault in self.faults.sorted(by: { $0.time < $1.time }) {
            guard let node = nodes.first(where: { $0.files.devnode == fault.devnode }) else {
                throw HarnessError("no device \(fault.devnode) in the testbed to inject a fault into", exitCode: 64)
            }
            faults.append((node, fault))
        }
        let preload = try Self.locatePreload()
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw HarnessError("pipe: \(String(cString: strerror(errno)))") }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(pipeFDs[0]) }
        let notifyFD: Int32 = 3
        var env = environment(preload: preload)
        env["TOUCHSYNTH_NOTIFY_FD"] = String(notifyFD)
        env[Self.writeAheadVariable] = String(timing.writeAhead.nanoseconds / 1000)
        if readiness == .programSignals { env["TOUCHSYNTH_NOTIFY_BY_PROGRAM"] = "1" }

        let started = Clock.now()
        let pid: pid_t
        do {
            pid = try Self.spawn(command, env: env, notifyWrite: pipeFDs[1], notifyFD: notifyFD, standardOutput: standardOutput)
        } catch {
            close(pipeFDs[1])
            throw error
        }
        close(pipeFDs[1])
        let forwarding = SignalForwarding(to: pid)
        var status: Int32?
        // Whatever ends the run, the program does not outlive it (nor its testbed).
        defer {
            if status == nil { _ = Self.stop(pid) }
            forwarding.end()
        }

        if let early = try waitForReady(pid: pid, notifyRead: pipeFDs[0], timeout: timing.openTimeout) {
            status = early
            // Stopped on the user's word before it was ready: a run interrupted before its first
            // frame, not a program that failed.
            if let signal = forwarding.received {
                let wall = Double(Clock.now() - started) / 1e9
                return ReplayReport(exitStatus: early, framesDelivered: 0, lateness: DelayHistogram(), wallSeconds: wall,
                                    startupSeconds: wall, programPeakKiB: nil, interruption: signal)
            }
            throw HarnessError("\(command.joined(separator: " ")) exited (status \(early)) before it was ready for \(devnode)",
                               exitCode: early == 0 ? 70 : early, programStatus: early)
        }

        let ready = Clock.now()
        let origin = ready + timing.leadIn.nanoseconds
        var lateness = DelayHistogram()
        var delivered = 0
        var buffer: [UInt8] = []
        var passed: [EvdevEvent] = []
        var pendingFaults = faults[...]
        var memory = PeakSampler()
        for node in nodes { node.next = try readFrame(of: node) }
        while let next = try nextStep(&pendingFaults) {
            let due = origin + Int64(Double(next.time) * 1000 / timing.speed)
            // A removal has no timestamp for libinput to order by: it comes at its instant, after
            // every timer due before it, as a real unplug does.
            let isRemoval = if case .removal = next.step { true } else { false }
            let write = isRemoval ? due : due - timing.writeAhead.nanoseconds
            if let ended = Self.sleep(until: write, watching: pid) {
                status = ended
                break
            }
            buffer.removeAll(keepingCapacity: true)
            let target: Node
            switch next.step {
            case .frame(let node, let frame):
                lateness.add((Clock.now() - write) / 1000)
                // Stamped with the instant the frame is due: libinput's timers run from these times, so
                // they must be real CLOCK_MONOTONIC times and keep the recording's exact spacing.
                passed.removeAll(keepingCapacity: true)
                if filtersLikeKernel { node.inputCore.pass(frame.events, into: &passed) } else { passed = frame.events }
                for event in passed { Self.appendInputEvent(event, at: due, to: &buffer) }
                // A frame the kernel would drop whole is not written.
                if buffer.isEmpty { continue }
                target = node
                delivered += 1
            case .removal(let node):
                try remove(node)
                continue
            case .synDropped(let node, let resumesAt):
                while let frame = node.next, frame.time < resumesAt { node.next = try readFrame(of: node) }
                Self.appendInputEvent(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0), at: due, to: &buffer)
                target = node
            }
            if let ended = try writeAll(buffer, to: target, watching: pid) {
                status = ended
                break
            }
            memory.sample(pid, now: Clock.now())
        }
        if status == nil {
            status = Self.sleep(until: Clock.now() + timing.tail.nanoseconds, watching: pid)
        }
        if status == nil {
            memory.sample(pid, now: Clock.now(), force: true)
            status = Self.stop(pid)
        }
        let wall = Double(Clock.now() - started) / 1e9
        return ReplayReport(exitStatus: status ?? 0, framesDelivered: delivered, lateness: lateness, wallSeconds: wall,
                            startupSeconds: Double(ready - started) / 1e9, programPeakKiB: memory.peak,
                            interruption: forwarding.received)
    }

    /// Sleeps until `nanos` in slices, so that a program that ended (say, on Ctrl-C) is noticed
    /// during long gaps; returns its exit status if it did.
    private static func sleep(until nanos: Int64, watching pid: pid_t) -> Int32? {
        while true {
            if let status = exited(pid) { return status }
            let now = Clock.now()
            if now >= nanos { return nil }
            Clock.sleep(until: min(nanos, now + 100_000_000))
        }
    }

    /// What the run loop does next, and when (microseconds on the recording's clock).
    private enum Step {
        case frame(Node, EvdevFrame)
        case removal(Node)
        /// SYN_DROPPED; frames before `resumesAt` are lost.
        case synDropped(Node, resumesAt: UInt64)
    }

    private struct TimedStep {
        var step: Step
        var time: UInt64
    }

    /// The earliest of the devices' next frames and the next fault (a fault before a frame of
    /// the same instant), or nil when every device is done.
    private func nextStep(_ faults: inout ArraySlice<(node: Node, fault: ReplayFault)>) throws(HarnessError) -> TimedStep? {
        var earliest: (node: Node, frame: EvdevFrame)?
        for node in nodes where !node.removed {
            if let frame = node.next, frame.time < earliest?.frame.time ?? .max { earliest = (node, frame) }
        }
        if let (node, fault) = faults.first, fault.time <= earliest?.frame.time ?? .max {
            faults.removeFirst()
            guard !node.removed else { return try nextStep(&faults) }
            switch fault {
            case .removal: return TimedStep(step: .removal(node), time: fault.time)
            case .synDropped(_, let at, let lost): return TimedStep(step: .synDropped(node, resumesAt: at + lost), time: at)
            }
        }
        guard let (node, frame) = earliest else { return nil }
        node.next = try readFrame(of: node)
        return TimedStep(step: .frame(node, frame), time: frame.time)
    }

    private func readFrame(of node: Node) throws(HarnessError) -> EvdevFrame? {
        do {
            return try node.frames.nextFrame()
        } catch {
            throw HarnessError(error.description, exitCode: error.exitCode)
        }
    }

    /// Unplugs `node` as the kernel would for the program: its reads fail with ENODEV
    /// (touchsynth-preload does this once the marker file exists), and the device leaves the
    /// testbed's /sys and /dev. One more event is written to wake a reader waiting in poll, as
    /// the kernel's hang-up would; the reader gets ENODEV instead of it. No udev "remove" event
    /// is sent: umockdev can send one only from a preloaded process.
    private func remove(_ node: Node) throws(HarnessError) {
        node.removed = true
        node.next = nil
        let markers = root + "/touchsynth-unplugged"
        let marker = markers + "/" + (node.files.devnode as NSString).lastPathComponent
        mkdir(markers, 0o755)
        let fd = open(marker, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw HarnessError("cannot create \(marker): \(String(cString: strerror(errno)))") }
        close(fd)
        var wake: [UInt8] = []
        Self.appendInputEvent(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0), at: Clock.now(), to: &wake)
        _ = wake.withUnsafeBytes { write(node.masterFD, $0.baseAddress, $0.count) }
        let tb = UnsafeMutablePointer<UMockdevTestbed>(testbed)
        umockdev_testbed_remove_device(tb, "/sys" + (node.files.syspath as NSString).deletingLastPathComponent)
    }

    private static let writeAheadVariable = "TOUCHSYNTH_WRITE_AHEAD_US"

    /// How long before their timestamps the harness running this process writes its frames
    /// (``ReplayTiming/writeAhead``), in microseconds; 0 outside the harness, where a device's
    /// frames are readable at their timestamps.
    public static var writeAheadOfThisProcess: Int64 {
        ProcessInfo.processInfo.environment[writeAheadVariable].flatMap { Int64($0) } ?? 0
    }

    /// Tells the harness that the program is ready for the first frame, when it runs under
    /// ``MockedDevice`` with ``Readiness/programSignals``; does nothing otherwise.
    public static func notifyReadyIfAsked() {
        let env = ProcessInfo.processInfo.environment
        guard env["TOUCHSYNTH_NOTIFY_BY_PROGRAM"] == "1", let fd = env["TOUCHSYNTH_NOTIFY_FD"].flatMap(Int32.init) else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
        close(fd)
        unsetenv("TOUCHSYNTH_NOTIFY_FD")
        unsetenv("TOUCHSYNTH_NOTIFY_BY_PROGRAM")
    }

    /// Writes a frame; while the device's buffer is full (the program reads slower than frames
    /// come), waits for room, and returns the program's exit status if it ends meanwhile. A
    /// program that reads nothing for 10 s is an error rather than a hang.
    private func writeAll(_ buffer: [UInt8], to node: Node, watching pid: pid_t) throws(HarnessError) -> Int32? {
        let devnode = node.files.devnode
        var offset = 0
        var blockedSince: Int64?
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { write(node.masterFD, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                guard errno == EAGAIN else { throw HarnessError("writing to \(devnode): \(String(cString: strerror(errno)))") }
                let since = blockedSince ?? Clock.now()
                blockedSince = since
                if Clock.now() - since > 10_000_000_000 {
                    throw HarnessError("the program stopped reading \(devnode) (nothing read for 10 s)", exitCode: 70)
                }
                var pfd = pollfd(fd: node.masterFD, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, 100)
                if let status = Self.exited(pid) { return status }
                continue
            }
            blockedSince = nil
            offset += n
        }
        return nil
    }

    /// `struct input_event` on 64-bit Linux: timeval (2 × 64 bit), type, code, value.
    static func appendInputEvent(_ e: EvdevEvent, at nanos: Int64, to buffer: inout [UInt8]) {
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { buffer.append(contentsOf: $0) } }
        put(Int64(nanos / 1_000_000_000))
        put(Int64((nanos % 1_000_000_000) / 1000))
        put(e.type)
        put(e.code)
        put(e.value)
    }

    /// Returns nil once the program is ready, or the exit status if it ended first.
    private func waitForReady(pid: pid_t, notifyRead: Int32, timeout: Duration) throws(HarnessError) -> Int32? {
        let deadline = Clock.now() + timeout.nanoseconds
        while true {
            var pfd = pollfd(fd: notifyRead, events: Int16(POLLIN), revents: 0)
            let rc = poll(&pfd, 1, 20)
            if rc > 0 {
                var byte: UInt8 = 0
                if read(notifyRead, &byte, 1) == 1 { return nil }
            }
            if let status = Self.exited(pid) { return status }
            if Clock.now() > deadline {
                throw HarnessError("the program did not open \(devnode) within \(timeout)", exitCode: 69)
            }
        }
    }

    private static func spawn(_ command: [String], env: [String: String], notifyWrite: Int32, notifyFD: Int32, standardOutput: Int32?) throws(HarnessError) -> pid_t {
        guard let program = command.first else { throw HarnessError("no command to run", exitCode: 64) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // stdout first: the caller's descriptor may be the number the notify pipe is moved to.
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        posix_spawn_file_actions_adddup2(&actions, notifyWrite, notifyFD)
        let argv = command.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The program starts with no signal blocked and default handlers for the ones it is stopped
        // with, whatever thread spawns it (libdispatch's worker threads block signals).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), stopping = sigset_t()
        sigemptyset(&none)
        sigemptyset(&stopping)
        for signal in [SIGINT, SIGTERM] { sigaddset(&stopping, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &stopping)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            throw HarnessError("cannot start \(program): \(String(cString: strerror(rc)))", exitCode: rc == ENOENT ? 69 : 71)
        }
        return pid
    }

    /// The exit status if the process has ended (reaping it), else nil.
    private static func exited(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let rc = waitpid(pid, &status, WNOHANG)
        guard rc == pid else { return nil }
        return decode(status)
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// SIGINT, then SIGKILL if the program is still running two seconds later.
    private static func stop(_ pid: pid_t) -> Int32 {
        if let status = exited(pid) { return status }
        kill(pid, SIGINT)
        let deadline = Clock.now() + 2_000_000_000
        while Clock.now() < deadline {
            if let status = exited(pid) { return status }
            usleep(2000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return decode(status)
    }

    /// Finds touchsynth-preload.so: `$TOUCHSYNTH_PRELOAD`, else beside the running executable
    /// (tools/build-preload puts it in SwiftPM's bin directory).
    public static func locatePreload() throws(HarnessError) -> String {
        if let path = ProcessInfo.processInfo.environment["TOUCHSYNTH_PRELOAD"], !path.isEmpty {
            guard FileManager.default.fileExists(atPath: path) else {
                throw HarnessError("TOUCHSYNTH_PRELOAD=\(path) does not exist", exitCode: 69)
            }
            return path
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = (exe as NSString).deletingLastPathComponent
        // Test bundles live one level deeper than the executables.
        for _ in 0..<3 {
            let candidate = dir + "/touchsynth-preload.so"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir = (dir as NSString).deletingLastPathComponent
        }
        throw HarnessError("touchsynth-preload.so not found next to \(exe); build it with tools/build-preload or set TOUCHSYNTH_PRELOAD", exitCode: 69)
    }
}

/// CLOCK_MONOTONIC in nanoseconds: the clock libinput stamps and times events with.
enum Clock {
    static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Sleeps until an absolute instant, so that delays never add up.
    static func sleep(until nanos: Int64) {
        var ts = timespec(tv_sec: Int(nanos / 1_000_000_000), tv_nsec: Int(nanos % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (s, atto) = components
        return s * 1_000_000_000 + atto / 1_000_000_000
    }
}

/// The program's pid, for the signal handler; 0 when no run is in progress.
nonisolated(unsafe) private var forwardedSignalTarget: pid_t = 0
/// The last signal the handler passed on during the run; 0 for none.
nonisolated(unsafe) private var forwardedSignal: Int32 = 0

/// Passes SIGINT and SIGTERM on to the program while a run is in progress.
private struct SignalForwarding {
    private var previousInt = sigaction()
    private var previousTerm = sigaction()

    init(to pid: pid_t) {
        forwardedSignalTarget = pid
        forwardedSignal = 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let saved = errno
            if forwardedSignalTarget > 0 {
                kill(forwardedSignalTarget, signal)
                forwardedSignal = signal
            }
            errno = saved
        }
        sigaction(SIGINT, &action, &previousInt)
        sigaction(SIGTERM, &action, &previousTerm)
    }

    /// The signal passed on so far, if any.
    var received: Int32? { forwardedSignal == 0 ? nil : forwardedSignal }

    func end() {
        var int = previousInt, term = previousTerm
        sigaction(SIGINT, &int, nil)
        sigaction(SIGTERM, &term, nil)
        forwardedSignalTarget = 0
    }
}

/// Where a replay's frames come from, one at a time.
public protocol FrameSource: AnyObject {
    /// The next frame, or nil at the end.
    func nextFrame() throws(RecordingError) -> EvdevFrame?
}

extension RecordingStream: FrameSource {}

/// Frames already in memory.
final class FrameList: FrameSource {
    private var frames: ArraySlice<EvdevFrame>

    init(_ frames: [EvdevFrame]) { self.frames = frames[...] }

    func nextFrame() throws(RecordingError) -> EvdevFrame? { frames.popFirst() }
}
