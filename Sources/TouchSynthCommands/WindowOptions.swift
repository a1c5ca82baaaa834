import ArgumentParser
import Foundation
import Recordings

/// `--start` and `--end`: the part of a recording to replay, in seconds into it.
struct WindowOptions: ParsableArguments {
    // A negative value is told as out of range, not taken for an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Start SECONDS into the recording; touches, keys, switches and LEDs then are put down at its start.",
            valueName: "seconds"))
    var start: Double?
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("End SECONDS into the recording, lifting touches and keys still down.", valueName: "seconds")
    )
    var end: Double?

    func validate() throws {
        for (name, value) in [("--start", start), ("--end", end)] {
            if let value, !RecordingStream.seconds.contains(value) {
                throw ValidationError("\(name) must be within 0 and \(RecordingStream.secondsLimit) seconds")
            }
        }
        if let end, end <= start ?? 0 {
            throw ValidationError(start == nil ? "--end must be after 0 s" : "--end must come after --start")
        }
    }

    var isSet: Bool { start != nil || end != nil }

    /// Before a table or text whose times count from the part replayed (not JSON, whose times are
    /// libinput's): where it starts in the recording, so that a time read there maps back to it;
    /// said once, `noted` recording that it was.
    func noteStart(json: Bool, once noted: inout Bool) {
        defer { noted = true }
        guard !noted, !json, let start, start > 0 else { return }
        writeStderr("touchsynth: times count from --start, \(String(format: "%.3f", start)) s into the recording")
    }

    /// `recording`, read from `path`, cut to the window; a start past its end is a usage error.
    func cut(_ recording: Recording, path: String) throws(RecordingError) -> Recording {
        try recording.cut(from: start, to: end, file: path)
    }
}
