import Foundation
import LibinputEvents

/// One axis as the kernel describes it (`struct input_absinfo`).
public struct AbsInfo: Equatable, Sendable, Codable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre (0 when the device does not say).
    public var resolution: Int32

    public init(
        value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
    ) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The axis's span: its range in units, over its resolution in millimetres; nil without one.
    public var millimetres: Double? {
        resolution > 0 ? Double(units) / Double(resolution) : nil
    }

    /// The axis's range, in device units.
    public var units: Int64 { Int64(maximum) - Int64(minimum) }
}

/// What an evdev device says about itself: identity, capabilities, axes, properties.
public struct DeviceDescription: Equatable, Sendable {
    public var name: String
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    /// Supported codes by event type (EV_SYN included).
    public var codes: [UInt16: Set<UInt16>]
    public var absinfo: [UInt16: AbsInfo]
    /// INPUT_PROP_* bits.
    public var properties: Set<UInt16>
    /// udev properties recorded with the device (libinput record), beyond those TouchSynth derives.
    public var udevProperties: [String: String]
    /// The switches on and LEDs lit as the recording began (evemu's `S:` and `L:` lines, evtest's
    /// `state 1`): the kernel's state starts there, as each axis starts at its `value`. libinput
    /// reads a switch's at once: a tablet-mode switch already on suspends the touchpad it pairs
    /// with (`tp_pair_tablet_mode_switch`).
    public var initiallyOn = InitialState()
    /// Where it was read, when from a file (no part of its equality).
    public var source = DescriptionSource()

    public init(
        name: String, bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
        codes: [UInt16: Set<UInt16>] = [:], absinfo: [UInt16: AbsInfo] = [:], properties: Set<UInt16> = [],
        udevProperties: [String: String] = [:]
    ) {
        self.name = name
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
        self.codes = codes
        self.absinfo = absinfo
        self.properties = properties
        self.udevProperties = udevProperties
    }

    /// Whether the device can send this event code.
    public func has(type: UInt16, code: UInt16) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    /// Whether the device has this INPUT_PROP_* property.
    public func has(property: UInt16) -> Bool { properties.contains(property) }

    /// The first axis libevdev would reject, and why: declared without absinfo, minimum > maximum,
    /// or a slot axis other than 0...N with N below ``maxSlots``; or one no driver reports, with a
    /// negative resolution.
    public var axisProblem: (code: UInt16, message: String)? {
        for code in (codes[Evdev.EV_ABS] ?? []).sorted() {
            guard let info = absinfo[code] else {
                return (code, "\(Evdev.codeName(type: Evdev.EV_ABS, code: code)) is declared but has no axis range")
            }
            if let problem = Self.problem(of: code, info) { return (code, problem) }
        }
        return nil
    }

    /// `name` as a device's name, read at `line` of `file`: one holding what would end its line
    /// (``OneLineText``) is refused.
    public static func checkedName(_ name: String, file: String, line: Int?) throws(RecordingError) -> String {
        if let breaking = OneLineText.breaking(name) {
            throw RecordingError(.badData, file: file, line: line, "the device name holds \(breaking)")
        }
        return name
    }

    /// What libevdev would reject of the axis `code` ranging as `info`: minimum > maximum, or a
    /// slot axis other than 0...N with N below ``maxSlots``; nil when nothing. A negative
    /// resolution, which neither libevdev nor the kernel refuses, is refused too: no driver
    /// reports one, and libinput would take it for units per millimetre, its sizes and distances
    /// then nonsense. So is a negative fuzz, which udev would hand libinput as `LIBINPUT_FUZZ_*`
    /// for libinput to call a bug and pass over.
    public static func problem(of code: UInt16, _ info: AbsInfo) -> String? {
        let name = Evdev.codeName(type: Evdev.EV_ABS, code: code)
        if info.minimum > info.maximum { return "\(name) has minimum \(info.minimum) > maximum \(info.maximum)" }
        if info.resolution < 0 {
            return "\(name) has a negative resolution, \(info.resolution) (units per millimetre, 0 when unknown)"
        }
        if info.fuzz < 0 { return "\(name) has a negative fuzz, \(info.fuzz)" }
        if code == Evdev.ABS_MT_SLOT, info.minimum != 0 || info.maximum >= maxSlots {
            return "\(name) must range over 0...N with N < \(maxSlots), not \(info.minimum)...\(info.maximum)"
        }
        return nil
    }

    /// More slots than any touch device has (libevdev's own limit is 256).
    public static let maxSlots: Int32 = 256

    /// Multitouch positions without slots (protocol A): every contact sent each frame, each
    /// closed by SYN_MT_REPORT, with no tracking ids.
    public var isProtocolA: Bool {
        has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X) && !has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT)
    }

    /// Multitouch codes that are no multitouch axes: a device with ABS_MT_SLOT and ABS_RESERVED
    /// (0x2e), which libevdev reads no slots of and libinput and udev take for no multitouch device.
    public var isFakeMultitouch: Bool {
        has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT) && has(type: Evdev.EV_ABS, code: 0x2e)
    }

    /// Both multitouch positions, on a device that is not fake multitouch: udev's input_id and
    /// libinput then take them for the device's position (`evdev_extract_abs_axes`, src/evdev.c),
    /// ABS_X and ABS_Y otherwise.
    public var hasMultitouchPositions: Bool {
        has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X) && has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_Y)
            && !isFakeMultitouch
    }

    /// Number of multitouch slots (1 when the device has no ABS_MT_SLOT).
    public var slotCount: Int {
        guard let slot = absinfo[Evdev.ABS_MT_SLOT], has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT) else { return 1 }
        return Int(slot.maximum) + 1
    }
}

