import LibinputDecisions
import Quirks
import Recordings

extension Replay {
    /// `recording` replayed as ``open(_:named:from:to:options:)`` does, with libinput's debug log,
    /// and explained: the quirks that applied (``QuirksListing``), every decision libinput logged,
    /// at the frame or timer that caused it, with the numbers behind it by the rules of the
    /// version it ran on; and the part replayed, and the replay. Decisions are placed on the
    /// virtual clock only (``ReplayClock/virtual``, the default).
    public static func explain(
        _ recording: Recording, named name: String, from start: Double? = nil, to end: Double? = nil,
        options: ReplayOptions
    ) throws(HarnessError) -> (explanation: Explanation, recording: Recording, replay: Replay) {
        var options = options
        options.logsDebug = true
        let (part, replay) = try open(recording, named: name, from: start, to: end, options: options)
        let quirks = try QuirksListing.list(.recording(part), options: options)
        let explanation = Explanation(
            recording: part, events: replay.events, log: replay.report.libinputLog,
            recordingStart: replay.report.recordingStart ?? 0, version: options.libinput.version, quirks: quirks)
        return (explanation, part, replay)
    }
}
