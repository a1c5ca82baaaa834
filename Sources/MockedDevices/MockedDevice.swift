import Foundation
import KernelEmulation
import PreloadProtocol
import Recordings

/// Recorded devices that real libinput opens as `/dev/input/eventN`, without root.
///
/// A umockdev testbed in this process emulates `/sys`, `/dev/input/eventN` (a pty whose master end
/// this object writes) and the evdev ioctls. Programs run under it with `LD_PRELOAD` set to
/// touchsynth-preload (which covers two gaps of umockdev 0.17) ahead of libumockdev-preload.
/// The testbed holds one device, or several (``addDevice(recording:eventNumber:)``) whose frames
/// are delivered in one time order, like a touchpad and a keyboard on one laptop.
public final class MockedDevice {
    /// One device of the testbed, and where its frames come from.
    final class Node {
        let device: DeviceDescription
        let files: TestbedFiles
        let masterFD: Int32
        let frames: any FrameSource
        /// Its next frame, read ahead so that devices can be merged in time order.
        var next: EvdevFrame?
        /// Whether ``next`` was taken and the following frame is still to be read.
        var needsRead = false
        var removed = false
        /// How many of its recording's frames were taken or skipped: the next one's index.
        var taken = 0
        /// What a kernel would pass on of each frame.
        var inputCore: InputCoreFilter
        /// Microseconds from its first frame to its last, when known before it plays: a fault
        /// past the end is refused.
        var duration: UInt64?

        init(device: DeviceDescription, files: TestbedFiles, masterFD: Int32, frames: any FrameSource) {
            self.device = device
            self.files = files
            self.masterFD = masterFD
            self.frames = frames
            inputCore = InputCoreFilter(device: device)
            duration = (frames as? FrameList)?.duration
        }
    }

    var nodes: [Node] = []
    let testbed: Testbed
    /// Root of the emulated file system.
    public var root: String { testbed.root }
    /// Injected in ``run(_:timing:standardOutput:)`` and in replays.
    public var faults: [ReplayFault] = []
    /// Microseconds added to the faults' times where a message tells them: the recording's time
    /// before the part replayed.
    public var faultTimeOffset: UInt64 = 0
    /// Ends the run early when requested (``ReplayStop``).
    public var stop: ReplayStop?
    /// The `SYN_DROPPED` events of the frames played that each device's input core passed over
    /// (``InputCoreFilter/synDroppedPassedOver``), as a kernel would, by node, for each device
    /// with any: where the reader that recorded it lost events, which libinput then does not hear of.
    public var synDroppedPassedOver: [(devnode: String, count: Int)] {
        guard filtersLikeKernel else { return [] }
        return nodes.map { ($0.files.devnode, $0.inputCore.synDroppedPassedOver) }.filter { $0.1 > 0 }
    }
    /// Frames go through ``InputCoreFilter``, as a driver's events through the kernel's input
    /// core. Off for a recording of what a kernel already delivered (`libinput record`), whose
    /// values a second pass would damp again where an axis has fuzz.
    public var filtersLikeKernel = true
    /// What reading the first device's file guessed or repaired (``Recording/notes``).
    public package(set) var notes: [String] = []
    /// The libinput the programs run against load: the system's unless another build is chosen.
    public var libinput = LibinputBuild.system
    /// Quirks files libinput reads after its own (``DeviceQuirks``): to see what a quirk would
    /// change before anyone installs it.
    public var quirks: [String] = [] { didSet { quirksFolder = nil } }
    /// The folder made for ``quirks`` beside the build's own, and that build's quirks folder:
    /// made once, as a file tried may be a pipe, which can be read once.
    var quirksFolder: (build: String, path: String)?
    /// The DMI modalias the mocked system reports (`/sys/devices/virtual/dmi/id`), which
    /// libinput's `MatchDMIModalias` quirks match: the recording's (``Recording/dmi``) unless set.
    public var dmi: String?
    /// The other devices of each device's file (``Recording/otherDevices``), the first device's
    /// first, until ``addDevicesAlongside(from:)`` adds them.
    public private(set) var alongside: [Recording] = []
    /// What reading each file of a device added after the first guessed or repaired, by file.
    public private(set) var addedNotes: [(file: String, notes: [String])] = []

