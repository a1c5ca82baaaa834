/// Where a device's description was read: the file, and the line of each axis's range, so that
/// a range libinput refuses can be named where it is written. It is no part of what the device
/// is: descriptions read from two files, or made in memory, are equal all the same.
public struct DescriptionSource: Equatable, Sendable {
    /// The file; empty for a description made in memory or inferred from events.
    public var file = ""
    /// The line of each EV_ABS axis's range, by code.
    public var axisLines: [UInt16: Int] = [:]
    /// The node the file named the device by (`/dev/input/event7`), when it names one: what a
    /// file written from it names it by again, so that `--device` still finds it.
    public var node: String?
    /// The quirks libinput applied to the device on the machine that recorded it, as `libinput
    /// record` lists them (`AttrPalmPressureThreshold=255`): its quirks files and local overrides,
    /// matched against its DMI. Empty where the file does not say.
    public var recordedQuirks: [String] = []

    /// The node a file written from the description names the device by: its own, else the first
    /// (a file needs one; none is the device's).
    public var writtenNode: String { node ?? "/dev/input/event0" }

    /// Where a description was read: `file`, each axis's range at its line of `axisLines`, the
    /// node the file names it by unknown.
    public init(file: String = "", axisLines: [UInt16: Int] = [:]) {
        self.file = file
        self.axisLines = axisLines
    }

    /// Always: where a description was read does not change the device.
    public static func == (_: DescriptionSource, _: DescriptionSource) -> Bool { true }

    /// `file:line` of axis `code`'s range, when known.
    public func place(ofAxis code: UInt16) -> String? {
        guard !file.isEmpty, let line = axisLines[code] else { return nil }
        return "\(file):\(line)"
    }
}

extension DeviceDescription {
    /// Takes the description as read from `file`, each axis's range at its line of `axisLines`:
    /// refused where libevdev would refuse it (``axisProblem``), at the axis's line, else
    /// `fallback`; kept with where it was read (``source``). A range of an axis the device does
    /// not declare is dropped, as libevdev ignores it: no format writes it back.
    public mutating func read(
        from file: String, axisLines: [UInt16: Int], fallback: Int? = nil
    ) throws(RecordingError) {
        for code in absinfo.keys where codes[Evdev.EV_ABS]?.contains(code) != true { absinfo[code] = nil }
        if let problem = axisProblem {
            throw RecordingError.bad(file, axisLines[problem.code] ?? fallback, problem.message)
        }
        source = DescriptionSource(file: file, axisLines: axisLines)
    }
}
