import ArgumentParser
import Foundation
import Recordings

/// The formats TouchSynth writes recordings in.
enum RecordingFormat: String, ExpressibleByArgument, CaseIterable {
    case yaml, evemu, evtest, getevent, chromeos

    /// The format an output file's extension asks for: .yml/.yaml, .evemu/.events, .evtest/.txt.
    static func forPath(_ path: String) -> RecordingFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "yml", "yaml": return .yaml
        case "evemu", "events": return .evemu
        case "evtest", "txt", "log": return .evtest
        case "getevent": return .getevent
        case "chromeos": return .chromeos
        default: return nil
        }
    }

    /// The recording in this format, its notes (what the reader guessed) first as comments.
    func text(_ recording: Recording) -> String {
        let notes = recording.notes.map { "# touchsynth: \($0)\n" }.joined()
        switch self {
        case .yaml: return notes + LibinputRecordFormat.write(recording)
        case .evemu: return notes + EvemuFormat.write(recording)
        case .evtest: return notes + EvtestFormat.write(recording)
        case .getevent: return notes + GeteventFormat.write(recording)
        // The log's own comments are its header: notes would make it evemu's.
        case .chromeos: return ChromeOSEvdevLog.write(recording) + notes
        }
    }
}

/// Writes `recording` to `output` (stdout when nil) in `format`, or the format the file's extension
/// names, or YAML.
func writeRecording(_ recording: Recording, to output: String?, format: RecordingFormat?) {
    let chosen = format ?? output.flatMap(RecordingFormat.forPath) ?? .yaml
    let text = chosen.text(recording)
    guard let output else { return emitRaw(text) }
    writeFile(text, to: output)
}

/// What reading `file` guessed or repaired, one warning line each on stderr.
func warn(_ notes: [String], in file: String) {
    for note in notes { writeStderr("touchsynth: warning: \(file): \(note)") }
}
