import AppEvents
import Foundation
import Gestures
import LibinputEvents
import ModeComparison
import LibinputDecisions
import Recordings

/// A replay made into frames ahead of playing, so that a player steps and scrubs without
/// running libinput again: the recording's evdev frames and libinput's events, in time order.
public struct ViewTimeline: Sendable {
    public var scene: ViewScene
    public var frames: [ViewFrame]

    /// The timeline of `recording`, which real libinput replayed into `events`, its first frame
    /// at `recordingStart` on libinput's clock (``MockedDevices/ReplayReport/recordingStart``)
    /// and its frames played at `speed`; its times count from the replay's `timeBase`
    /// (``MockedDevices/Replay/timeBase``), as every other text of the replay does.
    /// `decisions`, libinput's explained (``Explanation/notes``), are placed at their steps.
    public init(
        title: String, recording: Recording, events: [LibinputEvent], recordingStart: UInt64?,
        timeBase: TimeBase, speed: Double = 1, configuration: AppEventTranslator.Configuration,
        decisions: [DecisionNote] = [], makeSurface: () throws -> Surface
    ) rethrows {
        self = try Self.run(
            title: title, recording: recording, events: events, recordingStart: recordingStart, timeBase: timeBase,
            speed: speed, configuration: configuration, decisions: decisions, makeSurface: makeSurface
        ).timeline
    }

    /// The timeline, and the pipeline its frames were read from, finished: both modes' app
    /// events and surfaces, for a report of the same run, run with `options` (invariants, pointer lock).
    /// Activations are judged over the whole replay (``AccidentalActivationRule/wholeStream``), as
    /// `compare` judges them.
    public static func run(
        title: String, recording: Recording, events: [LibinputEvent], recordingStart: UInt64?,
        timeBase: TimeBase, speed: Double = 1, configuration: AppEventTranslator.Configuration,
        options: ModePipeline.Options = .init(), decisions: [DecisionNote] = [],
        makeSurface: () throws -> Surface
    ) rethrows -> (timeline: ViewTimeline, pipeline: ModePipeline) {
        var frames: [ViewFrame] = []
        frames.reserveCapacity(recording.frames.count + events.count + 1)
        let play = TimelinePlay(
            recording: recording, events: events, recordingStart: recordingStart, timeBase: timeBase, speed: speed)
        let (model, padSteps) = try play.run(
            title: title, configuration: configuration, options: options, makeSurface: makeSurface
        ) { frames.append($0) }
        let placed = TimelinePlacement(
            times: frames.map(\.time), changes: frames.map(\.changes), decisions: decisions, padSteps: padSteps,
            recordingStart: recordingStart, timeBase: timeBase)
        for f in frames.indices { placed.apply(to: &frames[f]) }
        return (ViewTimeline(scene: model.scene, frames: frames), model.pipeline)
    }

    /// The timeline's JSON (``jsonData``), written as the model makes each frame and handed to
    /// `write` in order, `chunk` bytes or a frame more at a time, so that the frames and their
    /// JSON are never held: a long recording's frames are hundreds of megabytes, their JSON a
    /// third of that, which a file takes where memory need not. The model runs twice: once for
    /// where each lane change and decision goes, and the scene's `differences` and `failures` in
    /// words (`words`), from that run's finished pipeline; once more to write.
    public static func writeJSON(
        title: String, recording: Recording, events: [LibinputEvent], recordingStart: UInt64?,
        timeBase: TimeBase, speed: Double = 1, configuration: AppEventTranslator.Configuration,
        options: ModePipeline.Options = .init(), decisions: [DecisionNote] = [],
        words: (ModePipeline) -> (differences: [String], failures: [String]) = { _ in ([], []) },
        makeSurface: () throws -> Surface,
        chunk: Int = 1 << 20, to write: (Data) throws -> Void
    ) rethrows {
        let play = TimelinePlay(
            recording: recording, events: events, recordingStart: recordingStart, timeBase: timeBase, speed: speed)
        let (scene, placed) = try placement(
            of: play, title: title, configuration: configuration, options: options, decisions: decisions,
            words: words, makeSurface: makeSurface)
        var writer = TimelineJSON(scene: scene, chunk: chunk)
        _ = try play.run(title: title, configuration: configuration, options: options, makeSurface: makeSurface) {
            frame in
            var frame = frame
            placed.apply(to: &frame)
            try writer.append(frame, handOn: write)
        }
        try writer.finish(handOn: write)
    }

    /// The first of `writeJSON`'s runs: the scene and where the changes and decisions go. Its
    /// model, with both modes' app events, is let go before the second run.
    private static func placement(
        of play: TimelinePlay, title: String, configuration: AppEventTranslator.Configuration,
        options: ModePipeline.Options, decisions: [DecisionNote],
        words: (ModePipeline) -> (differences: [String], failures: [String]), makeSurface: () throws -> Surface
    ) rethrows -> (scene: ViewScene, placement: TimelinePlacement) {
        var times: [Double] = [], changes: [[LaneChange]] = []
        let (model, padSteps) = try play.run(
            title: title, configuration: configuration, options: options, makeSurface: makeSurface
        ) {
            times.append($0.time)
            changes.append($0.changes)
        }
        var scene = model.scene
        (scene.differences, scene.failures) = words(model.pipeline)
        let placed = TimelinePlacement(
            times: times, changes: changes, decisions: decisions, padSteps: padSteps,
            recordingStart: play.recordingStart, timeBase: play.timeBase)
        return (scene, placed)
    }

    private init(scene: ViewScene, frames: [ViewFrame]) {
        self.scene = scene
        self.frames = frames
    }

    /// The first frame after `index` at which the modes start to differ
    /// (``ViewFrame/startsDifference``), or nil when they do not again.
    public func nextDifference(after index: Int) -> Int? {
        frames.indices.first { $0 > index && frames[$0].startsDifference }
    }

    /// Lane changes flagged as accidental activations, in order.
    public var accidentalActivations: [LaneChange] {
        frames.flatMap(\.changes).filter(\.accidental)
    }
}
