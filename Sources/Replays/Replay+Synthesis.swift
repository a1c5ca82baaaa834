import GestureSynthesis
import MockedDevices

extension Synthesis {
    /// What libinput made otherwise of the script's statements (``unlikeAsked(in:recordingStart:tapping:)``),
    /// replaying the recording with `options`: by default the system's libinput with its settings.
    public func verified(options: ReplayOptions = ReplayOptions()) throws(HarnessError) -> [String] {
        let replay = try Replay(.recording(recording), options: options)
        return unlikeAsked(
            in: replay.events, recordingStart: replay.report.recordingStart ?? 0,
            tapping: options.configuration.taps(on: recording.device))
    }
}
