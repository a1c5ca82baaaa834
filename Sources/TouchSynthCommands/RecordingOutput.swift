import ArgumentParser
import Foundation
import Recordings

extension RecordingFormat: ExpressibleByArgument {}

/// Writes `recording` to `output` (stdout when nil) in `format`, or the format the file's extension
/// names, or YAML.
func writeRecording(_ recording: Recording, to output: String?, format: RecordingFormat?) throws {
    let chosen = format ?? output.flatMap(RecordingFormat.forPath) ?? .yaml
    let text = chosen.text(recording)
    warn(chosen.losses(of: recording, in: text), in: output ?? "stdout")
    guard let output else { return try emitRaw(text) }
    try writeFile(text, to: output)
}

/// What reading `file` guessed or repaired, one warning line each on stderr.
func warn(_ notes: [String], in file: String) {
    for note in notes { writeStderr("touchsynth: warning: \(file): \(note)") }
}
