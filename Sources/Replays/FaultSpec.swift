import Foundation
import LibinputEvents
import MockedDevices
import Recordings

extension ReplayFault {
    /// The faults `--unplug` and `--syn-dropped` ask for: on the recording's device unless a
    /// spec names another; an overflow loses 50 ms of frames unless it says how many. Their times
    /// count from the recording's first frame, and the replay begins `start` µs into it (`--start`):
    /// one before is a usage error.
    public static func asked(
        unplug: [FaultSpec], synDropped: [FaultSpec], start: UInt64 = 0
    ) throws(HarnessError) -> [ReplayFault] {
        func at(_ spec: FaultSpec, _ option: String) throws(HarnessError) -> UInt64 {
            guard spec.at >= start else {
                throw HarnessError(
                    .usage,
                    String(
                        format: "\(option) at %.3f s comes before --start (%.3f s)", Double(spec.at) / 1e6,
                        Double(start) / 1e6))
            }
            return spec.at - start
        }
        var faults: [ReplayFault] = []
        for spec in unplug {
            faults.append(.removal(devnode: spec.devnode ?? ReplayOptions.device, at: try at(spec, "--unplug")))
        }
        for spec in synDropped {
            faults.append(
                .synDropped(
                    devnode: spec.devnode ?? ReplayOptions.device, at: try at(spec, "--syn-dropped"),
                    lost: spec.lost ?? 50_000))
        }
        // A fault on a device already unplugged would be passed over: refused, as any such option.
        for (index, removal) in faults.enumerated() {
            guard case .removal(let devnode, let unplugged) = removal,
                let fault = faults.enumerated().first(where: {
                    $0.offset != index && $0.element.devnode == devnode && $0.element.time >= unplugged
                })?.element
            else { continue }
            let option = if case .removal = fault { "--unplug" } else { "--syn-dropped" }
            throw HarnessError(
                .usage,
                String(
                    format: "\(option) at %.3f s: \((devnode as NSString).lastPathComponent) is unplugged at %.3f s",
                    Double(fault.time + start) / 1e6, Double(unplugged + start) / 1e6))
        }
        return faults
    }
}

extension ReplayOptions {
    /// The replay begun `start` seconds into the recording (`--start`), with the faults asked for
    /// (``ReplayFault/asked(unplug:synDropped:start:)``), whose times count from the recording's
    /// first frame, as `start`'s do.
    public mutating func fault(unplug: [FaultSpec], synDropped: [FaultSpec], start: Double?) throws(HarnessError) {
        startOffset = Microseconds.of(seconds: start ?? 0)
        faults = try ReplayFault.asked(unplug: unplug, synDropped: synDropped, start: startOffset)
    }
}

/// A fault's instant and target as a command line gives it: `SECONDS[+MS][@eventN]` (`--unplug`,
/// `--syn-dropped`).
public struct FaultSpec: Equatable, Sendable {
    /// Microseconds into the recording, from its first frame.
    public var at: UInt64
    /// Microseconds of frames lost (SYN_DROPPED only).
    public var lost: UInt64?
    /// `/dev/input/eventN`, or nil for the recording's own device.
    public var devnode: String?

    /// Reads `SECONDS[+MS][@eventN]` (or `@/dev/input/eventN`), or says which part is wrong and what it may be.
    public init(parsing argument: String) throws(ValueProblem) {
        var text = Substring(argument)
        if let sign = text.firstIndex(of: "@") {
            // `event11` or its node's path, read as `--device` reads either.
            let given = String(text[text.index(after: sign)...])
            let path = DeviceNode.path(given), prefix = "/dev/input/event"
            guard path.hasPrefix(prefix), let n = Int(path.dropFirst(prefix.count)),
                (0...MockedDevice.highestEventNumber).contains(n)
            else {
                throw ValueProblem("@\(given) names no device: eventN, N from 0 to \(MockedDevice.highestEventNumber)")
            }
            devnode = "/dev/input/event\(n)"
            text = text[..<sign]
        }
        if let plus = text.firstIndex(of: "+") {
            let given = text[text.index(after: plus)...]
            guard let ms = Double(given), ms.isFinite, (0...60_000).contains(ms) else {
                throw ValueProblem("+\(given) is not milliseconds from 0 to 60000")
            }
            lost = Microseconds.of(milliseconds: ms)
            text = text[..<plus]
        }
        guard let seconds = Double(text), seconds.isFinite, RecordingStream.seconds.contains(seconds) else {
            guard !text.isEmpty else { throw ValueProblem("no seconds: give SECONDS, then @eventN or +MS if any") }
            throw ValueProblem("\(text) is not seconds from 0 to \(RecordingStream.secondsLimit)")
        }
        at = Microseconds.of(seconds: seconds)
    }
}
