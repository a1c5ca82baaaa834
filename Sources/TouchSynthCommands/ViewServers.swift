import Foundation
import MockedDevices
import ViewServing

/// Where `view` and `bench --view-stream` get their web server. The server's library brings in
/// Foundation's networking, libcurl and its TLS libraries: loading them took about 17 ms and
/// 6.5 MiB of every `touchsynth` process, a third of its start. So the `touchsynth` executable
/// does not link it, and runs those two in `touchsynth-view`, built beside it: the same commands
/// with ``make`` set, given the same arguments.
public enum ViewServers {
    /// Starts a server titled as given, on an address and port (0: a free one). Set once, by
    /// `touchsynth-view`'s `main` before the command runs; nil in `touchsynth`.
    nonisolated(unsafe) public static var make: ((_ title: String, _ address: String, _ port: UInt16) throws(ViewServerError) -> any ViewServing)?

    /// The server maker, or, when this executable has none, this command line run again by
    /// `touchsynth-view` in this process's place (its output, exit status and signals are the
    /// command's own).
    static func maker() -> (_ title: String, _ address: String, _ port: UInt16) throws(ViewServerError) -> any ViewServing {
        if let make { return make }
        let path = reportingErrors { try BuildProducts.locate("touchsynth-view", variable: "TOUCHSYNTH_VIEW_PATH") }
        let argv = ([path] + CommandLine.arguments.dropFirst()).map { strdup($0) } + [nil]
        execv(path, argv)
        fail("cannot run \(path): \(String(cString: strerror(errno)))", code: ExitStatus.systemError)
    }
}
