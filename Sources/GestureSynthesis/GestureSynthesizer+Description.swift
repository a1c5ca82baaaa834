import LibinputDecisions
import Recordings

extension GestureSynthesizer {
    /// The script `text` (read from `file`, which its errors name) performed on the touchpad that
    /// the description or recording at `path` describes (its device at `node`, of a file holding
    /// several), with the settings that suit the device
    /// (``Options/init(for:)``) as `adjust` changes them. A device libinput would not make a
    /// touchpad of is refused, naming `path` and the rule in `libinput`'s source
    /// (``TouchpadRefusal``): a recording of it would replay to nothing. The notes, the
    /// description's and the script's, each begin with the file they are about.
    public static func synthesize(
        _ text: String, file: String, onDescriptionAt path: String, node: String? = nil, libinput: String,
        adjust: (inout Options) -> Void = { _ in }
    ) throws(RecordingError) -> Recording {
        try perform(text, file: file, onDescriptionAt: path, node: node, libinput: libinput, adjust: adjust).recording
    }

    /// The script `text` performed as ``synthesize(_:file:onDescriptionAt:node:libinput:adjust:)``
    /// makes its recording, with where in it each statement's fingers were.
    public static func perform(
        _ text: String, file: String, onDescriptionAt path: String, node: String? = nil, libinput: String,
        adjust: (inout Options) -> Void = { _ in }
    ) throws(RecordingError) -> Synthesis {
        let base = try RecordingLoader.load(path, node: node)
        if let refusal = TouchpadRefusal.of(base.device, libinput: libinput) {
            throw RecordingError(.badData, file: path, refusal.description)
        }
        let script = try GestureScript.parse(text, file: file)
        var options = Options(for: base)
        options.libinput = libinput
        adjust(&options)
        var synthesis = try perform(script, on: base.device, options: options, file: file)
        synthesis.recording.notes =
            base.notes.map { "\(path): \($0)" } + synthesis.recording.notes.map { "\(file): \($0)" }
        return synthesis
    }
}
