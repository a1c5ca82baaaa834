import ArgumentParser
import Foundation
import GestureSynthesis
import LibinputEvents
import MockedDevices
import Recordings
import Replays

/// `touchsynth synthesize SCRIPT --desc DESC`: a gesture script performed on a real device description.
struct Synthesize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesize",
        abstract: "Synthesize a recording from a gesture script on a device description.",
        discussion: GestureScript.summary + "\n\n" + """
            Example (in a clone of TouchSynth):
              touchsynth synthesize -e 'pinch scale=2 angle=30deg' -o pinch.yml \\
                --desc Tests/Fixtures/devices/touchpads_SynPS2_Synaptics_TouchPad.desc
            """)

    @Argument(help: "The gesture script file.") var script: String?
    @Option(name: [.customShort("e"), .long], help: "The script (each -e a line), not a file.") var text: [String] = []
    @Option(help: "The device description to perform the script on: any description or recording TouchSynth reads.")
    var desc: String?
    @Option(help: Help.node) var device: String?
    @Option(parsing: .unconditional, help: "Frames per second (default: the device recording's own rate, else 125).")
    var rate: Double?
    // Unconditional, so that "--jitter -1" is refused for its value, not taken for an option.
    @Option(parsing: .unconditional, help: "Standard deviation of position noise, mm.") var jitter: Double?
    @Option(parsing: .unconditional, help: "Seed of the position noise.") var seed: UInt64?
    @Option(help: "Output format: yaml, evemu, evtest, getevent or chromeos (default: from -o's extension, else yaml).")
    var format: RecordingFormat?
    @Option(name: .shortAndLong, help: Help.outputFile) var output: String?
    @Flag(help: "Replay it through libinput: warn of each statement it made otherwise, and of jumps it logged.")
    var verify = false
    @OptionGroup(title: "Device configuration, for --verify's replay") var config: DeviceConfigOptions
    @OptionGroup var libinput: LibinputOption

    func validate() throws {
        guard (script == nil) != text.isEmpty else {
            throw ValidationError("give a script file or -e TEXT (one of them)")
        }
        guard desc != nil || device != nil else { throw ValidationError("give the device's description with --desc") }
        let problem = GestureSynthesizer.Options.problem(rate: rate, jitter: jitter)
        if let problem { throw ValidationError("--" + problem) }
        let setting = config.configuration != DeviceConfiguration() ? "a device setting" : nil
        let given = setting ?? (libinput.versions.isEmpty ? nil : "--libinput")
        if !verify, let given {
            throw ValidationError("\(given) is for --verify's replay: give --verify, or leave it out")
        }
        try libinput.check(several: false)
    }

    func run() throws {
        let build = try libinput.build()
        if desc == nil { deprecated("--device (a description for synthesize)", use: "--desc") }
        try checkReadable([script, desc ?? device])
        let scriptText = try script.map { path throws(RecordingError) in try readText(path, of: "a gesture script") }
        let synthesis = try GestureSynthesizer.perform(
            scriptText ?? text.joined(separator: "\n"), file: script ?? "-e", onDescriptionAt: desc ?? device ?? "",
            node: desc == nil ? nil : device,
            libinput: build.version
        ) { options in
            if let rate { options.rate = rate }
            if let jitter { options.jitter = jitter }
            if let seed { options.seed = seed }
        }
        for note in synthesis.recording.notes { writeStderr("touchsynth: warning: " + note) }
        warn(
            try verify ? synthesis.verified(options: replayOptions(libinput: build, config: config)) : [],
            in: script ?? "-e")
        try writeRecording(synthesis.recording, to: output, format: format)
    }
}
