import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Recordings

/// A replay stepped through a fresh ``ViewModel`` in the timeline's order: each of the pad's
/// evdev frames before the libinput events it causes, which carry its time, then the end.
struct TimelinePlay {
    private let device: DeviceDescription
    private let padFrames: [(time: UInt64, events: [EvdevEvent])]
    private let events: [LibinputEvent]
    let recordingStart: UInt64?
    let timeBase: TimeBase

    /// `recording`'s frames played at `speed` from `recordingStart` on libinput's clock, and
    /// `events`, libinput's of that replay.
    init(recording: Recording, events: [LibinputEvent], recordingStart: UInt64?, timeBase: TimeBase, speed: Double) {
        device = recording.device
        // Without a start (a run that delivered nothing) the pad's frames are left out.
        padFrames =
            recordingStart.map { start in
                recording.frames.map { (time: start + PlaybackSpeed.micros($0.time, at: speed), events: $0.events) }
            } ?? []
        self.events = events
        self.recordingStart = recordingStart
        self.timeBase = timeBase
    }

    /// Steps a new model through the replay, handing each frame to `frame` as it is made: the
    /// model finished, and where each of the pad's frames is among the steps.
    func run(
        title: String, configuration: AppEventTranslator.Configuration, options: ModePipeline.Options = .init(),
        makeSurface: () throws -> Surface, frame: (ViewFrame) throws -> Void
    ) rethrows -> (model: ViewModel, padSteps: [Int]) {
        let model = try ViewModel(
            title: title, device: device, configuration: configuration, timeBase: timeBase,
            rule: .wholeStream, options: options, makeSurface: makeSurface)
        var padSteps: [Int] = []
        padSteps.reserveCapacity(padFrames.count)
        func pad(_ index: Int) throws {
            let made = model.step(frame: padFrames[index].events, at: padFrames[index].time)
            padSteps.append(made.index)
            try frame(made)
        }
        var next = 0
        for event in events {
            while next < padFrames.count && padFrames[next].time <= event.time {
                try pad(next)
                next += 1
            }
            try frame(model.step(event))
        }
        for index in padFrames.indices.dropFirst(next) { try pad(index) }
        try frame(
            model.finish(at: ModePipeline.flushTime(after: max(events.last?.time ?? 0, padFrames.last?.time ?? 0))))
        return (model, padSteps)
    }
}