    /// The first device the testbed presents.
    public var device: DeviceDescription { nodes[0].device }
    /// The testbed files the first device is made of.
    public var files: TestbedFiles { nodes[0].files }
    /// The node programs open for the first device: `/dev/input/eventN`.
    public var devnode: String { nodes[0].files.devnode }
    /// Every device's node, in the order they were added.
    public var devnodes: [String] { nodes.map(\.files.devnode) }
    /// The device at `devnode`, if the testbed has one there.
    public func device(at devnode: String) -> DeviceDescription? {
        nodes.first { $0.files.devnode == devnode }?.device
    }

    /// Each device's bus (`BUS_USB`, `BUS_BLUETOOTH`…), by its node's name as libinput names the
    /// device (`event10`).
    public var buses: [String: UInt16] {
        Dictionary(nodes.map { ("event\($0.files.eventNumber)", $0.device.bustype) }, uniquingKeysWith: { a, _ in a })
    }

    /// Sets up the testbed for `recording` as `/dev/input/event<eventNumber>`.
    public convenience init(recording: Recording, eventNumber: Int = defaultEventNumber) throws(HarnessError) {
        try Self.checkDuration(recording)
        try self.init(device: recording.device, frames: FrameList(recording.frames), eventNumber: eventNumber)
        dmi = recording.dmi
        alongside = recording.otherDevices
    }

    /// Sets up the testbed for a recording read as it plays (a ``RecordingStream``), so that
    /// memory does not grow with the recording's length.
    public convenience init(stream: RecordingStream, eventNumber: Int = defaultEventNumber) throws(HarnessError) {
        try self.init(device: stream.device, frames: stream, eventNumber: eventNumber)
    }

    /// The device for a recording file: read whole when it is small, else checked in a first
    /// pass (so any error comes before the first frame) and then read again as it plays, so
    /// memory does not grow with the recording's length. `udevProperties` are added to the
    /// device's own.
    public static func forFile(
        _ path: String, description: String? = nil, node: String? = nil, eventNumber: Int = defaultEventNumber,
        udevProperties: [String: String] = [:]
    ) throws(HarnessError) -> MockedDevice {
        var (device, frames, notes, duration, dmi, others) = try source(
            forFile: path, description: description, node: node)
        device.udevProperties.merge(udevProperties) { $1 }
        let mocked = try MockedDevice(device: device, frames: frames, eventNumber: eventNumber)
        mocked.notes = notes
        mocked.dmi = dmi
        mocked.alongside = others
        mocked.nodes[0].duration = duration
        return mocked
    }

    /// Adds another device to the testbed, as `/dev/input/event<eventNumber>`; its frames play
    /// on the same clock as the others', and its own other devices join ``alongside``. Returns its node.
    @discardableResult
    public func addDevice(recording: Recording, eventNumber: Int) throws(HarnessError) -> String {
        try Self.checkDuration(recording)
        let devnode = try addNode(
            device: recording.device, frames: FrameList(recording.frames), eventNumber: eventNumber)
        alongside += recording.otherDevices
        return devnode
    }

    /// Adds the other devices of the devices' files (a `libinput record` of a touchpad and a
    /// keyboard), as `/dev/input/event<eventNumber>` and up, each to play on its file's one clock.
    public func addDevicesAlongside(from eventNumber: Int) throws(HarnessError) {
        for (index, other) in alongside.enumerated() {
            try addDevice(recording: other, eventNumber: eventNumber + index)
        }
        alongside = []
    }

    /// ``addDevice(recording:eventNumber:)`` for a recording file, streamed when it is large. Of
    /// a file of several devices (a getevent log, a `libinput record`), the one at `node` or the one
    /// `description` describes, or else every one with events that libinput takes, each on the
    /// file's one clock (``addDevicesAlongside(from:)``).
    @discardableResult
    public func addDevice(
        file path: String, description: String? = nil, node: String? = nil,
        eventNumber: Int
    ) throws(HarnessError) -> String {
        let (device, frames, notes, duration, _, others) = try Self.source(
            forFile: path, description: description, node: node, everyDevice: node == nil && description == nil)
        let devnode = try addNode(device: device, frames: frames, eventNumber: eventNumber)
        nodes.last?.duration = duration
        alongside += others
        if !notes.isEmpty { addedNotes.append((path, notes)) }
        return devnode
    }

    /// A file's first device, its frames, what reading it noted, its duration and DMI modalias,
    /// and its other devices.
    private typealias FileSource = (
        device: DeviceDescription, frames: any FrameSource, notes: [String], duration: UInt64, dmi: String?,
        others: [Recording]
    )

