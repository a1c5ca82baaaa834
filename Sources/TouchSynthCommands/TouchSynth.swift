import ArgumentParser
import Foundation
import LibinputEventText
import MockedDevices
import OutputFiles
import ProcessSignals
import Recordings
import Report

/// The `touchsynth` command and its subcommands: the `touchsynth` executable runs it, and so does
/// `touchsynth-view` (``ViewServers``).
public struct TouchSynth: ParsableCommand {
    /// Computed on each parse: its version is the command line's (``Version/isAsked``).
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "touchsynth",
            abstract:
                "Real libinput touchpad events, and what an iPad app would get from them in UIKit's compatibility and "
                + "indirect input modes.",
            version: Version.text,
            subcommands: [
                Devices.self, Debug.self, Record.self, ReplayCommand.self, Compare.self, ReportCommand.self, View.self,
                Surfaces.self, Mock.self, Convert.self, Synthesize.self, Corpus.self, Bench.self, Diff.self,
                Bridge.self, Play.self, Explain.self, QuirksCommand.self,
            ])
    }

    public init() {}
}

/// What a command line did: its output and its exit status.
public struct CommandRun: Sendable, Equatable {
    public var stdout: String
    public var stderr: String
    public var status: Int32
}

extension TouchSynth {
    /// Runs a command line (without the program's name) as `touchsynth` would, in this process,
    /// its output captured: how tests run a command that needs no process of its own.
    public static func run(_ arguments: [String]) -> CommandRun {
        let io = CommandIO(captures: true)
        let status = CommandIO.$current.withValue(io) { execute(arguments) }
        let (stdout, stderr) = io.captured
        return CommandRun(stdout: stdout, stderr: stderr, status: status)
    }

    /// Runs a command line (without the program's name) and returns its exit status, having said
    /// why it failed, if it did: the executables' `main`.
    public static func execute(_ arguments: [String]) -> Int32 {
        Version.$isAsked.withValue(arguments.contains("--version")) { executeAsked(arguments) }
    }

    private static func executeAsked(_ arguments: [String]) -> Int32 {
        OutputFile.keepStandardDescriptors()
        // A reader gone (`| head`) is EPIPE, ended quietly (`failWriting`), not a death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        StopSignal.takeInterruptIfIgnored()
        var command: any ParsableCommand
        do {
            try checkHelpTopic(arguments)
            // ArgumentParser prints the version wherever `--version` stands: only a command's name may go beside it.
            let own = arguments.prefix { $0 != "--" }, others = own.filter { $0 != "--version" }
            if own.contains("--version"), own.count < arguments.count || commandPath(others).0.count < others.count {
                throw ValidationError("--version takes no argument but a command's name")
            }
            let (_, named) = commandPath(arguments.prefix { !$0.hasPrefix("-") })
            // Help is asked for before what the options would do.
            if !arguments.contains(where: { $0 == "--help" || $0 == "-h" }),
                let option = RepeatedOptions.first(in: arguments, of: named.configuration.defaultSubcommand ?? named)
            {
                throw ValidationError("\(option) is given twice: it takes one value")
            }
            command = try parseAsRoot(arguments)
        } catch {
            return toldByArgumentParser(error, arguments: arguments)
        }
        do {
            try CommandInputs.keeping { try PipeTexts.keeping { try command.run() } }
            // A header held back is the whole output of a command that succeeded with nothing more to say.
            if !CommandIO.current.releaseHeldOutput() { try failWriting("stdout", errno: errno) }
            return 0
        } catch {
            // Help, the version and usage errors come from `run` too (`ExitCode` among them), in types
            // of ArgumentParser's that it keeps internal (`CommandError`): known by their module.
            return String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
                ? toldByArgumentParser(error, arguments: arguments) : told(error)
        }
    }

