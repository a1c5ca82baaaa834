import Foundation
import LibinputDecisions
import LibinputEvents
@_exported import MockedDevices
import Recordings
import ReplayChannel

/// A recording to replay.
public enum ReplaySource: Sendable {
    /// A recording file, in any format ``RecordingLoader`` reads; `description` is a description
    /// for a log that has none (`--desc`), `device` the device of a log of several (`--device`).
    /// A file over ``MockedDevice/streamingThreshold`` is read as it plays; a pipe that long, from
    /// a copy made as it is read.
    case file(String, description: String? = nil, device: String? = nil)
    /// A recording in memory: loaded, converted or synthesized.
    case recording(Recording)
}

/// How a recording is replayed.
public struct ReplayOptions: Sendable {
    /// The clock, speed and pauses; the virtual clock by default.
    public var timing = ReplayTiming.libinputSide
    /// The libinput the replay runs on.
    public var libinput = LibinputBuild.system
    /// How libinput configures the devices: tap-to-click, the click method.
    public var configuration = DeviceConfiguration()
    /// The recording is what a kernel delivered (`libinput record` of a device): it is played as
    /// it is, without the kernel input core's filtering, whose second pass would damp values again.
    public var asDelivered = false
    /// Devices played at the same time as the recording's (a keyboard beside the touchpad), as
    /// ``otherDevice(_:)`` names them, their times counted from the replay's start as the
    /// recording's are: their first frames at once with its first, unless its file's own other
    /// devices (``Recording/otherDevices``, which follow these) began before it. A source's own
    /// other devices play too, after all of these, each on its file's clock; what reading a file
    /// among these guessed or repaired is in ``ReplayReport/otherDevicesNotes``.
    public var otherDevices: [ReplaySource] = []
    /// Faults injected, on ``device`` or on one of ``otherDevices``, at the replay's times.
    public var faults: [ReplayFault] = []
    /// Microseconds of the recording before the part replayed (cut with `--start`): messages
    /// tell the faults' times counting from the recording's first frame.
    public var startOffset: UInt64 = 0
    /// Refuse (``HarnessError/Kind/nothingToShow``) a recording without events, or whose device
    /// is neither a pointer nor a touchpad nor a touchscreen (a keyboard's): there is nothing for
    /// an app's pointer or touch events in it.
    public var refusesEmpty = false
    /// libinput logs at debug priority too, as `libinput debug-events --verbose` does: the
    /// report's ``ReplayReport/libinputLog`` then holds its state machines' chatter.
    public var logsDebug = false
    /// udev properties the recording's device gets on top of its own, as a udev rule or a hwdb
    /// entry would give them (`ID_INPUT_TOUCHPAD_INTEGRATION=external`, `LIBINPUT_FUZZ_00=8`).
    public var udevProperties: [String: String] = [:]
    /// Quirks files libinput reads after its own, in order (`LIBINPUT_QUIRKS_DIR`): what a quirk
    /// would change, tried before anyone installs it. A file libinput refuses ends the replay
    /// with a ``HarnessError/Kind/quirksRefused`` error naming its line, as libinput would otherwise
    /// drop every quirk with one log line.
    public var quirks: [String] = []
    /// The DMI modalias the mocked system reports, for `MatchDMIModalias` quirks: the
    /// recording's own (``Recording/dmi``) when nil.
    public var dmi: String?
    /// Ends the replay early when requested, from the handler of its output (``ReplayStop``).
    public var stop: ReplayStop?

    public init() {}

    /// These options as `libinput record` had libinput on the machine it recorded: the frames as
    /// the kernel delivered them (``asDelivered``), and tapping on unless the configuration says
    /// otherwise, as it turns tapping on for every device it records.
    public var asLibinputRecordHad: ReplayOptions {
        var options = self
        options.asDelivered = true
        options.configuration.tapToClick = configuration.tapToClick ?? true
        return options
    }

    /// The node the recording's device is presented as.
    public static let device = "/dev/input/event\(deviceNumber)"
    static let deviceNumber = MockedDevice.defaultEventNumber

    /// The node of the other device at `index` of ``otherDevices``: `/dev/input/event11` and up.
    public static func otherDevice(_ index: Int) -> String { "/dev/input/event\(otherDeviceNumber(index))" }
    static func otherDeviceNumber(_ index: Int) -> Int { deviceNumber + 1 + index }
}

/// A recording replayed through real libinput, on devices mocked from the recording, in one
/// child process (the libinput side, ``BuildProducts/libinputSide()``): libinput's events, and
/// how the replay went.
///
/// ```swift
/// let replay = try Replay(.file("pinch.yml"))
/// for event in replay.events { print(event.typeName) }
/// ```
public struct Replay: Sendable {
    /// libinput's events, in the order it reported them.
    public var events: [LibinputEvent]
    /// How the replay went: the clock, time and CPU, notes on the recording, libinput's log.
    public var report: ReplayReport
    /// The instant its times are shown from: its first event, libinput adding the device, at the
    /// virtual clock's start. Every text of this replay (tables, reports, the view) counts from it.
    public var timeBase: TimeBase

