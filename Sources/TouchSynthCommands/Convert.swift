import ArgumentParser
import Foundation
import Recordings

/// `touchsynth convert IN -o OUT`: between libinput record YAML, evemu and evtest text.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract:
            "Convert a recording between libinput record YAML, evemu, evtest, getevent and ChromeOS evdev logs (input "
            + "format detected).",
        discussion:
            "The output format follows -o's extension (.yml/.yaml, .evemu/.events/.desc, .evtest/.txt/.log, "
            + ".getevent, .chromeos; else YAML) unless --format says otherwise."
    )

    @Argument(help: Help.recording) var recording: String
    @OptionGroup var input: LogInputOptions
    @Option(
        help: "Output format: yaml, evemu, evtest, getevent (-lp then -lt) or chromeos (a ChromiumOS libevdev log).")
    var format: RecordingFormat?
    @Option(help: .hidden) var to: RecordingFormat?
    @Option(name: .shortAndLong, help: Help.outputFile) var output: String?
    @Flag(help: "Write only the device description: evemu's .desc, unless --format or -o's extension says otherwise.")
    var descriptionOnly = false
    @OptionGroup var window: WindowOptions

    func validate() throws {
        if to != nil, format != nil { throw ValidationError("--to is the old spelling of --format: give one of them") }
        if descriptionOnly, window.start != nil || window.end != nil {
            throw ValidationError("--description-only writes no events: --start and --end would cut nothing")
        }
    }

    func run() throws {
        if to != nil { deprecated("--to", use: "--format") }
        try checkReadable([recording, input.desc])
        let read = try ConversionInput(path: recording, description: input.desc, node: input.node)
        warn(read.recording.notes, in: recording)
        var rec = try window.cut(read.recording, path: recording)
        if descriptionOnly { rec.frames = [] } else { warn(read.losses, in: recording) }
        try writeRecording(
            rec, to: output, format: format ?? to, descriptionOnly: descriptionOnly, replacing: recording)
    }
}
