import ArgumentParser
import Foundation
import GestureSynthesis
import Recordings

/// `touchsynth synthesize SCRIPT --desc DESC`: a gesture script performed on a real device description.
struct Synthesize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize",
        abstract: "Synthesize a recording from a gesture script on a device description.",
        discussion: """
            Statements, one per line or separated by ';' (lengths in mm, times in ms,
            angles in degrees clockwise):
              pinch   scale=2 angle=0 separation=30mm axis=0 dx=0 dy=0 fingers=2
                      at=center duration=500ms
              rotate  angle=90deg (a pinch with scale=1)
              swipe   fingers=3 direction=left|right|up|down|<angle> distance=40mm
                      spacing=18mm duration=300ms
              scroll  fingers=2 dx=0 dy=30mm spacing=18mm duration=500ms
              move    fingers=1 dx=20mm dy=0 duration=300ms (1 finger: the pointer)
              hold    fingers=2 duration=600ms
              tap     fingers=1 duration=60ms (libinput taps with --enable-tap only)
              click   fingers=1 dx=0 dy=0 duration=100ms (pressed; dx, dy: a drag)
              pause   200ms
              set     rate=125Hz jitter=0.1mm seed=1 gap=300ms leadin=1.6mm
            Every verb takes at= (a path's midpoint, a click's press): center, top,
            bottom-left… (quarter points), X,Y mm from the centre, or X%,Y% of the pad.
            Example (in a clone of TouchSynth):
              touchsynth synthesize -e 'pinch scale=2 angle=30deg' -o pinch.yml \\
                --desc Tests/Fixtures/evemu-devices/touchpads_AlpsPS2_ALPS_GlidePoint.desc
            """)

    @Argument(help: "The gesture script file.") var script: String?
    @Option(name: [.customShort("e"), .long], help: "The script itself, instead of a file.") var text: String?
    @Option(help: "The device description to perform the script on: any description or recording TouchSynth reads.")
    var desc: String?
    @Option(help: .hidden) var device: String?
    @Option(help: "Frames per second (default: the device recording's own rate, else 125).") var rate: Double?
    // Unconditional, so that "--jitter -1" is refused for its value, not taken for an option.
    @Option(parsing: .unconditional, help: "Standard deviation of position noise, mm.") var jitter: Double?
    @Option(parsing: .unconditional, help: "Seed of the position noise.") var seed: UInt64?
    @Option(help: "Output format: yaml, evemu, evtest, getevent or chromeos (default: from -o's extension, else yaml).")
    var format: RecordingFormat?
    @Option(name: .shortAndLong, help: ArgumentHelp("Output file (default: stdout).", valueName: "file")) var output:
        String?

    func validate() throws {
        guard (script == nil) != (text == nil) else {
            throw ValidationError("give a script file or -e TEXT (one of them)")
        }
        guard (desc == nil) != (device == nil) else {
            throw ValidationError("give the device's description with --desc (once)")
        }
        let problem = GestureSynthesizer.Options.problem(rate: rate, jitter: jitter)
        if let problem { throw ValidationError("--" + problem) }
    }

    func run() throws {
        if device != nil { deprecated("--device (a description for synthesize)", use: "--desc") }
        let recording = try { () throws -> Recording in
            let base = try RecordingLoader.load(desc ?? device ?? "")
            let source = script ?? "-e"
            let scriptText = try script.map { path throws(RecordingError) in try readText(path, of: "a gesture script")
            }
            let parsed = try GestureScript.parse(scriptText ?? text ?? "", file: source)
            var options = GestureSynthesizer.Options(for: base)
            if let rate { options.rate = rate }
            if let jitter { options.jitter = jitter }
            if let seed { options.seed = seed }
            return try GestureSynthesizer.synthesize(parsed, on: base.device, options: options, file: source)
        }()
        try writeRecording(recording, to: output, format: format)
    }
}
