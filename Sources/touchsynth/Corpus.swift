import ArgumentParser
import DeviceCorpus
import Foundation

/// `touchsynth corpus`: the same five gestures synthesized on every touchpad description and
/// replayed through real libinput: which gestures each device gives, and why not.
struct Corpus: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Synthesize a pinch, rotation, 2-finger scroll, 3-finger swipe and hold on every touchpad description and report what libinput makes of each.",
        discussion: """
            Example (the table in docs/device-corpus.md): touchsynth corpus Tests/Fixtures/devices --libinput 1.22.1,1.28.1,1.31.3 \
            --markdown docs/device-corpus.md. With several --libinput versions every gesture is replayed on each, a column per version.
            """)

    @Argument(help: "Description or recording files, or directories of them (duplicates of one device are tested once).") var paths: [String]
    @Option(help: "Replays run at once (default: the number of CPUs).") var jobs: Int?
    @Option(help: ArgumentHelp("Also write the table as Markdown to FILE.", valueName: "file")) var markdown: String?
    @Flag(help: "JSON Lines output: one object per device and gesture.") var json = false
    @OptionGroup var input: LogInputOptions
    @OptionGroup var clock: ClockOptions
    @OptionGroup var libinput: LibinputOptions

    func validate() throws {
        try libinput.check(several: true)
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be within 1 and 64") }
    }

    func run() throws {
        let (devices, skipped) = reportingErrors { try CorpusDevice.collect(paths, description: input.desc, node: input.node) }
        for skip in skipped { writeStderr("touchsynth: skipped \(skip.file): \(skip.reason)") }
        guard !devices.isEmpty else {
            // Files that are there but hold no touchpad are data the corpus cannot use; nothing there at all is a missing input.
            fail("no touchpad among the files in \(paths.joined(separator: ", "))", code: skipped.isEmpty ? ExitStatus.missingInput : ExitStatus.badData)
        }
        var run = CorpusRun(devices: devices, builds: libinput.builds())
        run.options = replayOptions(clock: clock)
        if let jobs { run.jobs = jobs }
        let outcome = run.run()
        if let signal = outcome.interruption { Foundation.exit(128 + signal) }
        if json {
            emit(JSONLines.header("corpus"))
            for line in outcome.table.lines() { emit(JSONLines.line(line)) }
        } else {
            emitRaw(outcome.table.text())
        }
        if let markdown {
            let versions = libinput.list.map { " --libinput \($0)" } ?? ""
            writeFile(outcome.table.markdown(command: "touchsynth corpus \(paths.joined(separator: " "))\(versions) --markdown \(markdown)"), to: markdown)
        }
    }
}
