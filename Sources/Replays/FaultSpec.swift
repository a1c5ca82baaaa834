import MockedDevices

extension ReplayFault {
    /// The faults `--unplug` and `--syn-dropped` ask for: on the recording's device unless a
    /// spec names another; an overflow loses 50 ms of frames unless it says how many.
    public static func asked(unplug: [FaultSpec], synDropped: [FaultSpec]) -> [ReplayFault] {
        unplug.map { .removal(devnode: $0.devnode ?? ReplayOptions.device, at: $0.at) }
            + synDropped.map {
                .synDropped(devnode: $0.devnode ?? ReplayOptions.device, at: $0.at, lost: $0.lost ?? 50_000)
            }
    }
}

/// A fault's instant and target as a command line gives it: `SECONDS[+MS][@eventN]` (`--unplug`,
/// `--syn-dropped`).
public struct FaultSpec: Equatable, Sendable {
    /// Microseconds into the replay.
    public var at: UInt64
    /// Microseconds of frames lost (SYN_DROPPED only).
    public var lost: UInt64?
    /// `/dev/input/eventN`, or nil for the recording's own device.
    public var devnode: String?

    /// Reads `SECONDS[+MS][@eventN]`; nil when it is not of that form or out of range.
    public init?(_ argument: String) {
        var text = Substring(argument)
        if let sign = text.firstIndex(of: "@") {
            let node = text[text.index(after: sign)...]
            guard node.hasPrefix("event"), let n = Int(node.dropFirst(5)),
                (0...MockedDevice.highestEventNumber).contains(n)
            else { return nil }
            devnode = "/dev/input/event\(n)"
            text = text[..<sign]
        }
        if let plus = text.firstIndex(of: "+") {
            guard let ms = Double(text[text.index(after: plus)...]), ms.isFinite, (0...60_000).contains(ms) else {
                return nil
            }
            lost = UInt64(ms * 1000)
            text = text[..<plus]
        }
        guard let seconds = Double(text), seconds.isFinite, (0...86_400).contains(seconds) else { return nil }
        at = UInt64(seconds * 1e6)
    }
}
