import Foundation
import LibinputDecisions
import LibinputEvents
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

    /// `recording` replayed as ``open(_:named:from:to:options:)`` does, and, `explaining` a part of
    /// fewer than `frames` frames, explained (``explain(_:named:from:to:options:)``): the part
    /// replayed, the replay, and libinput's decisions placed on it, none otherwise. (A report's
    /// page shows the decisions in its player alone, whose frames are the part's and libinput's
    /// events: a part of `ReportPage.playerFrameLimit` frames or more has none, whatever libinput
    /// made of it, and is not explained for nothing; a shorter one may still have none.)
    public static func open(
        _ recording: Recording, named name: String, from start: Double? = nil, to end: Double? = nil,
        options: ReplayOptions, explaining: Bool, upTo frames: Int = .max
    ) throws(HarnessError) -> (recording: Recording, replay: Replay, decisions: [DecisionNote]) {
        let part = try harnessError { () throws(RecordingError) in try recording.cut(from: start, to: end, file: name) }
        guard explaining, part.frames.count < frames else {
            let opened = try open(part, named: name, options: options)
            return (opened.recording, opened.replay, [])
        }
        let run = try explain(part, named: name, options: options)
        return (run.recording, run.replay, run.explanation.notes)
    }

    /// `recording` explained on each of `versions` (``explain(_:named:from:to:options:)``), with
    /// what that version's quirks change (when its options have quirks files: the recording
    /// explained again without them), then where each version parts from the one before it.
    /// Each step is handed to `step` as it is made, so that a replay's warnings can be told
    /// before what it explains.
    public static func explain(
        _ recording: Recording, named name: String, from start: Double? = nil, to end: Double? = nil,
        versions: [ReplayOptions], _ step: (ExplanationStep) throws -> Void
    ) throws {
        func explained(_ options: ReplayOptions) throws -> (Explanation, [LibinputEvent]) {
            let run = try explain(recording, named: name, from: start, to: end, options: options)
            try step(.replayed(run.replay))
            return (run.explanation, run.replay.events)
        }
        var explanations: [(explanation: Explanation, events: [LibinputEvent], configuration: DeviceConfiguration)] =
            []
        let device = recording.device
        for options in versions {
            let (explanation, events) = try explained(options)
            explanations.append((explanation, events, options.configuration))
            try step(.explained(explanation))
            guard !options.quirks.isEmpty else { continue }
            var without = options
            without.quirks = []
            let changes = ExplanationChange.changes(from: try explained(without).0, to: explanation)
            try step(.quirksChanged(changes, version: explanation.libinputVersion))
        }
        // The touchpad's events alone (not those of a device played `--with` it), and its quirks
        // as each version listed them, a `--quirks` file's among them.
        func padEvents(_ events: [LibinputEvent]) -> [LibinputEvent] {
            guard let node = Explanation.padAdded(device, in: events)?.node else { return events }
            return events.filter { $0.device == node }
        }
        for (a, b) in zip(explanations, explanations.dropFirst()) {
            let (before, after) = (a.explanation.libinputVersion, b.explanation.libinputVersion)
            let quirks = b.explanation.quirks?.quirks ?? LibinputQuirks.load(for: device)
            let parting = VersionParting.between(
                (before, padEvents(a.events)), (after, padEvents(b.events)), device: device, quirks: quirks,
                tapping: b.configuration.taps(on: device), threeFingerDrag: b.configuration.dragsWithFingers
            )?.placed(in: a.explanation)
            try step(
                .versionsParted(
                    ExplanationChange.changes(from: a.explanation, to: b.explanation), events: parting, version: after,
                    against: before))
        }
    }
}

/// One step of explaining a recording on several libinput versions
/// (``Replay/explain(_:named:from:to:versions:_:)``), in the order they are made.
public enum ExplanationStep {
    /// A replay made, whose warnings and log come before what it explains.
    case replayed(Replay)
    /// The recording explained on one version, with its quirks.
    case explained(Explanation)
    /// Where that version's quirks change its decisions: without them, then with them.
    case quirksChanged([ExplanationChange], version: String)
    /// Where `version` parts from the version before it, `against`: the sequences they end
    /// otherwise, and the events where they first part, with the libinput changes that can give
    /// each difference (nil: the same events).
    case versionsParted([ExplanationChange], events: VersionParting?, version: String, against: String)
}

/// The listing made on another thread, read once that thread is done.
private final class Listing: @unchecked Sendable {
    var result: Result<QuirksListing, HarnessError>?
}
