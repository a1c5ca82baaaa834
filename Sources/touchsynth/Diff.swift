import ArgumentParser
import Foundation
import LibinputEvents
import Recordings

/// `touchsynth diff EXPECTED ACTUAL`: two libinput event streams (`debug --json` or
/// `replay --json`), event by event, at the precision `libinput debug-events` prints; or two
/// recordings, frame by frame, as a kernel delivers them.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two libinput event streams (JSON Lines from debug/replay --json), or two recordings, event by event.",
        discussion: """
            Event streams are compared as `libinput debug-events` shows them (two decimals), on the devices \
            both streams have (matched by name), ignoring times and event node numbers. By default the \
            gesture, scroll and button events are compared, as the cross-check against debug-events does; \
            --all adds pointer motion, keys and touches.
            Recordings (evemu, libinput record YAML, evtest text) are compared frame by frame as the kernel's \
            input core passes them to readers (unchanged values dropped), ignoring times; how much the intervals \
            between frames differ is reported. Exit status 0 when they are the same, 1 when not, 64 for a capture \
            against a recording.
            """)

    @Argument(help: "The expected stream (say, the mocked-device harness's).") var expected: String
    @Argument(help: "The stream to check (say, the VM's).") var actual: String
    @Flag(help: "Compare every event type, not only gestures, scrolls and buttons.") var all = false
    @Flag(help: "For recordings: ACTUAL is what a kernel already delivered (libinput record of a replay), compared as it is.")
    var asDelivered = false
    @Option(help: "Differences to print at most.") var limit = 20
    @Flag(help: "JSON Lines output: one object per difference, then a summary.") var json = false

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must not be negative") }
    }

    func run() throws {
        let a = reportingErrors { try RecordingOrCapture(path: expected) }, b = reportingErrors { try RecordingOrCapture(path: actual) }
        guard a.isCapture == b.isCapture else {
            // A usage error, as an operand of the wrong kind is to `cmp`: neither file is bad.
            let (capture, recording) = a.isCapture ? (expected, actual) : (actual, expected)
            fail("\(capture) is a libinput capture and \(recording) a recording: diff compares two of a kind", code: ExitStatus.usage)
        }
        if a.isCapture {
            try compareStreams(Stream(reportingErrors { try a.capture() }), Stream(reportingErrors { try b.capture() }))
        } else {
            let (left, right) = (reportingErrors { try a.recording() }, reportingErrors { try b.recording() })
            warn(left.notes, in: expected)
            warn(right.notes, in: actual)
            try compareRecordings(left, right)
        }
    }

    private func compareStreams(_ a: Stream, _ b: Stream) throws {
        let names = Set(a.devices.values).intersection(b.devices.values)
        let left = a.shown(on: names, all: all), right = b.shown(on: names, all: all)
        let differences = EventAlignment.differences(left, right)
        printDifferences(differences, unit: "event")
        let devices = names.sorted().joined(separator: ", ")
        if json {
            emit(JSONLines.line(EventSummary(compared: left.count, compared_actual: right.count, differences: differences.count,
                                             devices: names.sorted())))
        } else {
            if differences.count > limit { emit("… and \(differences.count - limit) more") }
            emit("\(left.count) events expected, \(right.count) actual, \(differences.count) differ (devices: \(devices.isEmpty ? "none in common" : devices))")
        }
        if !differences.isEmpty || names.isEmpty { throw ExitCode(1) }
    }

    /// Both recordings' frames as the kernel delivers them (``InputCoreFilter``; fuzz makes that
    /// differ from what a kernel already delivered, hence `--as-delivered`), shown one line per
    /// frame; and how the intervals between the frames that match differ.
    private func compareRecordings(_ a: Recording, _ b: Recording) throws {
        let left = Self.frames(a, filtered: true), right = Self.frames(b, filtered: !asDelivered)
        let differences = EventAlignment.differences(left.map(\.text), right.map(\.text))
        printDifferences(differences, unit: "frame")
        // Timing: how much the interval between consecutive matched frames differs, which is
        // what libinput's speed and timeouts see.
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
        deviations.sort()
        func percentile(_ p: Double) -> Int64 { deviations.isEmpty ? 0 : deviations[min(deviations.count - 1, Int(Double(deviations.count) * p))] }
        if json {
            emit(JSONLines.line(FrameSummary(frames: left.count, frames_actual: right.count, differences: differences.count,
                                             interval_deviation_us_p50: percentile(0.5), interval_deviation_us_p99: percentile(0.99),
                                             interval_deviation_us_max: deviations.last ?? 0)))
        } else {
            if differences.count > limit { emit("… and \(differences.count - limit) more") }
            emit("\(left.count) frames expected, \(right.count) actual, \(differences.count) differ; "
                 + "frame interval deviation p50 \(percentile(0.5)) µs, p99 \(percentile(0.99)) µs, max \(deviations.last ?? 0) µs")
        }
        if !differences.isEmpty { throw ExitCode(1) }
    }

    /// The frames, or those a reader of the device would get, one line of event names each, with their times.
    static func frames(_ recording: Recording, filtered: Bool) -> [(time: UInt64, text: String)] {
        (filtered ? InputCoreFilter.delivered(recording) : recording.frames).compactMap { frame in
            // SYN_REPORT 1 ends the frame a kernel makes up when a device goes away (keys still
            // down released): the end of a replay, not part of the recording.
            if let last = frame.events.last, last.type == Evdev.EV_SYN, last.code == Evdev.SYN_REPORT, last.value == 1 { return nil }
            return (frame.time, frameText(frame.events))
        }
    }

    private func printDifferences(_ differences: [EventAlignment.Difference], unit: String) {
        for d in differences.prefix(limit) {
            if json {
                emit(JSONLines.line(DifferenceLine(index: d.index, expected: d.expected, actual: d.actual)))
            } else {
                emit("\(unit) \(d.index): expected \(d.expected ?? "nothing")")
                emit(String(repeating: " ", count: "\(unit) \(d.index): ".count) + "  actual \(d.actual ?? "nothing")")
            }
        }
    }

    /// A stream's events and its devices' names by event node.
    struct Stream {
        var events: [LibinputEvent]
        var devices: [String: String]

        /// `events` with their devices' names, from each device's DEVICE_ADDED.
        init(_ events: [LibinputEvent]) {
            self.events = events
            devices = [:]
            for e in events { if case .deviceAdded(let info) = e.kind { devices[e.device] = info.name } }
        }

        /// The compared events of the named devices as debug-events prints them, without node or time.
        func shown(on names: Set<String>, all: Bool) -> [String] {
            events.compactMap { e in
                guard let name = devices[e.device], names.contains(name) else { return nil }
                if case .deviceAdded = e.kind { return nil }
                if case .deviceRemoved = e.kind { return nil }
                let type = e.typeName
                guard all || type.hasPrefix("GESTURE_") || type.hasPrefix("POINTER_SCROLL_") || type == "POINTER_BUTTON" else { return nil }
                return EventFormat.comparable(e)
            }
        }
    }
}

/// `diff --json`'s line for one difference; `expected` or `actual` is `null` where one side has nothing.
private struct DifferenceLine: Encodable {
    var index: Int
    var expected: String?
    var actual: String?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NamedKey.self)
        try c.encode(index, forKey: NamedKey("index"))
        try c.encode(expected, forKey: NamedKey("expected"))
        try c.encode(actual, forKey: NamedKey("actual"))
    }
}

/// `diff --json`'s last line for two event streams.
private struct EventSummary: Encodable {
    var compared: Int
    var compared_actual: Int
    var differences: Int
    var devices: [String]
}

/// `diff --json`'s last line for two recordings.
private struct FrameSummary: Encodable {
    var frames: Int
    var frames_actual: Int
    var differences: Int
    var interval_deviation_us_p50: Int64
    var interval_deviation_us_p99: Int64
    var interval_deviation_us_max: Int64
}
