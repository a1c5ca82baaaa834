import Foundation
import MockedDevices
import ViewPublishing

/// Where `view` and `bench --view-stream` get their web server. The server's library brings in
/// Foundation's networking, libcurl and its TLS libraries: loading them took about 17 ms and
/// 6.5 MiB of every `touchsynth` process, a third of its start. So the `touchsynth` executable
/// does not link it, and hands those two over to `touchsynth-view`, built beside it: the same
/// commands with ``make`` set, given the same arguments.
public enum ViewServers {
    /// Starts a server titled as given, on an address and port (0: a free one). Set once, by
    /// `touchsynth-view`'s `main` before the command runs; nil in `touchsynth`.
    nonisolated(unsafe) public static var make:
        ((_ title: String, _ address: String, _ port: UInt16) throws(ViewServerError) -> any ViewPublisher)?

    /// Whether a command line (without the program's name) asks for a command that serves the
    /// view: `touchsynth` hands it over before parsing, so that it is parsed, and its warnings
    /// said, once. Help and the version are `touchsynth`'s own to say, server or none.
    public static func serve(_ arguments: [String]) -> Bool {
        if arguments.contains(where: { ["-h", "--help", "--version"].contains($0) }) { return false }
        return switch arguments.first {
        case "view": true
        case "bench": arguments.contains { $0 == "--view-stream" || $0.hasPrefix("--view-stream=") }
        default: false
        }
    }

    /// This command line, run by `touchsynth-view` in this process's place: its output, exit
    /// status and signals are the command's own. Returns only when it cannot be run, with the
    /// status to end with, having said why.
    public static func handOver() -> Int32 {
        do {
            let path = try BuildProducts.locate("touchsynth-view", variable: "TOUCHSYNTH_VIEW_PATH")
            // The arguments' bytes as given, which `touchsynth-view` reads as this program would.
            var argv = Array(UnsafeBufferPointer(start: CommandLine.unsafeArgv, count: Int(CommandLine.argc) + 1))
            argv[0] = strdup(path)
            execv(path, argv)
            writeStderr("touchsynth: cannot run \(path): \(String(cString: strerror(errno)))")
            return ExitStatus.systemError
        } catch {
            return ExitStatus.tell(error)
        }
    }

    /// The server maker; in `touchsynth`, a hand-over, for a command line ``serve(_:)`` did not
    /// recognise.
    static func maker() throws -> (_ title: String, _ address: String, _ port: UInt16) throws(ViewServerError) ->
        any ViewPublisher
    {
        if let make { return make }
        throw CommandExit(handOver())
    }
}
