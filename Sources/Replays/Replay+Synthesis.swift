import GestureSynthesis
import LibinputEvents
import MockedDevices

extension Synthesis {
    /// What libinput made otherwise of the script's statements (``unlikeAsked(in:recordingStart:tapping:)``),
    /// and what its log says of the jumps the notes warned of (``jumpsInLog(_:)``), replaying the
    /// recording with `options`: by default the system's libinput with its settings.
    public func verified(options: ReplayOptions = ReplayOptions()) throws(HarnessError) -> [String] {
        let replay = try Replay(.recording(recording), options: options)
        let jumps = replay.report.libinputLog.filter(\.isTouchJump).count
        return unlikeAsked(in: replay.events, report: replay.report, configuration: options.configuration)
            + [jumpsInLog(jumps)].compactMap { $0 }
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
