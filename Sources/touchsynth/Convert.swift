import ArgumentParser
import Foundation
import Recordings

/// `touchsynth convert IN -o OUT`: between libinput record YAML, evemu and evtest text.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a recording between libinput record YAML, evemu, evtest, getevent and ChromeOS evdev logs (input format detected).",
        discussion: "The output format follows -o's extension (.yml, .evemu/.events, .evtest/.txt, .getevent, .chromeos) unless --to says otherwise.")

    @Argument(help: "The recording (evemu, libinput record YAML, evtest text, getevent -lt/-t, a ChromeOS evdev log).") var recording: String
    @Option(help: "Device description for a log without one (evemu or evtest events only): any description or recording TouchSynth reads, or a bare evemu A: axis list. Without it, one is inferred from the events (a warning says what was guessed).")
    var desc: String?
    @Option(name: .customLong("device"), help: ArgumentHelp("The device of a getevent log of several, by node (event2 or /dev/input/event2).", valueName: "node"))
    var logDevice: String?
    @Option(help: "Output format: yaml, evemu, evtest, getevent (-lp then -lt) or chromeos (a ChromiumOS libevdev log).") var to: RecordingFormat?
    @Option(name: .shortAndLong, help: "Output file (default: stdout).") var output: String?
    @Flag(help: "Write only the device description (an evemu .desc), no events.") var descriptionOnly = false

    func run() throws {
        var rec = reportingErrors { try RecordingLoader.load(recording, description: desc, node: logDevice) }
        warn(rec.notes, in: recording)
        if descriptionOnly { rec.frames = [] }
        writeRecording(rec, to: output, format: to)
    }
}
