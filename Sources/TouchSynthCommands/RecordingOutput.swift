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
    let file = try output.flatMap { $0 == "-" ? nil : try openOutput($0, replacing: replacing) }
    if let file, file.canBeReadBack {
        warn(try chosen.write(rec, to: file), in: file.path)
        return try file.commit()
    }
    // Standard output, a pipe or a device cannot be read back: the text is held to be.
    let text = chosen.text(rec)
    warn((file.map { chosen.misnamed($0.path) } ?? []) + chosen.losses(of: rec, in: text), in: file?.path ?? "stdout")
    guard let file else { return try emitRaw(text) }
    try writeText(text, to: file.fileDescriptor, path: file.path)
    try file.commit()
}

/// What reading `file` guessed or repaired, one warning line each on stderr, each once in a
/// command's run however often the file is replayed (once per libinput version by `explain`).
func warn(_ notes: [String], in file: String) {
    for note in notes where CommandIO.current.firstWarning("\(file): \(note)") {
        writeStderr("touchsynth: warning: \(file): \(note)")
    }
}