    /// Files above this size (bytes) are streamed.
    public static let streamingThreshold = 8 << 20

    private static func source(
        forFile path: String, description: String?, node: String? = nil, everyDevice: Bool = false
    ) throws(HarnessError) -> FileSource {
        if isPipe(path) {
            return try source(forPipe: path, description: description, node: node, everyDevice: everyDevice)
        }
        var status = stat()
        guard stat(path, &status) == 0 ? status.st_size > streamingThreshold : false else {
            let recording = try harnessError { () throws(RecordingError) in
                try RecordingLoader.load(path, description: description, node: node, everyDevice: everyDevice)
            }
            try checkDuration(recording)
            return (
                recording.device, FrameList(recording.frames), recording.notes, recording.duration, recording.dmi,
                recording.otherDevices
            )
        }
        // The first pass reads to the end (a file being written may grow).
        let (check, duration) = try firstPass(of: path) { () throws(RecordingError) in
            let check = try RecordingStream(path: path, description: description, node: node, everyDevice: everyDevice)
            var duration: UInt64 = 0
            while SignalForwarding.pendingStop == nil, let frame = try check.nextFrame() { duration = frame.time }
            return (check, duration)
        }
        return try harnessError { () throws(RecordingError) in
            let stream: RecordingStream
            if let restarted = try check.restarted() {
                stream = restarted
            } else {
                stream = try RecordingStream(
                    path: path, description: description, node: node, everyDevice: everyDevice)
            }
            // The first pass has read to the end: its notes include what only the end shows.
            return (check.device, stream, check.notes, duration, check.dmi, check.otherDevices)
        }
    }

    /// A pipe's recording (a FIFO, `-`), which can be read once: read as it comes, so that text
    /// that is no recording is refused at its first bad line, and copied meanwhile to an unlinked
    /// temporary file. Its frames are kept when it is short; a longer one is read again from the
    /// copy as it plays, so memory does not grow with its length.
    private static func source(
        forPipe path: String, description: String?, node: String?, everyDevice: Bool
    ) throws(HarnessError) -> FileSource {
        // A short recording needs no copy: one that cannot be made matters only past the bound.
        let copy = Result { () throws(HarnessError) in try PipeCopy() }
        // A writer that goes on (`evemu-record … | touchsynth replay -`) is waited for until a stop signal.
        let (check, kept, duration) = try firstPass(of: path) {
            () throws(RecordingError) -> (RecordingStream, [EvdevFrame]?, UInt64) in
            let check = try RecordingStream(
                pipe: path, copyingTo: (try? copy.get())?.fd ?? -1, description: description, node: node,
                everyDevice: everyDevice, stopsWaiting: { SignalForwarding.pendingStop != nil })
            var kept: [EvdevFrame]? = [], duration: UInt64 = 0
            while SignalForwarding.pendingStop == nil, let frame = try check.nextFrame() {
                duration = frame.time
                if check.bytesRead > streamingThreshold { kept = nil } else { kept?.append(frame) }
            }
            return (check, kept, duration)
        }
        if let kept {
            let recording = Recording(device: check.device, frames: kept)
            try checkDuration(recording)
            return (check.device, FrameList(kept), check.notes, recording.duration, check.dmi, check.otherDevices)
        }
        let copied = try copy.get()
        if let error = check.copyError {
            throw HarnessError(
                .system,
                "\(path): cannot keep a copy to read as it plays in \(PipeCopy.directory): "
                    + String(cString: strerror(error)))
        }
        let stream = try harnessError { () throws(RecordingError) in
            try RecordingStream(
                copy: copied.fd, of: path, description: description, node: node, everyDevice: everyDevice)
        }
        return (stream.device, stream, check.notes, duration, stream.dmi, stream.otherDevices)
    }

    /// Throws ``HarnessError/Kind/nothingToShow`` when the first device's recording has no frames
    /// or its device neither points nor touches; `name` names the recording in the message.
    package func checkShowsSomething(_ name: String) throws(HarnessError) {
        guard let first = nodes.first else { return }
        if let why = first.device.nothingToShow(hasEvents: (first.frames as? FrameList)?.holdsEvents ?? true) {
            throw HarnessError(.nothingToShow, "\(name): \(why)")
        }
    }

    private static func checkDuration(_ recording: Recording) throws(HarnessError) {
        guard recording.duration <= RecordingStream.longestRecording else {
            throw HarnessError(
                .badData,
                "the recording spans \(recording.duration / 3_600_000_000) hours; replays are limited to 24 hours")
        }
    }