    /// Replays `source`, collecting its events; `name` names a recording in memory in messages
    /// (a file's are named by its path).
    public init(
        _ source: ReplaySource, named name: String? = nil, options: ReplayOptions = ReplayOptions()
    ) throws(HarnessError) {
        var events: [LibinputEvent] = []
        report = try Self.stream(source, named: name, options: options) { output in
            if case .event(let event, _) = output { events.append(event) }
        }
        self.events = events
        timeBase = TimeBase(of: events)
    }

    /// Replays `source`, handing each event and log line to `handle` as the libinput side reports
    /// it (so that memory does not grow with a long recording), and returns how it went. On the
    /// virtual clock, everything of one step is handed on before the next step is delivered.
    /// A replay stopped by SIGINT or SIGTERM returns early with ``ReplayReport/interruption`` set;
    /// the signals are held from its start (``MockedDevice/holdingSignals(_:)``), so one that
    /// comes before its program starts or after it ends is not lost, nor is its testbed.
    /// `noted` gets, before the first event, what reading each file guessed or repaired, by file,
    /// for each file with something to say: the recording's, when the replay reads it, then each
    /// other device's (as the report has them, in ``ReplayReport/notes`` and
    /// ``ReplayReport/otherDevicesNotes``), so that they can be said before the libinput log
    /// lines they may explain.
    public static func stream(
        _ source: ReplaySource, named name: String? = nil, options: ReplayOptions = ReplayOptions(),
        noted: (_ file: String, _ notes: [String]) -> Void = { _, _ in }, _ handle: (LibinputSideOutput) -> Void
    ) throws(HarnessError) -> ReplayReport {
        try MockedDevice.holdingSignals { () throws(HarnessError) -> ReplayReport in
            try held(source, named: name, options: options, noted: noted, handle)
        }
    }

    /// ``stream(_:named:options:noted:_:)``, with the signals held: its devices are gone when it returns.
    private static func held(
        _ source: ReplaySource, named name: String?, options: ReplayOptions,
        noted: (_ file: String, _ notes: [String]) -> Void, _ handle: (LibinputSideOutput) -> Void
    ) throws(HarnessError) -> ReplayReport {
        // Refused before a testbed is made for it.
        try options.timing.check()
        for (key, value) in options.udevProperties {
            if let problem = UdevProperty.problem(key: key, value: value) { throw HarnessError(.usage, problem) }
        }
        let device = try MockedDevice.make(
            source, eventNumber: ReplayOptions.deviceNumber, udevProperties: options.udevProperties)
        let recording = if case .file(let path, _, _) = source { path } else { name ?? "the recording" }
        do throws(HarnessError) {
            let read = {
                if case .file = source, !device.notes.isEmpty { noted(recording, device.notes) }
                for (file, notes) in device.addedNotes { noted(file, notes) }
            }
            return try replay(device, named: recording, options: options, read: read, handle: handle)
        } catch {
            // What reading the file guessed or repaired may say why it failed; a recording
            // handed over carries its notes to its caller already, and another file's device
            // (`--with`) is none of this file's.
            guard case .file = source, error.device.map({ $0 == device.devnode }) ?? true else { throw error }
            throw error.noting(device.notes, in: recording)
        }
    }

