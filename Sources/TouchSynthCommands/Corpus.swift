import ArgumentParser
import DeviceCorpus
import Foundation
import Recordings

/// `touchsynth corpus`: a corpus run (the default) or the merge of a sharded run's result files.
struct Corpus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "corpus",
        abstract:
            "Synthesize a pinch, rotation, 2-finger scroll, 3-finger swipe and hold on every touchpad description and "
            + "report what libinput makes of each.",
        discussion: "`touchsynth corpus run --help` lists a run's options: `touchsynth corpus PATH…` is a run.",
        subcommands: [CorpusRunCommand.self, CorpusMergeCommand.self],
        defaultSubcommand: CorpusRunCommand.self)
}

/// `touchsynth corpus [run]`: the same five gestures synthesized on every touchpad description and
/// replayed through real libinput: which gestures each device gives, and why not. With a shard,
/// a stable part of the pairs, whose result files `corpus merge` puts back together.
struct CorpusRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract:
            "Synthesize a pinch, rotation, 2-finger scroll, 3-finger swipe and hold on every touchpad description and "
            + "report what libinput makes of each (the default).",
        discussion: """
            Example (the table in docs/device-corpus.md):
              touchsynth corpus Tests/Fixtures/devices \\
                --libinput 1.22.1,1.28.1,1.31.3 --markdown docs/device-corpus.md
            With several --libinput versions every gesture is replayed on each, a column per version.
            On a CI job matrix, each job runs --shard I/N (or the shard TEST_SHARD_INDEX/TEST_TOTAL_SHARDS or \
            CI_NODE_INDEX/CI_NODE_TOTAL give) with --results, and `touchsynth corpus merge` of the result files prints \
            the whole table (docs/ci.md).
            """)

    @Argument(
        help: "Description or recording files, or directories of them (duplicates of one device are tested once).")
    var paths: [String]
    @Option(parsing: .unconditional, help: "Replays run at once (default: the number of CPUs).") var jobs: Int?
    @OptionGroup var output: CorpusOutputOptions
    @OptionGroup var input: LogInputOptions
    @OptionGroup var clock: ClockOptions
    @OptionGroup var quirks: QuirksOptions
    @OptionGroup var libinput: LibinputOptions
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Run part I of N of the (device × gesture × libinput version) pairs, 1-based, a device's gesture on "
                + "every version in one shard; without it, the shard the CI's environment names, if any.",
            valueName: "I/N"), transform: CorpusShard.parsing) var shard: CorpusShard?
    @Option(
        help: ArgumentHelp(
            "Result files of an earlier run: shards are balanced by their pairs' durations, longest first "
                + "(repeatable).",
            valueName: "file")) var durations: [String] = []
    @Flag(help: "Print which shard each pair goes to, and each shard's expected time, without running anything.")
    var list = false
    @Option(
        help: ArgumentHelp(
            "Write the run's result file (JSON Lines, one record per pair) for `corpus merge`.", valueName: "file"))
    var results: String?

    func validate() throws {
        try libinput.check(several: true)
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be within 1 and 64") }
        try CommandIO.current.refuseStandardOutput([("--results", results)])
    }

    func run() throws {
        try checkReadable(quirks.files, replaceable: durations)
        let part = try currentShard()
        if part != nil, output.markdown != nil {
            throw ValidationError(
                "--markdown writes the whole corpus's table, which a shard has not: "
                    + "corpus merge of the shards' result files writes it")
        }
        if part != nil, output.failOnDiff {
            throw ValidationError(
                "--fail-on-diff compares each gesture's libinput versions across the whole corpus, which only "
                    + "corpus merge of the shards' result files sees: give it to the merge")
        }
        let writes = [("--results", results), ("--markdown", output.markdown), ("--junit", output.junit)]
        if list, let option = writes.first(where: { $0.1 != nil })?.0 ?? (output.failOnDiff ? "--fail-on-diff" : nil) {
            throw ValidationError("--list runs nothing, so \(option) has nothing to write or judge")
        }
        let (devices, skipped) = try CorpusDevice.collect(paths, description: input.desc, node: input.node)
        try output.checkWritable(results: results)
        CommandIO.current.outliveReader(writing: [output.markdown, output.junit])
        for skip in skipped { writeStderr("touchsynth: warning: skipped \(skip.file): \(skip.reason)") }
        for device in devices { warn(device.notes, in: device.file) }
        try CorpusDevice.checkAny(devices, skipped: skipped, in: paths)
        var run = CorpusRun(devices: devices, builds: try libinput.builds())
        run.options = replayOptions(clock: clock, quirks: quirks)
        if let jobs { run.jobs = jobs }
        let known = try durations.flatMap { try CorpusResultsFile.load($0).results }
        let assignment = run.restrict(to: part, durations: known)
        if list {
            let list = output.json ? CorpusShardList.jsonLines : CorpusShardList.text
            return try emitRaw(list(run.pairs.map(\.pair), assignment, part?.count ?? 1, known))
        }
        let outcome = run.run()
        try endIfInterrupted(by: outcome.interruption)
        if let refused = outcome.refusedQuirks { throw refused }
        if let path = results {
            try writeFile(
                CorpusResultsFile(
                    command: command, versions: run.builds.map(\.version),
                    shard: part ?? CorpusShard(index: 1, count: 1)!,
                    devices: devices, results: outcome.results
                ).text(), to: path)
        }
        guard let part else {
            return try output.print(outcome.table, results: outcome.results, command: command, failure: outcome.failure)
        }
        if output.json {
            try output.emitJSON(CorpusTable.lines(outcome.results, devices: devices))
        } else {
            try emitRaw(CorpusShardList.results(outcome.results, shard: part, of: run.pairs.count))
        }
        try output.finish(outcome.results, differs: false, failure: outcome.failure)
    }

    /// The command a single run of the whole corpus would be, with every option that changes a
    /// pair's outcome: the table's "produced by" line, and what `corpus merge` holds the shards'
    /// result files to, so that shards run otherwise are not merged.
    private var command: String {
        var words = ["touchsynth", "corpus"] + paths
        words += [("--desc", input.desc), ("--device", input.node), ("--dmi", quirks.dmi)].flatMap { option, value in
            value.map { [option, $0] } ?? []
        }
        words += libinput.list.flatMap { ["--libinput", $0] } + quirks.files.flatMap { ["--quirks", $0] }
        words += quirks.udevProperty.flatMap { ["--udev-property", "\($0.key)=\($0.value)"] }
        return (words + (clock.realTime ? ["--real-time"] : [])).joined(separator: " ")
    }

    /// `--shard`, else the CI's environment's, said in one line.
    private func currentShard() throws -> CorpusShard? {
        if let shard { return shard }
        guard let given = try CorpusShard.fromEnvironment(ProcessInfo.processInfo.environment) else { return nil }
        writeStderr("touchsynth: shard \(given.shard) from \(given.variables)")
        // Bazel's protocol: touching the file says the test runner honours the shard.
        if let status = given.statusFile { try writeFile("", to: status) }
        return given.shard
    }
}
