import Foundation
import XCTest
import TestSupport

/// Where the harness makes its testbeds: `$TMPDIR` when set, else a memory-backed directory; the
/// programs it runs see the environment they were given, and no testbed outlives its process.
final class TestbedDirectoryTests: XCTestCase {
    /// A directory of this test's own, removed after it.
    private var scratch = ""

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-testbeds-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// What a program run by `touchsynth mock` sees: the testbed root and its own `TMPDIR`.
    private func seen(environment: [String: String], in directory: String = FileManager.default.currentDirectoryPath) throws -> (root: String, tmpdir: String) {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let script = #"echo "$UMOCKDEV_DIR"; echo "[${TMPDIR-unset}]"; exec cat {devnode} > /dev/null"#
        let result = try runProcess(["/bin/sh", "-c", #"cd "$0" && exec "$@""#, directory, touchsynth, "mock", pinch, "--", "sh", "-c", script],
                                    environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/" + (lines.first ?? "")), "the testbed outlived the run")
        return (lines.first ?? "", lines.dropFirst().first ?? "")
    }

    private var baseEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = nil
        env["XDG_RUNTIME_DIR"] = nil
        return env
    }

    /// `/dev/shm/` if it is a tmpfs directory this process may write in, as the harness decides, else `/tmp/`.
    private func memoryDirectory() throws -> String {
        let type = try runProcess([findExecutable("stat") ?? "/usr/bin/stat", "-f", "-L", "-c", "%T", "/dev/shm"])
        return type.stdout == "tmpfs\n" && access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm/" : "/tmp/"
    }

    /// For the tests that make a tmpfs directory of their own under `/dev/shm`.
    private func requireMemoryDirectory() throws {
        try requireTier(try memoryDirectory() == "/dev/shm/", "a writable tmpfs at /dev/shm", source: "which Linux with systemd or a container runtime mounts")
    }

    func testWithoutTMPDIRTestbedsGoToMemoryAndTheProgramSeesNoTMPDIR() throws {
        let seen = try seen(environment: baseEnvironment)
        XCTAssertTrue(seen.root.hasPrefix(try memoryDirectory() + "umockdev."), seen.root)
        XCTAssertEqual(seen.tmpdir, "[unset]")
    }

    func testAnEmptyTMPDIRCountsAsUnsetAndIsKept() throws {
        var env = baseEnvironment
        env["TMPDIR"] = ""
        let seen = try seen(environment: env)
        XCTAssertTrue(seen.root.hasPrefix(try memoryDirectory() + "umockdev."), seen.root)
        XCTAssertEqual(seen.tmpdir, "[]")
    }

    func testXDGRuntimeDirIsPreferredWhenItIsTmpfs() throws {
        try requireMemoryDirectory()
        let runtime = "/dev/shm/touchsynth-test-runtime-\(getpid())"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        var env = baseEnvironment
        env["XDG_RUNTIME_DIR"] = runtime
        let root = try seen(environment: env).root
        XCTAssertTrue(root.hasPrefix(runtime + "/umockdev."), root)
    }

    /// Only an absolute `XDG_RUNTIME_DIR` counts, as the XDG specification says: here a relative
    /// one names a tmpfs directory from the current one.
    func testAnXDGRuntimeDirThatIsRelativeOrMissingIsPassedOver() throws {
        try requireMemoryDirectory()
        let relative = "touchsynth-test-relative-\(getpid())"
        try FileManager.default.createDirectory(atPath: "/dev/shm/" + relative, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: "/dev/shm/" + relative) }
        for runtime in [relative, "/nonexistent/runtime"] {
            var env = baseEnvironment
            env["XDG_RUNTIME_DIR"] = runtime
            let root = try seen(environment: env, in: "/dev/shm").root
            XCTAssertTrue(root.hasPrefix("/dev/shm/umockdev."), "\(runtime): \(root)")
        }
    }

    func testTMPDIRIsKept() throws {
        var env = baseEnvironment
        env["TMPDIR"] = scratch
        env["XDG_RUNTIME_DIR"] = "/dev/shm"
        let seen = try seen(environment: env)
        XCTAssertTrue(seen.root.hasPrefix(scratch + "/umockdev."), seen.root)
        XCTAssertEqual(seen.tmpdir, "[\(scratch)]")
    }

    /// A replay whose output is closed under it ends its process at once (quietly, or with 74 on
    /// a full disk): its testbed goes with it.
    func testAReplayEndedByItsOutputLeavesNoTestbed() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        var env = baseEnvironment
        env["TMPDIR"] = scratch
        let gone = Pipe()
        try gone.fileHandleForReading.close()
        let outputs = [("a closed pipe", gone.fileHandleForWriting, Int32(0)),
                       ("/dev/full", try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full")), 74)]
        for (name, output, status) in outputs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: touchsynth)
            process.arguments = ["replay", pinch]
            process.environment = env
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            try output.close()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, status, name)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], name)
        }
    }
}
