import ArgumentParser
import DeviceCorpus
import Recordings

/// `touchsynth corpus merge FILES…`: the result files of every shard, as the table one run of the
/// whole corpus prints.
struct CorpusMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the result files of a sharded corpus into the table one whole run prints (the same bytes).")

    @Argument(help: "The result files, one per shard (corpus --results).") var files: [String]
    @OptionGroup var output: CorpusOutputOptions

    func run() throws {
        try checkReadable(files)
        try output.checkWritable()
        let merged = try CorpusMerge(files.map { ($0, try CorpusResultsFile.load($0)) })
        try output.print(merged.table, results: merged.results, command: merged.command, failure: merged.failure)
    }
}
