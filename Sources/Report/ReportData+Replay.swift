import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Recordings
import ViewTimeline

extension ReportData {
    /// The report of `recording`, whose replay through libinput gave `events`, translated in both
    /// modes with `configuration` (the screen, the pointer interactions) and delivered to the
    /// surfaces `makeSurface` makes; with the player of its ``ViewTimeline`` (the recording's first
    /// frame at `recordingStart` on libinput's clock, nil to leave the pad's contacts out of it).
    /// Its times, the player's too, count from the replay's `timeBase`; `checksInvariants` checks
    /// each mode's stream against the delivery invariants (``ModePipeline/Lane/violations``).
    public init(title: String, recording: Recording, events: [LibinputEvent], recordingStart: UInt64?,
                timeBase: TimeBase, configuration: AppEventTranslator.Configuration, checksInvariants: Bool = false,
                makeSurface: () throws -> Surface) rethrows {
        // One run for the page's plots, its table and its player.
        let (timeline, pipeline) = try ViewTimeline.run(title: title, recording: recording, events: events, recordingStart: recordingStart,
                                                        timeBase: timeBase, configuration: configuration,
                                                        checksInvariants: checksInvariants, makeSurface: makeSurface)
        self.init(title: title, recording: recording, libinput: events, timeBase: timeBase, pipeline: pipeline,
                  screen: configuration.screenSize, pointerInteractions: configuration.pointerInteractions)
        self.timeline = timeline
    }
}