    /// Runs the process's own command line (``execute(_:)``), refusing an argument that is not UTF-8:
    /// a Swift string carries its bytes as U+FFFD, which would name another file.
    public static func executeCommandLine() -> Int32 {
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
            // Its bytes as they are: printable ASCII but the backslash, the rest as \xNN.
            let shown = UnsafeRawBufferPointer(start: raw, count: strlen(raw)).map {
                (0x20..<0x7F).contains($0) && $0 != 0x5C ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0)
            }
            writeStderr(
                "touchsynth: argument \(index), \"\(shown.joined())\", is not UTF-8, which arguments are read as")
            return ExitStatus.usage
        }
        return execute(Array(CommandLine.arguments.dropFirst()))
    }

    /// `help NAME…` names a command (or is `help help`, ArgumentParser's own, which no configuration
    /// lists), and so does the word before `--help` where only a command can stand: ArgumentParser
    /// shows the root's help, with status 0, for any word.
    private static func checkHelpTopic(_ arguments: [String]) throws {
        let helpWord = arguments.first == "help" && arguments.dropFirst().first != "help"
        guard helpWord || arguments.contains(where: { $0 == "--help" || $0 == "-h" }) else { return }
        let names = arguments.dropFirst(helpWord ? 1 : 0).prefix(while: { !$0.hasPrefix("-") })
        let (path, command) = commandPath(names)
        // A word after a command may be its positional argument, or its default subcommand's.
        let properties = Mirror(reflecting: (command.configuration.defaultSubcommand ?? command).init()).children
        let takesArguments = properties.contains { String(describing: type(of: $0.value)).hasPrefix("Argument<") }
        if path.count < names.count, helpWord || !takesArguments {
            throw ValidationError(
                "no command '\((["touchsynth"] + names.prefix(path.count + 1)).joined(separator: " "))'")
        }
    }

    /// The subcommands `words` name from the root, as far as they name one, and the last one named.
    private static func commandPath(_ words: some Sequence<String>) -> ([String], any ParsableCommand.Type) {
        var command: any ParsableCommand.Type = TouchSynth.self, path: [String] = []
        for name in words {
            guard let sub = command.configuration.subcommands.first(where: { $0._commandName == name }) else { break }
            command = sub
            path.append(name)
        }
        return (path, command)
    }

    /// Help or the version, as ArgumentParser words them, on stdout; or a usage error, in one line
    /// on stderr naming the command whose `--help` says more.
    private static func toldByArgumentParser(_ error: any Error, arguments: [String]) -> Int32 {
        let code = exitCode(for: error).rawValue
        guard code == 0 else {
            let command = (["touchsynth"] + commandPath(arguments.prefix(while: { !$0.hasPrefix("-") })).0)
                .joined(separator: " ")
            let line = UsageErrorText.line(
                message: message(for: error), fullText: fullMessage(for: error, columns: 1000), command: command)
            if let line { writeStderr(line) }
            return code
        }
        let message = fullMessage(for: error)
        guard !message.isEmpty else { return code }
        if CommandIO.current.writeOut(message + "\n") || errno == EPIPE { return 0 }
        writeStderr("touchsynth: stdout: cannot write: \(String(cString: strerror(errno)))")
        return ExitStatus.ioError
    }

    /// `error`, said in one line, and the exit status it ends the command with: the one place a
    /// library's error becomes what a user sees.
    private static func told(_ error: any Error) -> Int32 {
        switch error {
        case let exit as CommandExit:
            if let message = exit.message { writeStderr("touchsynth: \(message)") }
            return exit.code
        default: return ExitStatus.tell(error)
        }
    }
}

/// Ends the command with a one-line error and its exit status.
func fail(_ message: String, code: Int32) throws -> Never { throw CommandExit(code, message) }

/// The options among `options` that were given, by name, in order: what a refusal names.
func given(_ options: KeyValuePairs<String, Bool>) -> [String] { options.filter(\.value).map(\.key) }

/// Says `--check`'s lines on stderr, each naming the `recording` they are of, if any.
func tellViolations(_ lines: [String], in recording: String?) {
    for line in lines { writeStderr("touchsynth: " + (recording.map { "\($0): " } ?? "") + line) }
}

/// Ends the command as interrupted (128 + the signal, as a shell reports a command it stopped)
/// by `signal`, when Ctrl-C or SIGTERM stopped its replays: they covered only part of the work.
func endIfInterrupted(by signal: Int32?) throws {
    if let signal { throw CommandExit(128 + signal) }
}

/// Writes a line to stdout unbuffered; a reader that went away (`| head`) ends the command
/// quietly, any other failure (a full disk) with its reason and 74.
func emit(_ line: String) throws {
    try emitRaw(line + "\n")
}

/// Writes the header line of JSON output named `output`, held back until the first line after it
/// (``CommandIO/holdingOutput(_:)``): a command refused before then prints nothing.
func emitJSONHeader(_ output: String) throws {
    try CommandIO.current.holdingOutput { try emit(JSONLines.header(output)) }
}

/// Writes lines to stdout, each as ``emit(_:)-(String)`` does.
func emit(_ lines: [String]) throws {
    for line in lines { try emit(line) }
}

/// Writes text to stdout as it is, with ``try emit(_:)``'s handling of failures.
func emitRaw(_ text: String) throws {
    if !CommandIO.current.writeOut(text) { try failWriting("stdout", errno: errno) }
}

/// Writes a line to stderr, its control characters written out (what it quotes from a file or the
/// environment may hold a newline or a terminal's escape); nothing more can be done if that fails.
func writeStderr(_ line: String) {
    CommandIO.current.writeErr(RecordingError.escaped(line) + "\n")
}
