import Foundation
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
        let part = try harnessError { () throws(RecordingError) in try recording.cut(from: start, to: end, file: name) }
        // The quirks are listed by a tool of their own, in a testbed of their own, meanwhile,
        // reading a quirks file given as a pipe from the texts the command keeps, as the replay does.
        let listing = Listing()
        let listed = DispatchGroup()
        DispatchQueue.global().async(
            group: listed,
            execute: PipeTexts.carried { [options] in
                listing.result = Result { () throws(HarnessError) in
                    try QuirksListing.list(.recording(part), options: options)
                }
            })
        let replay: Replay
        do {
            replay = try open(part, named: name, options: options).replay
        } catch {
            listed.wait()
            throw error
        }
        listed.wait()
        let quirks = try listing.result?.get()
        let explanation = Explanation(
            recording: part, events: replay.events, log: replay.report.libinputLog,
            recordingStart: replay.report.recordingStart ?? 0, version: options.libinput.version, quirks: quirks,
            configuration: options.configuration, buses: replay.report.buses, speed: options.timing.speed,
            asDelivered: options.asDelivered)
        return (explanation, part, replay)
    }
}

/// The listing made on another thread, read once that thread is done.
private final class Listing: @unchecked Sendable {
    var result: Result<QuirksListing, HarnessError>?
}
