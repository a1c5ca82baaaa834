import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MockedDevices
import TestSupport

/// `program` run on the mocked device of the recording at `path`, as `touchsynth mock` runs it
/// (on the virtual clock, stopped with SIGINT after the last frame, which counts as success):
/// its exit status and output.
func runMocked(_ path: String, _ program: (_ devnode: String) -> [String]) throws -> Finished {
    let directory = temporaryPath("mocked")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let stdout = directory + "/stdout", stderr = directory + "/stderr"
    let fd = open(stdout, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw MissingBuild(what: "a writable temporary directory") }
    let report = try { () throws -> ReplayReport in
        defer { close(fd) }
        return try MockedDevice.holdingSignals { () throws -> ReplayReport in
            let device = try MockedDevice.forFile(path)
            // The harness gives the program this process's stderr: the shell sends it to a file first.
            let command = ["/bin/sh", "-c", #"exec 2>"$0"; exec "$@""#, stderr] + program(device.devnode)
            return try device.run(command, standardOutput: fd)
        }
    }()
    return Finished(
        status: report.programStatus,
        stdout: try String(contentsOfFile: stdout, encoding: .utf8),
        stderr: try String(contentsOfFile: stderr, encoding: .utf8))
}