    private init(device: DeviceDescription, frames: any FrameSource, eventNumber: Int) throws(HarnessError) {
        testbed = try Testbed()
        runStateFD = try Self.createRunState(at: testbed.root + "/" + TOUCHSYNTH_RUN_STATE_FILE)
        try addNode(device: device, frames: frames, eventNumber: eventNumber)
    }

    deinit { close(runStateFD) }

    /// What the harness and the programs of a run share (`struct touchsynth_run_state`): the
    /// devices unplugged, and what one program of the run does once (the readiness byte, the
    /// virtual clock). touchsynth-preload maps the file, so that a read checks memory rather than
    /// the file system.
    var runState: String { root + "/" + TOUCHSYNTH_RUN_STATE_FILE }
    /// The run state's file, open for the testbed's life: read once a frame on the machine's clock.
    private let runStateFD: Int32

    private static func createRunState(at path: String) throws(HarnessError) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0, ftruncate(fd, off_t(MemoryLayout<touchsynth_run_state>.size)) == 0 else {
            if fd >= 0 { close(fd) }
            throw HarnessError(.system, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// Sets the byte of the run's shared state at `field` (+ `index`) to `value`.
    func setRunState(
        _ field: PartialKeyPath<touchsynth_run_state>, index: Int = 0,
        to value: UInt8
    ) throws(HarnessError) {
        var byte = value
        let offset = MemoryLayout<touchsynth_run_state>.offset(of: field)! + index
        guard pwrite(runStateFD, &byte, 1, off_t(offset)) == 1 else {
            throw HarnessError(.system, "cannot write \(runState): \(String(cString: strerror(errno)))")
        }
    }

    /// Whether the process that opened `node` last has closed it since (`closed` of the run's
    /// shared state, which touchsynth-preload keeps): a kernel passes its events to no reader then.
    func isClosed(_ node: Node) -> Bool {
        var byte: UInt8 = 0
        let offset =
            MemoryLayout<touchsynth_run_state>.offset(of: \touchsynth_run_state.closed)! + node.files.eventNumber
        return pread(runStateFD, &byte, 1, off_t(offset)) == 1 && byte != 0
    }

    @discardableResult
    private func addNode(
        device: DeviceDescription, frames: any FrameSource, eventNumber: Int
    ) throws(HarnessError) -> String {
        guard (0...Self.highestEventNumber).contains(eventNumber) else {
            throw HarnessError(.usage, "event number \(eventNumber) is outside 0...\(Self.highestEventNumber)")
        }
        let files = TestbedFiles(device: device, eventNumber: eventNumber)
        guard !nodes.contains(where: { $0.files.devnode == files.devnode }) else {
            throw HarnessError(.usage, "\(files.devnode) is already in the testbed")
        }
        let masterFD = try testbed.add(files, name: device.name, eventNumber: eventNumber)
        nodes.append(Node(device: device, files: files, masterFD: masterFD, frames: frames))
        return files.devnode
    }

    /// touchsynth-preload recognises /dev/input/event0 to this.
    public static let highestEventNumber = Int(TOUCHSYNTH_MAX_EVENT_NUMBER)
    /// N of the `/dev/input/eventN` a recording's device is presented at unless asked otherwise.
    public static let defaultEventNumber = 10

    /// The most devices one run plays. umockdev's preload tracks at most 50 emulated descriptors
    /// open at once (`FD_MAP_MAX`, `src/libumockdev-preload.c`, 0.17.16) and aborts the program
    /// past that; libinput keeps each device's open, and reading udev's database, which lies in
    /// the testbed under /dev/shm, takes one more for a moment: 49 devices play, 50 abort.
    public static let mostDevices = 49

    /// Refuses a testbed of more devices than a run plays (``mostDevices``): `recording`'s
    /// devices, and those of other files played beside it when `withOthers`.
    package func checkDeviceCount(_ recording: String, withOthers: Bool) throws(HarnessError) {
        guard nodes.count > Self.mostDevices else { return }
        throw HarnessError(
            .badData,
            "\(recording): \(nodes.count) devices to play at once\(withOthers ? ", with those played beside it" : ""); "
                + "the harness plays at most \(Self.mostDevices) "
                + "(umockdev's preload, which mocks them, aborts past that)"
        )
    }
}
