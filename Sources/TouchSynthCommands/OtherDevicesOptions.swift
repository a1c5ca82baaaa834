import ArgumentParser
import Recordings
import Replays

/// `--with RECORDING`: other recorded devices played beside the recording, on its clock.
struct OtherDevicesOptions: ParsableArguments {
    @Option(
        name: .customLong("with"),
        help: ArgumentHelp(
            "Another recorded device played at the same time (both first frames at once), e.g. a keyboard (up to 8 "
                + "times; replayed as /dev/input/event11 and up); of a file of several, each that libinput takes.",
            valueName: "recording")) var others: [String] = []

    func validate() throws {
        guard others.count <= 8 else { throw ValidationError("at most 8 --with devices") }
    }

    /// The devices to replay beside the recording: their files, or, to be cut to `window`, read
    /// (what reading guessed said) and cut.
    func sources(window: WindowOptions) throws -> [ReplaySource] {
        guard window.isSet else { return others.map { .file($0) } }
        return try recordings(window: window).map { .recording($0) }
    }

    /// Each file read, every device of it (what reading guessed said), and cut to `window`.
    func recordings(window: WindowOptions) throws -> [Recording] {
        try others.map { path in
            let loaded = try RecordingLoader.load(path, everyDevice: true)
            warn(loaded.notes, in: path)
            return loaded.cutBeside(from: window.start, to: window.end)
        }
    }
}
