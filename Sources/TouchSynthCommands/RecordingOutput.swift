import ArgumentParser
import Foundation
import Recordings

extension RecordingFormat: ExpressibleByArgument {}

/// Writes `rec` to `output` (stdout when nil) in `format`, or the format the file's extension
/// names, or YAML; `replacing` may be the output (``writeFile(_:to:replacing:)``).
func writeRecording(_ rec: Recording, to output: String?, format: RecordingFormat?, replacing: String? = nil) throws {
    let chosen = format ?? output.flatMap(RecordingFormat.forPath) ?? .yaml
    let text = chosen.text(rec)
    warn(chosen.losses(of: rec, in: text), in: output ?? "stdout")
    guard let output else { return try emitRaw(text) }
    try writeFile(text, to: output, replacing: replacing)
}

/// What reading `file` guessed or repaired, one warning line each on stderr.
func warn(_ notes: [String], in file: String) {
    for note in notes { writeStderr("touchsynth: warning: \(file): \(note)") }
}
