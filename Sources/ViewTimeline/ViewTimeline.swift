import AppEvents
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
    /// events and surfaces, for a report of the same run, its invariants checked when asked.
    /// Activations are judged over the whole replay (``AccidentalActivationRule/wholeStream``), as
    /// `compare` judges them.
    public static func run(
        title: String, recording: Recording, events: [LibinputEvent], recordingStart: UInt64?,
        timeBase: TimeBase, speed: Double = 1, configuration: AppEventTranslator.Configuration,
        checksInvariants: Bool = false, decisions: [DecisionNote] = [],
        makeSurface: () throws -> Surface
    ) rethrows -> (timeline: ViewTimeline, pipeline: ModePipeline) {
        let model = try ViewModel(
            title: title, device: recording.device, configuration: configuration, timeBase: timeBase,
            rule: .wholeStream, checksInvariants: checksInvariants, makeSurface: makeSurface)
        // Without a start (a run that delivered nothing) the pad's frames are left out.
        let padFrames =
            recordingStart.map { start in
                recording.frames.map { (time: start + PlaybackSpeed.micros($0.time, at: speed), events: $0.events) }
            } ?? []
        var frames: [ViewFrame] = []
        frames.reserveCapacity(padFrames.count + events.count + 1)
        // Where each of the pad's frames is in the timeline, for the decisions made reading it.
        var padSteps: [Int] = []
        var next = 0
        // An evdev frame comes before the libinput events it causes, which carry its time.
        for event in events {
            while next < padFrames.count && padFrames[next].time <= event.time {
                padSteps.append(frames.count)
                frames.append(model.step(frame: padFrames[next].events, at: padFrames[next].time))
                next += 1
            }
            frames.append(model.step(event))
        }
        for frame in padFrames[next...] {
            padSteps.append(frames.count)
            frames.append(model.step(frame: frame.events, at: frame.time))
        }
        let end = ModePipeline.flushTime(after: max(events.last?.time ?? 0, padFrames.last?.time ?? 0))
        frames.append(model.finish(at: end))
        if let recordingStart {
            // A timer's decision goes to the first step at or after it: the events it made. Its
            // time is the replay's already (``Explanation``, played at the speed).
            let timed = { (micros: UInt64) in
                firstStep(of: frames, atOrAfter: timeBase.seconds(recordingStart + micros) - 1e-9)
            }
            for note in decisions {
                switch note.place {
                case .frame(let index) where index < padSteps.count: frames[padSteps[index]].decisions.append(note)
                case .frame: break
                case .time(let micros): frames[timed(micros)].decisions.append(note)
                }
            }
        }
        return (
            ViewTimeline(scene: model.scene, frames: placedAtTheirTimes(flaggedAtActivation(frames))), model.pipeline
        )
    }

    private init(scene: ViewScene, frames: [ViewFrame]) {
        self.scene = scene
        self.frames = frames
    }

    /// The frames with each lane change at the first step at or after its time: one a recognizer's
    /// timer made (a tap recognized once its wait is over) is read at the next event, later.
    private static func placedAtTheirTimes(_ frames: [ViewFrame]) -> [ViewFrame] {
        var frames = frames
        // Times are seconds from two clocks' arithmetic: a microsecond apart is the same instant.
        for f in frames.indices.dropFirst() {
            let previous = frames[f - 1].time - 1e-6
            let late = frames[f].changes.filter { $0.time < previous }
            guard !late.isEmpty else { continue }
            frames[f].changes.removeAll { $0.time < previous }
            for change in late {
                let at = firstStep(of: frames, atOrAfter: change.time - 1e-6)
                // After the step's changes at or before it, in time order.
                let after = frames[at].changes.lastIndex { $0.time <= change.time }.map { $0 + 1 } ?? 0
                frames[at].changes.insert(change, at: after)
            }
        }
        return frames
    }

    /// The first of `frames` (in time order) at or after `seconds`; the last when none is.
    private static func firstStep(of frames: [ViewFrame], atOrAfter seconds: Double) -> Int {
        Swift.min(frames.partitioningIndex { $0.time >= seconds }, frames.count - 1)
    }

    /// The frames with each accidental activation flagged on the change that activated, where the
    /// model, deciding as it went, could only flag it a window later with a second change.
    private static func flaggedAtActivation(_ frames: [ViewFrame]) -> [ViewFrame] {
        var frames = frames
        // A change and its flag differ only by the flag.
        var activations: [LaneChange: (frame: Int, change: Int)] = [:]
        func key(_ c: LaneChange) -> LaneChange {
            LaneChange(mode: c.mode, lane: c.lane, state: c.state, time: c.time, accidental: false)
        }
        for f in frames.indices {
            // The second changes go first, so that an original in the same frame keeps its flag.
            let flags = frames[f].changes.filter(\.accidental)
            frames[f].changes.removeAll(where: \.accidental)
            for (i, change) in frames[f].changes.enumerated() { activations[key(change)] = (f, i) }
            for change in flags {
                if let original = activations[key(change)] {
                    frames[original.frame].changes[original.change].accidental = true
                }
            }
        }
        return frames
    }

    /// The first frame after `index` at which the modes start to differ (a frame that differs
    /// whose predecessor does not), or nil when they do not again.
    public func nextDifference(after index: Int) -> Int? {
        frames.indices.first { $0 > index && frames[$0].differs && ($0 == 0 || !frames[$0 - 1].differs) }
    }

    /// Lane changes flagged as accidental activations, in order.
    public var accidentalActivations: [LaneChange] {
        frames.flatMap(\.changes).filter(\.accidental)
    }
}
