import ArgumentParser
import Foundation
import MockedDevices

/// The `touchsynth` command and its subcommands: the `touchsynth` executable runs it, and so does
/// `touchsynth-view` (``ViewServers``).
public struct TouchSynth: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "touchsynth",
        abstract: "Real libinput touchpad events, and what an iPad app would get from them in UIKit's compatibility and indirect input modes.",
        version: Version.text,
        subcommands: [Devices.self, Debug.self, Record.self, ReplayCommand.self, Compare.self, ReportCommand.self, View.self, Surfaces.self, Mock.self, Convert.self, Synthesize.self, Corpus.self, Bench.self, Diff.self, Bridge.self, Play.self])

    public init() {}
}

/// Ends the process with a one-line error and its exit code; never a trap.
func fail(_ message: String, code: Int32) -> Never {
    writeStderr("touchsynth: \(message)")
    exit(code)
}

/// Ends the process with `error`'s one-line message and exit code (``ExitStatus/failure(for:)``).
func fail(_ error: any Error) -> Never {
    let failure = ExitStatus.failure(for: error)
    fail(failure.message, code: failure.code)
}

/// Runs `body`, ending the process with the message and exit code of any error it throws.
func reportingErrors<T>(_ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        fail(error)
    }
}

/// Ends the program as interrupted (128 + the signal, as a shell reports a command it stopped)
/// when Ctrl-C or SIGTERM stopped `report`'s replay: it covered only part of the recording.
func endIfInterrupted(_ report: ReplayReport) {
    if let signal = report.interruption { exit(128 + signal) }
}

/// The path of the running executable, so the harness can run this binary under the testbed.
func currentExecutable() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

/// Writes a line to stdout unbuffered; a reader that went away (`| head`) ends the program
/// quietly, any other failure (a full disk) with its reason and 74.
func emit(_ line: String) {
    emitRaw(line + "\n")
}

/// Writes text to stdout as it is, with ``emit(_:)``'s handling of failures.
func emitRaw(_ text: String) {
    if !writeAll(1, text) { failWriting("stdout", errno: errno) }
}

/// Writes a line to stderr; nothing more can be done if that fails.
func writeStderr(_ line: String) {
    _ = writeAll(2, line + "\n")
}

/// Writes all of `text` to `fd`, retrying short writes; false if the descriptor refused it.
func writeAll(_ fd: Int32, _ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            return false
        }
        bytes = bytes.dropFirst(n)
    }
    return true
}
