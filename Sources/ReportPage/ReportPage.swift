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
    /// The most frames (the pad's evdev frames and libinput's events) a page embeds the player
    /// for: about 25 MB of frames, two minutes of continuous touching, which a browser still
    /// opens at once. A longer replay's page leaves the player out and says how to play it.
    public static let playerFrameLimit = 40_000

    /// The plots, the table and the run they came from.
    public let data: ReportData
    /// The player's frames; nil when the replay has more than ``playerFrameLimit``.
    public let timeline: ViewTimeline?
    /// The frames the player would have had.
    public let frameCount: Int
    private let limit: Int

    /// The report of `recording`, whose replay through libinput gave `events`, translated in both
    /// modes with `configuration` (the screen, the pointer interactions) and delivered to the
    /// surfaces `makeSurface` makes; the player's pad frames start at `recordingStart` on
    /// libinput's clock (nil leaves the pad's contacts out), played at the replay's `speed`, as
    /// libinput read them. Its times count from the replay's
    /// `timeBase`; `options` say what else each mode runs (the delivery invariants checked,
    /// ``ModePipeline/Lane/violations``; the pointer lock asked for); the player shows libinput's
    /// `decisions`, and is left out beyond `playerFrameLimit` frames; `screenName` names the app
    /// screen where the page says what differs in compare's words.
    public init(
        title: String, recording: Recording, events: [LibinputEvent], recordingStart: UInt64?,
        timeBase: TimeBase, speed: Double = 1, configuration: AppEventTranslator.Configuration,
        options: ModePipeline.Options = .init(), decisions: [DecisionNote] = [], screenName: String? = nil,
        playerFrameLimit: Int = Self.playerFrameLimit, makeSurface: () throws -> Surface
    ) rethrows {
        // The player's frames: the pad's (when they have a start), libinput's events, and the end.
        frameCount = (recordingStart == nil ? 0 : recording.frames.count) + events.count + 1
        limit = playerFrameLimit
        // One run for the page's plots, its table and its player, when it has one.
        let pipeline: ModePipeline
        if frameCount <= playerFrameLimit {
            let run = try ViewTimeline.run(
                title: title, recording: recording, events: events, recordingStart: recordingStart,
                timeBase: timeBase, speed: speed, configuration: configuration,
                options: options, decisions: decisions, makeSurface: makeSurface)
            (timeline, pipeline) = (run.timeline, run.pipeline)
        } else {
            timeline = nil
            var options = options
            options.keepsAppEvents = true
            pipeline = try ModePipeline.run(
                events, configuration: configuration, options: options, makeSurface: makeSurface)
        }
        data = ReportData(
            title: title, recording: recording, libinput: events, timeBase: timeBase, pipeline: pipeline,
            screen: configuration.screenSize, pointerInteractions: configuration.pointerInteractions,
            screenName: screenName)
    }

    /// The page: the report with the player, everything inline; under its title the test
    /// `failure` it was written for, if any.
    public func html(failure: String? = nil) -> String {
        guard let timeline else {
            return data.html(
                failure: failure,
                player: "<h2>Player</h2>\n<p>Left out: the replay has \(frameCount) frames, and a page embeds the "
                    + "player for at most \(limit). <code>touchsynth view</code> plays the whole "
                    + "recording; <code>--start</code> and <code>--end</code> make a report of a part.</p>\n")
        }
        return data.html(
            failure: failure,
            player:
                "<h2>Player</h2>\n<p>Step through the replay frame by frame (← →), play it (space), "
                + "or jump to where the modes start to differ (d).</p>\n"
                + ViewPage.embedded(timelineJSON: timeline.json))
    }
}
