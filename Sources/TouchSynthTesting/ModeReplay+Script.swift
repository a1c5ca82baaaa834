import GestureSynthesis
import Replays

extension ModeReplay {
    /// Performs `script`, a gesture script (`touchsynth synthesize`'s language: `pinch scale=2`,
    /// `swipe fingers=3 direction=left`…), on the touchpad whose description is at `device`, at
    /// its report rate and with libinput's quirks for it (``GestureSynthesizer/Options/init(for:)``),
    /// and replays it as ``init(_:description:device:surface:options:relativeTo:)`` replays a
    /// file. A relative `device` is read from the directory of the test file; failure messages
    /// name the replay by the script, and say of each statement libinput made another gesture of
    /// what it made (``GestureSynthesis/Synthesis/unlikeAsked(in:recordingStart:tapping:)``).
    public init(
        script: String, on device: String, surface: SurfaceSource = .default,
        options: ReplayOptions = ReplayOptions(), relativeTo filePath: StaticString = #filePath
    ) throws {
        let synthesis = try Self.synthesis(
            script: script, on: device, libinput: options.libinput.version, relativeTo: filePath)
        try self.init(synthesis.recording, named: script, surface: surface, options: options)
        madeOtherwise = synthesis.unlikeAsked(in: events, report: replayReport, configuration: options.configuration)
    }

    /// The recording `script` makes on the touchpad whose description is at `device`, as
    /// ``init(script:on:surface:options:relativeTo:)`` replays it, for a test that cuts it or
    /// replays it otherwise (``init(_:named:surface:options:)``): performed at the device's report
    /// rate with the quirks of libinput `libinput` (the version replays run, by default). A
    /// relative `device` is read from the directory of the test file.
    public static func recording(
        script: String, on device: String, libinput: String = ReplayOptions().libinput.version,
        relativeTo filePath: StaticString = #filePath
    ) throws -> Recording {
        try synthesis(script: script, on: device, libinput: libinput, relativeTo: filePath).recording
    }

    private static func synthesis(
        script: String, on device: String, libinput: String, relativeTo filePath: StaticString
    ) throws -> Synthesis {
        try TestFilePath.reading([device], relativeTo: filePath) { () throws(RecordingError) in
            try GestureSynthesizer.perform(
                script, file: "script", onDescriptionAt: TestFilePath.resolve(device, relativeTo: filePath),
                libinput: libinput)
        }
    }
}
