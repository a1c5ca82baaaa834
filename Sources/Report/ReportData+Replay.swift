import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Recordings

extension ReportData {
    /// The report of `recording`, whose replay through libinput gave `events`, translated in both
    /// modes with `configuration` (the screen, the pointer interactions) and delivered to the
    /// surfaces `makeSurface` makes.
    public init(title: String, recording: Recording, events: [LibinputEvent], configuration: AppEventTranslator.Configuration,
                makeSurface: @escaping () -> Surface) {
        self.init(title: title, recording: recording, libinput: events,
                  compat: Comparison.appEvents(events, mode: .compatibility, configuration: configuration),
                  indirect: Comparison.appEvents(events, mode: .indirectInput, configuration: configuration),
                  screen: configuration.screenSize, makeSurface: makeSurface, pointerInteractions: configuration.pointerInteractions)
    }
}
