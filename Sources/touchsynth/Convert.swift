import ArgumentParser
import Foundation
import Recordings

/// `touchsynth convert IN -o OUT`: between libinput record YAML, evemu and evtest text.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a recording between libinput record YAML, evemu and evtest text (input format detected).",
        discussion: "The output format follows -o's extension (.yml, .evemu/.events, .evtest/.txt) unless --to says otherwise.")

    @Argument(help: "The recording (evemu, libinput record YAML or evtest text).") var recording: String
    @Option(help: "Device description for an evemu .events file without a header.") var desc: String?
    @Option(help: "Output format: yaml, evemu or evtest.") var to: RecordingFormat?
    @Option(name: .shortAndLong, help: "Output file (default: stdout).") var output: String?
    @Flag(help: "Write only the device description (an evemu .desc), no events.") var descriptionOnly = false

    func run() throws {
        var rec = reportingErrors { try RecordingLoader.load(recording, description: desc) }
        if descriptionOnly { rec.frames = [] }
        writeRecording(rec, to: output, format: to)
    }
}