    /// The replay of `device`'s testbed, the recording called `recording`; `read` once every
    /// device was added, before the program starts.
    private static func replay(
        _ device: MockedDevice, named recording: String, options: ReplayOptions, read: () -> Void,
        handle: (LibinputSideOutput) -> Void
    ) throws(HarnessError) -> ReplayReport {
        if options.refusesEmpty { try device.checkShowsSomething(recording) }
        device.libinput = options.libinput
        device.filtersLikeKernel = !options.asDelivered
        for (index, other) in options.otherDevices.enumerated() {
            try device.addDevice(other, eventNumber: ReplayOptions.otherDeviceNumber(index))
        }
        try device.addDevicesAlongside(from: ReplayOptions.otherDeviceNumber(options.otherDevices.count))
        try device.checkDeviceCount(recording, withOthers: !options.otherDevices.isEmpty)
        read()
        device.faults = options.faults
        device.faultTimeOffset = options.startOffset
        device.stop = options.stop
        device.quirks = options.quirks
        if let dmi = options.dmi { device.dmi = dmi }
        let side = try BuildProducts.libinputSide()
        let configuration = LibinputSideConfiguration(
            devices: device.devnodes, device: options.configuration,
            libinputVersion: options.libinput.version, logsDebug: options.logsDebug,
            batchesRecords: options.timing.clock == .virtual)
        // Three-finger drag lets its button go 700 ms after the fingers lift, past the usual tail.
        var timing = options.timing
        if let drag = options.configuration.threeFingerDrag, drag != .disabled {
            timing.tail = max(timing.tail, .milliseconds(800))
        }
        return try withoutActuallyEscaping(handle) { (handle) throws(HarnessError) -> ReplayReport in
            var reported = 0
            let quirks = QuirksGate(files: options.quirks) { output in
                if case .event(let event, _) = output, !event.kind.isDeviceChange { reported += 1 }
                handle(output)
            }
            let channel = try ChannelReceiver(configuration: configuration, handle: quirks.pass)
            defer { channel.close() }
            var report: ReplayReport
            do throws(HarnessError) {
                report = try device.run(
                    [side], timing: timing, preload: nil, standardOutput: nil, channel: channel)
            } catch  where error.kind == .deviceRejected {
                // Of a device played beside the recording's (`--with`), its own file is told.
                let other = error.device.flatMap { $0 == device.devnode ? nil : device.device(at: $0) }
                throw rejection(
                    error, of: other ?? device.device,
                    in: other.map(\.source.file).flatMap { $0.isEmpty ? nil : $0 } ?? recording,
                    version: options.libinput.version, udevProperties: other == nil ? options.udevProperties : [:])
            }
            try quirks.finish(
                version: options.libinput.version, folder: { () throws(HarnessError) in try device.quirksDirectory() }
            ) { () throws(HarnessError) in
                try device.quirksToolOutput().text
            }
            report.inputEventsReported = reported
            report.notes = device.notes
            report.otherDevicesNotes = device.addedNotes
            report.buses = device.buses
            report.libinputLog = channel.log
            if let note = SurfaceSize.note(for: device.device) { report.replayNotes.append(note) }
            if let note = SpeedNote.touchJumps(
                in: channel.log, speed: options.timing.speed, version: options.libinput.version)
            {
                report.replayNotes.append(note)
            }
            for (devnode, count) in device.synDroppedPassedOver {
                let whose = devnode == ReplayOptions.device ? "" : " of \(devnode)"
                report.replayNotes.append(
                    "the frames replayed\(whose) hold \(count) SYN_DROPPED, where the reader that recorded them lost "
                        + "events: a kernel passes none on from a device, so libinput did not hear of "
                        + "\(count == 1 ? "it" : "them") (--as-delivered plays them)")
            }
            guard report.exitStatus == 0 || report.interruption != nil else {
                throw HarnessError(
                    .programFailed, "the libinput side of the replay failed (status \(report.exitStatus))")
            }
            return report
        }
    }
}

extension Replay {
    /// libinput's rejection of `device`, from the file `recording`, with the numbers in its
    /// description that libinput `version` refuses and where it decides so (``TouchpadRefusal``),
    /// and the `udevProperties` asked for it, which may be why: a touchpad udev does not tag as
    /// one is no device to libinput. The node rejected stays with the error.
    fileprivate static func rejection(
        _ error: HarnessError, of device: DeviceDescription, in recording: String, version: String,
        udevProperties: [String: String]
    ) -> HarnessError {
        var said = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
        if let refusal = TouchpadRefusal.of(device, libinput: version), refusal.rejectsDevice {
            let place = refusal.axis.flatMap(device.source.place(ofAxis:)).map { " (\($0))" } ?? ""
            said += "; by its description\(place), \(refusal.problem): \(refusal.source)"
        }
        let asked = udevProperties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if !asked.isEmpty { said += " (with the udev properties asked for: \(asked.joined(separator: ", ")))" }
        var rejected = HarnessError(.deviceRejected, "\(recording): \(said)")
        rejected.device = error.device
        return rejected
    }
}

extension MockedDevice {
    /// The testbed for `source`, its device as `/dev/input/event<eventNumber>` with
    /// `udevProperties` added to its own.
    static func make(
        _ source: ReplaySource, eventNumber: Int, udevProperties: [String: String] = [:]
    ) throws(HarnessError) -> MockedDevice {
        switch source {
        case .file(let path, let description, let node):
            return try forFile(
                path, description: description, node: node, eventNumber: eventNumber, udevProperties: udevProperties)
        case .recording(var recording):
            recording.device.udevProperties.merge(udevProperties) { $1 }
            let device = try MockedDevice(recording: recording, eventNumber: eventNumber)
            device.notes = recording.notes
            return device
        }
    }

    /// Adds `source`'s device to the testbed as `/dev/input/event<eventNumber>`.
    func addDevice(_ source: ReplaySource, eventNumber: Int) throws(HarnessError) {
        switch source {
        case .file(let path, let description, let node):
            try addDevice(file: path, description: description, node: node, eventNumber: eventNumber)
        case .recording(let recording):
            try addDevice(recording: recording, eventNumber: eventNumber)
        }
    }
}
