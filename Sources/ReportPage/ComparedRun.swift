import AppEvents
import Gestures
import LibinputDecisions
import LibinputEvents
import ModeComparison
import Recordings

/// One recording or capture compared: its libinput events through both modes, once, and, when
/// asked, the report page drawn from that same run (so the page, its table and `compare`'s
/// agree).
public struct ComparedRun {
    public var events: [LibinputEvent]
    public var timeBase: TimeBase
    public var pipeline: ModePipeline
    public var comparison: ComparisonReport
    public var report: ReportPage?

    /// `events` through both modes, each running what `options` ask besides; with `recording`
    /// (`title`'s, its first frame at `recordingStart` on the events' clock, played at `speed`),
    /// the report page too, naming the app screen `screenName`.
    public init(
        _ events: [LibinputEvent], recording: (title: String, recording: Recording, start: UInt64?)? = nil,
        speed: Double = 1, timeBase: TimeBase? = nil, configuration: AppEventTranslator.Configuration,
        options: ModePipeline.Options, decisions: [DecisionNote] = [], screenName: String? = nil,
        makeSurface: () throws -> Surface
    ) throws {
        self.events = events
        self.timeBase = timeBase ?? TimeBase(of: events)
        if let recording {
            let page = try ReportPage(
                title: recording.title, recording: recording.recording, events: events, recordingStart: recording.start,
                timeBase: self.timeBase, speed: speed, configuration: configuration, options: options,
                decisions: decisions, screenName: screenName, makeSurface: makeSurface)
            (pipeline, comparison, report) = (page.data.pipeline, page.data.comparison, page)
        } else {
            pipeline = try ModePipeline.run(
                events, configuration: configuration, options: options,
                makeSurface: makeSurface)
            (comparison, report) = (pipeline.comparison, nil)
        }
    }
}

extension ComparedRun {
    /// Each run of the capture `file` compared as the initialiser compares events, with the name
    /// it is reported under (``Recordings/RecordingOrCapture/captureRuns()``).
    public static func captures(
        _ file: RecordingOrCapture, configuration: AppEventTranslator.Configuration, options: ModePipeline.Options,
        makeSurface: () throws -> Surface
    ) throws -> [(name: String, run: ComparedRun)] {
        try file.captureRuns().map { run in
            (
                run.name,
                try ComparedRun(run.events, configuration: configuration, options: options, makeSurface: makeSurface)
            )
        }
    }
}