/// One evdev event (`struct input_event` without its timestamp).
public struct EvdevEvent: Equatable, Hashable, Sendable {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(type: UInt16, code: UInt16, value: Int32) {
        self.type = type
        self.code = code
        self.value = value
    }

    public var isSynReport: Bool { type == Evdev.EV_SYN && code == Evdev.SYN_REPORT }
}

/// Events the kernel delivers together: everything up to and including a SYN_REPORT.
public struct EvdevFrame: Equatable, Sendable {
    /// Microseconds since the recording's start: its first frame, or of a file of several devices
    /// played together (``Recording/otherDevices``), the file's first event of those.
    public var time: UInt64
    public var events: [EvdevEvent]

    public init(time: UInt64, events: [EvdevEvent]) {
        self.time = time
        self.events = events
    }
}

extension Sequence<EvdevFrame> {
    /// Whether any frame holds more than its SYN_REPORT: frames of nothing else show nothing, as
    /// no frames do (``DeviceDescription/nothingToShow(hasEvents:)``).
    public var holdEvents: Bool { contains { $0.events.contains { !$0.isSynReport } } }
}

extension Sequence<Recording> {
    /// Their devices' names, each quoted, for a message: `"AT keyboard", "Lid Switch"`.
    public var deviceNames: String { map { "\"\($0.device.name)\"" }.joined(separator: ", ") }
}

/// A recorded device: its description and its timed frames.
public struct Recording: Equatable, Sendable {
    public var device: DeviceDescription
    public var frames: [EvdevFrame]
    /// What the reader guessed or repaired (an inferred description, a log begun mid-gesture),
    /// one line each: shown as warnings, written into converted files as comments.
    public var notes: [String] = []
    /// The DMI modalias of the machine it was recorded on, when the file says
    /// (``MachineDMI``): libinput's `MatchDMIModalias` quirks match it.
    public var dmi: String?
    /// The last frame is the one a cut added to lift what was still down at its end
    /// (``window(from:to:)``): no finger's own lift.
    public var endsInCutLift = false
    /// The other devices with events of a file of several (a `libinput record` of a touchpad and
    /// a keyboard), timed on this recording's clock, as the file times them: a replay plays them
    /// alongside, as it plays ``ReplayOptions/otherDevices``.
    public var otherDevices: [Recording] = []

    public init(device: DeviceDescription, frames: [EvdevFrame]) {
        self.device = device
        self.frames = frames
    }

    /// Frames per second while something touches, estimated from the median frame interval
    /// between 3 and 40 ms; nil for a description without such frames.
    public var reportRate: Double? {
        let gaps = zip(frames, frames.dropFirst()).map { Double($1.time - $0.time) }.filter {
            $0 >= 3000 && $0 <= 40000
        }.sorted()
        guard gaps.count >= 5 else { return nil }
        return 1e6 / gaps[gaps.count / 2]
    }

    /// Microseconds from the recording's start (``EvdevFrame/time``) to its last frame.
    public var duration: UInt64 { frames.last.map { $0.time } ?? 0 }

    /// The recording of timed events grouped into frames ending at SYN_REPORT, times relative to
    /// the first event. A trailing partial frame (a file cut mid-frame) is closed with a
    /// SYN_REPORT so that a reader sees every event, and a note says so.
    public init(device: DeviceDescription, events: [(time: UInt64, event: EvdevEvent)]) {
        self.init(device: device, events: events, origin: nil)
    }

    /// ``init(device:events:)`` with times counted from `origin` (a time as `events` give it),
    /// not from the first event: devices of one file on the file's one clock.
    init(
        device: DeviceDescription, events: [(time: UInt64, event: EvdevEvent)], origin: UInt64?,
        marksRepeats: Bool = false
    ) {
        let (frames, closed) = Self.assemble(events, origin: origin, marksRepeats: marksRepeats)
        self.init(device: device, frames: frames)
        if closed { notes.append(Self.truncationNote) }
    }

    /// What a reader says of a recording whose last frame had no SYN_REPORT.
    static let truncationNote = "the last frame has no SYN_REPORT (the file was cut mid-frame): closed with one"

    /// ``truncationNote`` of a file whose last event is on `line`.
    static func truncationNote(atLine line: Int) -> String { "line \(line): " + truncationNote }

    private static func assemble(
        _ events: [(time: UInt64, event: EvdevEvent)], origin: UInt64?, marksRepeats: Bool
    ) -> (frames: [EvdevFrame], closedLast: Bool) {
        var assembler = FrameAssembler(origin: origin)
        assembler.marksRepeats = marksRepeats
        var frames: [EvdevFrame] = []
        for (time, event) in events {
            // The file reader (RecordingStream) refuses time going backwards, with its line; text parsed
            // whole has no lines to name, so the assembler keeps frames in order instead.
            if let frame = assembler.add(time: time, event: event) { frames.append(frame) }
        }
        guard let partial = assembler.flush() else { return (frames, false) }
        frames.append(partial)
        return (frames, true)
    }
}
