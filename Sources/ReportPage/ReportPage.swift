import AppEvents
import Gestures
import LibinputDecisions
import LibinputEvents
import ModeComparison
import Recordings
import Report
import ViewPage
import ViewTimeline

/// A recording's report as one HTML page that works from the file alone: its plots and table
/// (``ReportData``) and the view's player (``ViewTimeline``), drawn from one run of both modes.
public struct ReportPage {
    /// The plots, the table and the run they came from.
    public let data: ReportData
    /// The player's frames.
    public let timeline: ViewTimeline

    /// The report of `recording`, whose replay through libinput gave `events`, translated in both
    /// modes with `configuration` (the screen, the pointer interactions) and delivered to the
    /// surfaces `makeSurface` makes; the player's pad frames start at `recordingStart` on
    /// libinput's clock (nil leaves the pad's contacts out). Its times count from the replay's
    /// `timeBase`; `checksInvariants` checks each mode's stream against the delivery invariants
    /// (``ModePipeline/Lane/violations``); the player shows libinput's `decisions`.
    public init(
        title: String, recording: Recording, events: [LibinputEvent], recordingStart: UInt64?,
        timeBase: TimeBase, configuration: AppEventTranslator.Configuration, checksInvariants: Bool = false,
        decisions: [DecisionNote] = [], makeSurface: () throws -> Surface
    ) rethrows {
        // One run for the page's plots, its table and its player.
        let (timeline, pipeline) = try ViewTimeline.run(
            title: title, recording: recording, events: events, recordingStart: recordingStart,
            timeBase: timeBase, configuration: configuration,
            checksInvariants: checksInvariants, decisions: decisions, makeSurface: makeSurface)
        data = ReportData(
            title: title, recording: recording, libinput: events, timeBase: timeBase, pipeline: pipeline,
            screen: configuration.screenSize, pointerInteractions: configuration.pointerInteractions)
        self.timeline = timeline
    }

    /// The page: the report with the player, everything inline.
    public func html() -> String {
        data.html(
            player:
                "<h2>Player</h2>\n<p>Step through the replay frame by frame (← →), play it (space), or jump to where "
                + "the modes start to differ (d).</p>\n" + ViewPage.embedded(timelineJSON: timeline.json))
    }
}
