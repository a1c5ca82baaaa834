import LibinputEvents

/// What the harness tells its libinput side when it starts it, through the environment: the
/// devices to open, how libinput configures them, and the descriptors of the channel. The
/// writer (``environment``) and the reader (``init(environment:)``) are side by side.
public struct LibinputSideConfiguration: Equatable, Sendable {
    /// The device nodes to open, in order.
    public var devices: [String]
    public var device: DeviceConfiguration
    /// The version of the libinput the side loads, named in its DEVICE_ADDED events.
    public var libinputVersion: String?
    /// Whether libinput logs at debug priority (``LibinputContext/logsDebug``).
    public var logsDebug: Bool
    /// Whether the side writes its records in batches (``LibinputSideChannel/batchBytes``) rather
    /// than after each dispatch: on the virtual clock, where no one waits on an event's arrival,
    /// so that the harness wakes once a batch instead of once a frame.
    public var batchesRecords: Bool

    public init(
        devices: [String], device: DeviceConfiguration = DeviceConfiguration(), libinputVersion: String? = nil,
        logsDebug: Bool = false,
        batchesRecords: Bool = false
    ) {
        self.devices = devices
        self.device = device
        self.libinputVersion = libinputVersion
        self.logsDebug = logsDebug
        self.batchesRecords = batchesRecords
    }

    /// The variable holding the configuration.
    public static let variable = "TOUCHSYNTH_LIBINPUT_SIDE"
    /// The variable naming the descriptor the side writes its records to.
    public static let eventsVariable = "TOUCHSYNTH_EVENTS_FD"
    /// The variable naming the descriptor the side writes one byte to once it is ready for the
    /// first frame; touchsynth-preload writes it at the first open of a device instead, unless
    /// ``readinessByProgramVariable`` is set.
    public static let readinessVariable = "TOUCHSYNTH_NOTIFY_FD"
    public static let readinessByProgramVariable = "TOUCHSYNTH_NOTIFY_BY_PROGRAM"
    /// The descriptors the side gets: 0–2 are stdio; the virtual clock's are numbered high.
    public static let readinessDescriptor: Int32 = 3
    public static let eventsDescriptor: Int32 = 5

    /// The environment entries that carry this configuration and the channel's descriptors.
    public var environment: [String: String] {
        var fields = ["devices=" + devices.joined(separator: ",")]
        if let method = device.clickMethod { fields.append("click=" + method.rawValue) }
        if let method = device.scrollMethod { fields.append("scroll=" + method.rawValue) }
        if let profile = device.accelProfile { fields.append("accel=" + profile.rawValue) }
        if let speed = device.accelSpeed { fields.append("speed=\(speed)") }
        if let mode = device.sendEvents { fields.append("sendevents=" + mode.rawValue) }
        if let drag = device.threeFingerDrag { fields.append("drag3fg=" + drag.rawValue) }
        for (key, path) in Self.switches {
            if let value = device[keyPath: path] { fields.append("\(key)=\(value ? 1 : 0)") }
        }
        if let libinputVersion { fields.append("version=" + libinputVersion) }
        if logsDebug { fields.append("log=debug") }
        if batchesRecords { fields.append("batch=1") }
        return [
            Self.variable: fields.joined(separator: ";"), Self.eventsVariable: String(Self.eventsDescriptor),
            Self.readinessVariable: String(Self.readinessDescriptor), Self.readinessByProgramVariable: "1",
        ]
    }

    /// The configuration ``environment`` carries; a missing or malformed entry is a failure the
    /// side reports (a program started by hand, or a harness of another build).
    public init(environment: [String: String]) throws(ChannelFailure) {
        guard let text = environment[Self.variable] else {
            throw ChannelFailure(
                .system, "\(Self.variable) is not set: touchsynth-libinput is started by the mocked-device harness")
        }
        devices = []
        device = DeviceConfiguration()
        logsDebug = false
        batchesRecords = false
        for field in text.split(separator: ";") {
            let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw ChannelFailure(.system, "\(Self.variable): '\(field)' is not KEY=VALUE")
            }
            if let (_, path) = Self.switches.first(where: { $0.key == parts[0] }) {
                device[keyPath: path] = parts[1] == "1"
                continue
            }
            switch parts[0] {
            case "devices": devices = parts[1].split(separator: ",").map(String.init)
            case "click": device.clickMethod = try Self.value(parts[1], "a click method")
            case "scroll": device.scrollMethod = try Self.value(parts[1], "a scroll method")
            case "accel": device.accelProfile = try Self.value(parts[1], "an acceleration profile")
            case "sendevents": device.sendEvents = try Self.value(parts[1], "a send-events mode")
            case "drag3fg": device.threeFingerDrag = try Self.value(parts[1], "a three-finger drag setting")
            case "speed":
                guard let speed = Double(parts[1]), DeviceConfiguration.accelSpeeds.contains(speed) else {
                    throw ChannelFailure(.system, "\(Self.variable): '\(parts[1])' is not a speed")
                }
                device.accelSpeed = speed
            case "version": libinputVersion = parts[1]
            case "log": logsDebug = parts[1] == "debug"
            case "batch": batchesRecords = parts[1] == "1"
            default: throw ChannelFailure(.system, "\(Self.variable): unknown key '\(parts[0])'")
            }
        }
        guard !devices.isEmpty else { throw ChannelFailure(.system, "\(Self.variable) names no device") }
    }

    /// The on/off settings by their key, for the writer and the reader alike.
    private static var switches: [(key: String, path: WritableKeyPath<DeviceConfiguration, Bool?>)] {
        [
            ("tap", \.tapToClick), ("natural", \.naturalScrolling), ("dwt", \.disableWhileTyping),
            ("lefthanded", \.leftHanded),
            ("middle", \.middleEmulation), ("drag", \.tapDrag), ("draglock", \.dragLock),
        ]
    }

    private static func value<T: RawRepresentable>(_ text: String, _ what: String) throws(ChannelFailure) -> T
    where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            throw ChannelFailure(.system, "\(variable): '\(text)' is not \(what)")
        }
        return value
    }
}
