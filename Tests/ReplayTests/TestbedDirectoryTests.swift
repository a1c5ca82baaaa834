import Foundation
import XCTest

/// Where the harness makes its testbeds: `$TMPDIR` when set, else a memory-backed directory,
/// and the programs it runs see the environment they were given.
final class TestbedDirectoryTests: XCTestCase {
    /// What a program run by `touchsynth mock` sees: the testbed root and its own `TMPDIR`.
    private func seen(environment: [String: String]) throws -> (root: String, tmpdir: String) {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let script = #"echo "$UMOCKDEV_DIR"; echo "${TMPDIR-unset}"; exec cat {devnode} > /dev/null"#
        let result = try runProcess([touchsynth, "mock", pinch, "--", "sh", "-c", script], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, result.stdout)
        return (lines.first ?? "", lines.dropFirst().first ?? "")
    }

    private var baseEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = nil
        env["XDG_RUNTIME_DIR"] = nil
        return env
    }

    /// The file system type `/proc/mounts` gives the mount `path` is on.
    private func fileSystemType(of path: String) throws -> String? {
        let mounts = try String(contentsOfFile: "/proc/mounts", encoding: .utf8)
        let entries = mounts.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { $0.count > 2 }
        let containing = entries.filter { path == $0[1] || path.hasPrefix($0[1] == "/" ? "/" : $0[1] + "/") }
        return containing.max { $0[1].count < $1[1].count }?[2]
    }

    func testWithoutTMPDIRTestbedsGoToMemoryAndTheProgramSeesNoTMPDIR() throws {
        let seen = try seen(environment: baseEnvironment)
        let expected = try fileSystemType(of: "/dev/shm") == "tmpfs" && access("/dev/shm", W_OK) == 0 ? "/dev/shm/" : "/tmp/"
        XCTAssertTrue(seen.root.hasPrefix(expected + "umockdev."), seen.root)
        XCTAssertEqual(seen.tmpdir, "unset")
        XCTAssertFalse(FileManager.default.fileExists(atPath: seen.root), "the testbed outlived the run")
    }

    func testXDGRuntimeDirIsPreferredWhenItIsTmpfs() throws {
        let runtime = "/dev/shm/touchsynth-test-runtime-\(getpid())"
        guard try fileSystemType(of: "/dev/shm") == "tmpfs" else { throw XCTSkip("/dev/shm is not tmpfs here") }
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        var env = baseEnvironment
        env["XDG_RUNTIME_DIR"] = runtime
        let root = try seen(environment: env).root
        XCTAssertTrue(root.hasPrefix(runtime + "/umockdev."), root)
    }

    func testTMPDIRIsKept() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-test-tmpdir-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var env = baseEnvironment
        env["TMPDIR"] = directory
        env["XDG_RUNTIME_DIR"] = "/dev/shm"
        let seen = try seen(environment: env)
        XCTAssertTrue(seen.root.hasPrefix(directory + "/umockdev."), seen.root)
        XCTAssertEqual(seen.tmpdir, directory)
    }
}
