import GestureSynthesis
import LibinputEvents
import MockedDevices

extension Synthesis {
    /// What libinput made otherwise of the script's statements (``unlikeAsked(in:recordingStart:tapping:)``),
    /// replaying the recording with `options`: by default the system's libinput with its settings.
    public func verified(options: ReplayOptions = ReplayOptions()) throws(HarnessError) -> [String] {
        let replay = try Replay(.recording(recording), options: options)
        return unlikeAsked(in: replay.events, report: replay.report, configuration: options.configuration)
    }

    /// What libinput made otherwise of the script's statements in a replay of the recording
    /// already made: its `events` and `report`, run with `configuration` (whether it tapped).
    public func unlikeAsked(
        in events: [LibinputEvent], report: ReplayReport, configuration: DeviceConfiguration
    ) -> [String] {
        unlikeAsked(
            in: events, recordingStart: report.recordingStart ?? 0, tapping: configuration.taps(on: recording.device))
    }
}
