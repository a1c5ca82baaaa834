import LibinputEventText
import LibinputEvents
import Recordings
import TextTables

/// The JSON Lines `diff --json` writes (docs/json.md, `diffEvents` and `diffFrames`), beside the
/// comparisons they report.
public enum DiffLines {
    /// One event or frame changed, missing or extra; `expected` or `actual` is `null` where one
    /// side has nothing. `index` is its place in the expected side (for an extra one, where it
    /// would go), `actualIndex` in the actual side (for a missing one, where it would go).
    public struct Difference: Encodable {
        public var index: Int
        public var actualIndex: Int
        @ExplicitNull public var expected: String?
        @ExplicitNull public var actual: String?

        public init(_ d: EventAlignment.Difference) {
            (index, actualIndex, expected, actual) = (d.index, d.actualIndex, d.expected, d.actual)
        }
    }

    /// One way two recordings' devices differ as libinput opens them.
    public struct DeviceDifference: Encodable {
        public var aspect: String
        public var item: String
        public var expected: String
        public var actual: String

        public init(_ d: DescriptionDifference) {
            (aspect, item, expected, actual) = (d.aspect.rawValue, d.item, d.expected, d.actual)
        }
    }

    /// The last line for two event streams.
    public struct EventSummary: Encodable {
        /// The exit status's answer: no difference on devices both have, or neither having any.
        public var same: Bool
        public var compared: Int
        public var comparedActual: Int
        public var differences: Int
        public var devices: [String]
        public var expectedOnlyDevices: [String]
        public var actualOnlyDevices: [String]

        public init(_ diff: StreamDiff) {
            same = diff.same
            (expectedOnlyDevices, actualOnlyDevices) = (diff.expectedOnly, diff.actualOnly)
            (compared, comparedActual, differences, devices) = (
                diff.expected.count, diff.actual.count, diff.differences.count, diff.devices
            )
        }
    }

    /// The last line for two recordings.
    public struct FrameSummary: Encodable {
        /// The exit status's answer: the devices and every frame alike.
        public var same: Bool
        public var deviceDifferences: Int
        public var frames: Int
        public var framesActual: Int
        public var differences: Int
        /// Intervals between consecutive matching frames, whose deviations the rest sum up.
        public var intervalsCompared: Int
        public var intervalDeviationUsP50: Int64?
        public var intervalDeviationUsP99: Int64?
        public var intervalDeviationUsMax: Int64?

        public init(_ diff: RecordingDiff) {
            same = diff.same
            deviceDifferences = diff.deviceDifferences.count
            (frames, framesActual, differences) = (diff.expectedFrames, diff.actualFrames, diff.differences.count)
            intervalsCompared = diff.intervalDeviations.count
            intervalDeviationUsP50 = diff.intervalDeviation(0.5)
            intervalDeviationUsP99 = diff.intervalDeviation(0.99)
            intervalDeviationUsMax = diff.intervalDeviations.last
        }
    }
}

extension StreamDiff {
    /// What `diff` prints of two event streams: each difference (at most `limit`), then the
    /// counts; as JSON Lines (`diffEvents`), header first, when `json`.
    public func lines(json: Bool, limit: Int) throws -> [String] {
        if json {
            return [try JSONLines.header("diffEvents")]
                + (try differences.prefix(limit).map { try JSONLines.line(DiffLines.Difference($0)) })
                + [try JSONLines.line(DiffLines.EventSummary(self))]
        }
        let names = devices.joined(separator: ", ")
        let unmatched = [("expected", expectedOnly), ("actual", actualOnly)].filter { !$0.1.isEmpty }.map {
            "only \($0.0) has \($0.1.joined(separator: ", "))"
        }
        guard !devices.isEmpty || unmatched.isEmpty else {
            return [
                "nothing compared: the captures share no device, which are matched by name ("
                    + unmatched.joined(separator: "; ") + ")"
            ]
        }
        return DiffLines.text(differences, unit: "event", limit: limit)
            + [
                "\(expected.count) events expected, \(actual.count) actual, \(differences.count) differ "
                    + "(devices: \(([names.isEmpty ? "none" : names] + unmatched).joined(separator: "; ")); "
                    + (allTypes
                        ? "compared: every event but DEVICE_ADDED and DEVICE_REMOVED)"
                        : "compared: gestures, scrolls and buttons; --all compares every other event but DEVICE_ADDED "
                            + "and DEVICE_REMOVED too)")
            ]
    }
}

extension RecordingDiff {
    /// What `diff` prints of two recordings: how their devices differ, each frame that differs (at
    /// most `limit` of each), then the counts and the intervals' deviation; as JSON Lines
    /// (`diffFrames`), header first, when `json`.
    public func lines(json: Bool, limit: Int) throws -> [String] {
        if json {
            return [try JSONLines.header("diffFrames")]
                + (try deviceDifferences.prefix(limit).map { try JSONLines.line(DiffLines.DeviceDifference($0)) })
                + (try differences.prefix(limit).map { try JSONLines.line(DiffLines.Difference($0)) })
                + [try JSONLines.line(DiffLines.FrameSummary(self))]
        }
        let device = deviceDifferences.count
        let devices = device == 0 ? "devices the same" : TextTable.counted(device, "device difference")
        // The name is its own aspect: "device: name: A against B", not "name: name:".
        return deviceDifferences.prefix(limit).map {
            "device: " + ($0.item == $0.aspect.rawValue ? "" : "\($0.aspect.rawValue): ") + $0.text
        }
            + DiffLines.more(device, limit: limit, of: " device differences")
            + DiffLines.text(differences, unit: "frame", limit: limit)
            + [
                "\(devices); \(expectedFrames) frames expected, \(actualFrames) actual, \(differences.count) differ; "
                    + intervalText
            ]
    }
}

extension RecordingDiff {
    /// The intervals' deviation in words, or that no two frames matched to time an interval by.
    fileprivate var intervalText: String {
        guard let p50 = intervalDeviation(0.5), let p99 = intervalDeviation(0.99), let max = intervalDeviations.last
        else { return "fewer than two frames match, so no interval is compared" }
        let intervals = TextTable.counted(intervalDeviations.count, "interval")
        return "frame interval deviation over \(intervals) between matching frames: "
            + "p50 \(p50) µs, p99 \(p99) µs, max \(max) µs"
    }
}

extension DiffLines {
    /// How many of `count` differences `limit` left out (`… and 3 more`, then `what`), if any.
    static func more(_ count: Int, limit: Int, of what: String = "") -> [String] {
        count > limit ? ["… and \(count - limit) more\(what)"] : []
    }

    /// Each of the first `limit` differences on two lines, then how many more there were. Each is
    /// named by its place in the expected side, and a changed one by the actual side's too where
    /// that is another; an extra one by the actual side's alone (`frame 12 of actual`).
    static func text(_ differences: [EventAlignment.Difference], unit: String, limit: Int) -> [String] {
        differences.prefix(limit).flatMap { d in
            let name =
                d.expected == nil
                ? "\(unit) \(d.actualIndex) of actual"
                : "\(unit) \(d.index)"
                    + (d.actual == nil || d.actualIndex == d.index ? "" : " (\(d.actualIndex) of actual)")
            return [
                "\(name): expected \(d.expected ?? "nothing")",
                String(repeating: " ", count: "\(name): ".count) + "  actual \(d.actual ?? "nothing")",
            ]
        } + more(differences.count, limit: limit)
    }
}
