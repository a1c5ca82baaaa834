import ArgumentParser
import Foundation
import Recordings

extension RecordingFormat: ExpressibleByArgument {}

/// Writes `rec` to `output` (stdout when nil) in `format`, or the format chosen for it
/// (``RecordingFormat/chosen(_:path:descriptionOnly:)``); `replacing` may be the output
/// (``writeFile(_:to:replacing:)``).
func writeRecording(
    _ rec: Recording, to output: String?, format: RecordingFormat?, descriptionOnly: Bool = false,
    replacing: String? = nil
) throws {
    let chosen = RecordingFormat.chosen(format, path: output, descriptionOnly: descriptionOnly)
    let text = chosen.text(rec)
    warn(chosen.losses(of: rec, in: text), in: output ?? "stdout")
    guard let output else { return try emitRaw(text) }
    try writeFile(text, to: output, replacing: replacing)
}

/// What reading `file` guessed or repaired, one warning line each on stderr, each once in a
/// command's run however often the file is replayed (once per libinput version by `explain`).
func warn(_ notes: [String], in file: String) {
    for note in notes where CommandIO.current.firstWarning("\(file): \(note)") {
        writeStderr("touchsynth: warning: \(file): \(note)")
    }
}
