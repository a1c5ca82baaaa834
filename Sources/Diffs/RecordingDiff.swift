import LibinputEvents
import KernelEmulation
import Recordings

/// Two recordings compared as libinput is given them: their devices as it opens them (ids,
/// codes, axes and where the kernel starts them), then frame by frame as a kernel's input core
/// passes them to readers (unchanged values dropped), without times; and how much the intervals
/// between the frames that match differ, which is what libinput's speed and timeouts see.
public struct RecordingDiff: Sendable {
    /// Where the devices differ as libinput opens them.
    public var deviceDifferences: [DescriptionDifference]
    /// Frames compared of each recording.
    public var expectedFrames: Int
    public var actualFrames: Int
    public var differences: [EventAlignment.Difference]
    /// Whether the recordings are the same: the devices and every frame alike.
    public var same: Bool { deviceDifferences.isEmpty && differences.isEmpty }
    /// How much the interval between consecutive matched frames differs, µs, sorted.
    public var intervalDeviations: [Int64]

    /// Compares `a` as delivered with `b`, as delivered too unless `actualAsDelivered` says it is
    /// what a kernel already delivered (a capture of a replay, whose udev properties came from the
    /// system that captured it and are not compared).
    public init(expected a: Recording, actual b: Recording, actualAsDelivered: Bool) {
        deviceDifferences = DescriptionDifference.between(a.device, b.device, udev: !actualAsDelivered)
        let left = Self.frames(a, filtered: true), right = Self.frames(b, filtered: !actualAsDelivered)
        expectedFrames = left.count
        actualFrames = right.count
        differences = EventAlignment.differences(left.map(\.text), right.map(\.text))
        var deviations: [Int64] = []
        var j = 0
        var previous: (UInt64, UInt64)?
        let changed = Set(differences.compactMap { $0.expected == nil ? nil : $0.index })
        for (i, frame) in left.enumerated() where !changed.contains(i) {
            while j < right.count && right[j].text != frame.text { j += 1 }
            guard j < right.count else { break }
            if let (ta, tb) = previous {
                deviations.append(abs(Int64(right[j].time - tb) - Int64(frame.time - ta)))
            }
            previous = (frame.time, right[j].time)
            j += 1
        }
        intervalDeviations = deviations.sorted()
    }

    /// The interval deviation below which `p` of the matched frames' intervals lie, µs; nil when
    /// fewer than two frames match, so that no interval is compared.
    public func intervalDeviation(_ p: Double) -> Int64? {
        intervalDeviations.isEmpty
            ? nil : intervalDeviations[min(intervalDeviations.count - 1, Int(Double(intervalDeviations.count) * p))]
    }

    /// The frames, or those a reader of the device would get, one line of event names each, with their times.
    private static func frames(_ recording: Recording, filtered: Bool) -> [(time: UInt64, text: String)] {
        (filtered ? InputCoreFilter.delivered(recording) : recording.frames).compactMap { frame in
            // SYN_REPORT 1 ends the frame a kernel makes up when a device goes away (keys still
            // down released): the end of a replay, not part of the recording.
            if let last = frame.events.last, last.type == Evdev.EV_SYN, last.code == Evdev.SYN_REPORT, last.value == 1 {
                return nil
            }
            return (frame.time, Evdev.frameText(frame.events))
        }
    }
}
