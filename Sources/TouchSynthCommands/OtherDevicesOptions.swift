import ArgumentParser
import Recordings
import Replays

/// `--with RECORDING`: other recorded devices played beside the recording, on its clock.
struct OtherDevicesOptions: ParsableArguments {
    @Option(
        name: .customLong("with"),
        help: ArgumentHelp(
            "Another recorded device played at the same time (both first frames at once), e.g. a keyboard, as "
                + "/dev/input/event11 and up (repeatable); of a file of several, each that libinput takes.",
            valueName: "recording")) var others: [String] = []

    func validate() throws {
        guard others.count <= 8 else { throw ValidationError("at most 8 --with devices") }
    }

    /// The devices to replay beside the recording: their files, or, to be cut to `window`, read
    /// (what reading guessed said) and cut.
    func sources(window: WindowOptions) throws -> [ReplaySource] {
        try others.map { path in
            guard window.isSet else { return .file(path) }
            let loaded = try RecordingLoader.load(path, everyDevice: true)
            warn(loaded.notes, in: path)
            return .recording(try window.cut(loaded, path: path))
        }
    }
}
