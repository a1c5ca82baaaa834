import ArgumentParser
import DeviceCorpus
import Foundation
import LibinputEventText
import OutputFiles
import Report

/// How `corpus` and `corpus merge` give the whole corpus's table: text or JSON, Markdown, JUnit
/// XML, and the exit status when the libinput versions differ.
struct CorpusOutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the table as Markdown to FILE.", valueName: "file")) var markdown: String?
    @Flag(help: "JSON Lines output: one object per device and gesture.") var json = false
    @Option(help: ArgumentHelp("Write JUnit XML: a test case per pair, a failed replay an error.", valueName: "file"))
    var junit: String?
    @Flag(
        help: "Exit with status 1, and fail the JUnit test cases, where the libinput versions give different outcomes.")
    var failOnDiff = false

    func validate() throws {
        try CommandIO.current.refuseStandardOutput([("--markdown", markdown), ("--junit", junit)])
    }

    /// Says before any work an output that cannot be written, that is one of the files read, or
    /// that is given twice (`results` besides the table's own).
    func checkWritable(results: String? = nil) throws {
        try OutputFile.refuseOneFileTwice([("--results", results), ("--markdown", markdown), ("--junit", junit)])
        for path in [results, markdown, junit].compactMap({ $0 }) { try openOutput(path).discard() }
    }

    /// Prints `table`, writes the Markdown page naming `command` and the JUnit file, then `finish`es.
    func print(_ table: CorpusTable, results: [CorpusResult], command: String, failure: Error? = nil) throws {
        CommandIO.current.outliveReader(writing: [markdown, junit])
        try json ? emitJSON(table.lines()) : emitRaw(table.text())
        if let markdown { try writeFile(table.markdown(command: "\(command) --markdown \(markdown)"), to: markdown) }
        try finish(results, differs: table.versionsDiffer, failure: failure)
    }

    /// `corpus --json`'s output: the header, then a line per device, gesture and version.
    func emitJSON(_ lines: [CorpusLine]) throws {
        try emit(try JSONLines.document("corpus", lines))
    }

    /// Writes the JUnit file, then ends with `failure` (a replay's), or 1 if asked when the versions differ.
    func finish(_ results: [CorpusResult], differs: Bool, failure: Error? = nil) throws {
        if let junit { try writeFile(CorpusJUnit.xml(results, failOnDiff: failOnDiff), to: junit) }
        if let failure { throw failure }
        if failOnDiff && differs { throw CommandExit(ExitStatus.differs) }
    }
}
