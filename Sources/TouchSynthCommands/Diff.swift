import ArgumentParser
import Diffs
import Foundation
import LibinputEvents
import Recordings
import Report

/// `touchsynth diff EXPECTED ACTUAL`: two libinput event streams (`debug --json` or
/// `replay --json`), event by event, at the precision `libinput debug-events` prints; or two
/// recordings, frame by frame, as a kernel delivers them.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Compare two libinput event streams (JSON Lines from debug/replay --json), or two recordings, event by "
            + "event.",
        discussion: """
            Event streams are compared as `libinput debug-events` shows them (two decimals), on the devices both \
            streams have (matched by name), ignoring times and event node numbers. By default the gesture, scroll and \
            button events are compared, as the cross-check against debug-events does; --all adds pointer motion, keys \
            and touches.
            Recordings (evemu, libinput record YAML, evtest text) are compared as libinput is given them: their \
            devices (name, ids, properties, codes, axis ranges, the axes' values the kernel starts from, the udev \
            properties libinput reads), then frame by frame as the kernel's input core passes them to readers \
            (unchanged values dropped), ignoring times; how much the intervals between frames differ is reported. Exit \
            status 0 when they are the same, 1 when not, 64 for a capture against a recording.
            """)

    @Argument(help: "The expected stream (say, the mocked-device harness's).") var expected: String
    @Argument(help: "The stream to check (say, the VM's).") var actual: String
    @Flag(help: "Compare every event type, not only gestures, scrolls and buttons.") var all = false
    @Flag(
        help: """
            For recordings: ACTUAL is what a kernel already delivered (libinput record of a replay), compared as it \
            is.
            """
    )
    var asDelivered = false
    @Option(parsing: .unconditional, help: "Differences to print at most.") var limit = 20
    @Flag(help: "JSON Lines output: one object per difference, then a summary.") var json = false
    @OptionGroup var input: LogInputOptions

    func validate() throws { guard limit >= 0 else { throw ValidationError("--limit must not be negative") } }

    func run() throws {
        try checkReadable([expected, actual, input.desc])
        let a = try RecordingOrCapture(path: expected), b = try RecordingOrCapture(path: actual)
        guard a.isCapture == b.isCapture else {
            // A usage error, as a wrong operand is to `cmp`, once the other is a recording, not bad text.
            _ = try (a.isCapture ? b : a).recording(description: input.desc, node: input.node)
            let (capture, recording) = a.isCapture ? (expected, actual) : (actual, expected)
            try fail(
                "\(capture) is a libinput capture and \(recording) a recording: diff compares two of a kind",
                code: ExitStatus.usage)
        }
        if a.isCapture ? asDelivered || input.desc != nil || input.node != nil : all {
            let option = a.isCapture ? "--as-delivered, --desc and --device take recordings" : "--all takes captures"
            try fail("\(option): \(expected) and \(actual) are not", code: ExitStatus.usage)
        }
        if a.isCapture {
            try compareStreams(try a.capture(), try b.capture())
        } else {
            let (left, right) = (
                try a.recording(description: input.desc, node: input.node),
                try b.recording(description: input.desc, node: input.node)
            )
            for (path, recording) in [(expected, left), (actual, right)] {
                let others = recording.otherDevices.deviceNames
                let unread =
                    others.isEmpty ? [] : ["its other devices are not compared (\(others)): --device picks one"]
                warn(recording.notes + unread, in: path)
            }
            try compareRecordings(left, right)
        }
    }

    private func compareStreams(_ a: [LibinputEvent], _ b: [LibinputEvent]) throws {
        let diff = StreamDiff(expected: a, actual: b, allTypes: all)
        try emit(try diff.lines(json: json, limit: limit))
        if !diff.same { throw ExitCode(ExitStatus.differs) }
    }

    private func compareRecordings(_ a: Recording, _ b: Recording) throws {
        let diff = RecordingDiff(expected: a, actual: b, actualAsDelivered: asDelivered)
        try emit(try diff.lines(json: json, limit: limit))
        if !diff.same { throw ExitCode(ExitStatus.differs) }
    }
}
