import Foundation
import XCTest
import TestSupport

/// What the environment and the user of a `touchsynth` process change. Where the harness makes its
/// testbeds: `$TMPDIR` when set, else a memory-backed directory; the programs it runs see the
/// environment they were given, and no testbed outlives its process. The shard a CI job's
/// variables name; the build area of other libinput versions; and, run as nobody, a device node
/// or port this user may not use.
final class EnvironmentTests: XCTestCase {
    /// A directory of this test's own, removed after it.
    private var scratch = ""

    override func setUpWithError() throws {
        scratch =
            FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-testbeds-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// What a program run by `touchsynth mock` sees: the testbed root and its own `TMPDIR`.
    private func seen(
        environment: [String: String], in directory: String = FileManager.default.currentDirectoryPath
    ) throws -> (root: String, tmpdir: String) {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let script = #"echo "$UMOCKDEV_DIR"; echo "[${TMPDIR-unset}]"; exec cat {devnode} > /dev/null"#
        let result = try runProcess(
            [
                "/bin/sh", "-c", #"cd "$0" && exec "$@""#, directory, touchsynth, "mock", pinch, "--", "sh", "-c",
                script,
            ],
            environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, result.stdout)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory + "/" + (lines.first ?? "")),
            "the testbed outlived the run")
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
        try requireTier(
            try memoryDirectory() == "/dev/shm/", "a writable tmpfs at /dev/shm",
            source: "which Linux with systemd or a container runtime mounts")
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

    /// A `TMPDIR` that names no directory is refused in one line, for a file and for a pipe,
    /// where umockdev would end the process with a trap.
    func testATMPDIRThatIsNoDirectoryIsOneLine() throws {
        var env = baseEnvironment
        env["TMPDIR"] = scratch + "/missing"
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        for command in ["exec \"$0\" replay \"$1\"", "exec \"$0\" replay - < \"$1\""] {
            let result = try runProcess(["/bin/sh", "-c", command, try Fixtures.touchsynth(), pinch], environment: env)
            XCTAssertEqual(result.status, 71, result.stderr)
            XCTAssertEqual(
                result.stderr,
                "touchsynth: cannot make the mocked device's files in \(scratch)/missing (TMPDIR): not a directory "
                    + "this user may write\n")
        }
    }

    // MARK: - A CI job's shard

    func testTheCIsEnvironmentNamesTheShard() throws {
        let names = [
            "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc", "touchpads_AlpsPS2_ALPS_GlidePoint.desc",
            "touchpads_SynPS2_Synaptics_TouchPad.desc",
        ]
        let devices = names.map { Fixtures.devices.appendingPathComponent($0).path }
        func corpus(_ arguments: [String], environment: [String: String]? = nil) throws -> Finished {
            try runProcess([try Fixtures.touchsynth(), "corpus"] + arguments, environment: environment)
        }
        let status = "\(scratch)/status"
        var environment = ProcessInfo.processInfo.environment
        environment["TEST_SHARD_INDEX"] = "1"
        environment["TEST_TOTAL_SHARDS"] = "3"
        environment["TEST_SHARD_STATUS_FILE"] = status
        let bazel = try corpus(devices + ["--list"], environment: environment)
        XCTAssertEqual(bazel.status, 0, bazel.stderr)
        XCTAssertTrue(
            bazel.stderr.contains("touchsynth: shard 2/3 from TEST_SHARD_INDEX/TEST_TOTAL_SHARDS\n"), bazel.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: status), "TEST_SHARD_STATUS_FILE touched")
        XCTAssertTrue(bazel.stdout.contains("\n3/3 "), bazel.stdout)
        for key in ["TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", "TEST_SHARD_STATUS_FILE"] { environment[key] = nil }
        environment["CI_NODE_INDEX"] = "3"
        environment["CI_NODE_TOTAL"] = "3"
        let gitlab = try corpus(devices + ["--list"], environment: environment)
        XCTAssertTrue(gitlab.stderr.contains("touchsynth: shard 3/3 from CI_NODE_INDEX/CI_NODE_TOTAL\n"), gitlab.stderr)
        // --shard wins over the environment, silently.
        let given = try corpus(devices + ["--list", "--shard", "1/2"], environment: environment)
        XCTAssertFalse(given.stderr.contains("from CI_NODE"), given.stderr)
        environment["CI_NODE_INDEX"] = "0"
        let wrong = try corpus(devices + ["--list"], environment: environment)
        XCTAssertEqual(wrong.status, 64)
        XCTAssertEqual(
            wrong.stderr, "touchsynth: CI_NODE_INDEX=0 CI_NODE_TOTAL=3 name no shard (the index counts from 1)\n")
        // A value quoted back stays on its line, a newline and a terminal's escape written out.
        environment["CI_NODE_INDEX"] = "0\n\u{1B}[31m"
        let quoted = try corpus(devices + ["--list"], environment: environment)
        XCTAssertEqual(
            quoted.stderr,
            "touchsynth: CI_NODE_INDEX=0\\n\\u{1B}[31m CI_NODE_TOTAL=3 name no shard (the index counts from 1)\n")
        // One of a pair alone is a mistake; a variable set empty is unset.
        environment["CI_NODE_TOTAL"] = nil
        let half = try corpus(devices + ["--list"], environment: environment)
        XCTAssertEqual(half.status, 64)
        XCTAssertEqual(
            half.stderr, "touchsynth: CI_NODE_INDEX is set without CI_NODE_TOTAL: a shard takes both, or neither\n")
        environment["CI_NODE_INDEX"] = ""
        environment["TEST_SHARD_STATUS_FILE"] = ""
        let empty = try corpus(devices + ["--list"], environment: environment)
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertFalse(empty.stderr.contains("shard"), empty.stderr)
        let bad = try corpus(devices + ["--shard", "5/4", "--list"])
        XCTAssertEqual(bad.status, 64)
    }

    // MARK: - The build area of other libinput versions

    /// No "building" line before the version is known to exist, and no lock file of its own left.
    func testAnUnknownVersionIsOneLineAndExit69LeavingNothingBuilt() throws {
        var environment = baseEnvironment
        environment["TOUCHSYNTH_LIBINPUT_BUILDS"] = scratch
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = try runProcess(
            [try Fixtures.touchsynth(), "replay", "--libinput", "1.9.0", recording], environment: environment)
        XCTAssertEqual(result.status, 69, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line of error, nothing said of building: \(result.stderr)")
        XCTAssertTrue(
            lines.last?.contains("libinput 1.9.0") == true && lines.last?.contains("choose one of those") == true,
            result.stderr)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []
        XCTAssertFalse(
            left.contains { $0.hasPrefix("1.") || $0.hasPrefix(".work") || $0.hasPrefix(".lock-") },
            "left behind: \(left)")
    }

    /// A libinput version Debian does not offer (or an index that cannot be reached) is
    /// unavailable, in a sentence.
    func testAnUnknownLibinputVersionIsASentence() throws {
        var environment = baseEnvironment
        environment["TOUCHSYNTH_LIBINPUT_BUILDS"] = scratch
        let arguments = [
            "compare", "--libinput", "1.9.0",
            Fixtures.directory.appendingPathComponent("pointer/click-drag.yml").path,
        ]
        let result = try runProcess([try Fixtures.touchsynth()] + arguments, environment: environment)
        assertErrorIsASentence(result, status: 69, arguments.joined(separator: " "))
    }

    /// A file where the builds go (a mistyped TOUCHSYNTH_LIBINPUT_BUILDS) is said as such, before
    /// any build starts, not with the build script's `mkdir` complaint.
    func testABuildAreaThatIsAFileIsSaid() throws {
        var environment = baseEnvironment
        let file = scratch + "/builds"
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        environment["TOUCHSYNTH_LIBINPUT_BUILDS"] = file
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = try runProcess(
            [try Fixtures.touchsynth(), "replay", "--libinput", "1.28.1", recording], environment: environment)
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertEqual(
            result.stderr, "touchsynth: libinput 1.28.1 is not built, and \(file), where builds go, is a file\n")
    }

    // MARK: - The desktop session

    /// Without a compositor or an X server to connect to, `debug --wayland` and `--x11` (and the
    /// view's) are one sentence and 69.
    func testWithoutAWindowSystemTheDesktopSourcesAreASentenceAnd69() throws {
        var environment = baseEnvironment
        environment["WAYLAND_DISPLAY"] = nil
        environment["DISPLAY"] = nil
        environment["XDG_RUNTIME_DIR"] = scratch
        for arguments in [["debug", "--wayland"], ["debug", "--x11"], ["view", "--x11", "--port", "0"]] {
            let result = try runProcess([try Fixtures.touchsynth()] + arguments, environment: environment)
            assertErrorIsASentence(result, status: 69, arguments.joined(separator: " "))
        }
        // Without a runtime directory too: libwayland's own line is not added to ours.
        environment["XDG_RUNTIME_DIR"] = nil
        let result = try runProcess([try Fixtures.touchsynth(), "debug", "--wayland"], environment: environment)
        assertErrorIsASentence(result, status: 69, "debug --wayland without XDG_RUNTIME_DIR")
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }

    // MARK: - Run as nobody

    /// An unreadable device node names the group to join, exit 77, for every command that opens
    /// one. As root, the check runs as nobody.
    func testAnUnreadableDeviceNodeNamesTheInputGroup() throws {
        let touchsynth = try Fixtures.touchsynth()
        let debug = try runOnUnreadableNode { [touchsynth, "debug", "--device", $0] }
        XCTAssertEqual(debug.status, 77, debug.stderr)
        XCTAssertTrue(debug.stderr.contains("permission denied; join the 'input' group"), debug.stderr)
        XCTAssertTrue(debug.stderr.contains("or run with sudo"), debug.stderr)
        let record = try runOnUnreadableNode { [touchsynth, "record", "--device", $0] }
        XCTAssertEqual(record.status, 77, record.stderr)
        XCTAssertTrue(record.stderr.contains("join the 'input' group"), record.stderr)
        let bridge = try runOnUnreadableNode { [touchsynth, "bridge", "--uinput", $0] }
        XCTAssertEqual(bridge.status, 77, bridge.stderr)
        XCTAssertTrue(bridge.stderr.contains("sudo") && bridge.stderr.contains("input group"), bridge.stderr)
        XCTAssertEqual(bridge.stderr.split(separator: "\n").count, 1, bridge.stderr)
        // A file this user may not open is the wrong path, not a uinput to be given permission for.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("uinput-\(UUID().uuidString)").path
        XCTAssertTrue(
            FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600]))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let wrong = try runAsNobody([touchsynth, "bridge", "--uinput", file])
        XCTAssertEqual(wrong.status, 66, wrong.stderr)
        XCTAssertEqual(wrong.stderr, "touchsynth: \(file) is a file, not the uinput device\n")
    }

    /// A recording in a directory this user may not search, given to `convert` or `corpus`, and
    /// the directory given to `corpus`, are refused for permission (77), not taken for missing.
    func testAFileInADirectoryThisUserMayNotSearchIs77() throws {
        let touchsynth = try Fixtures.touchsynth()
        let closed = scratch + "/closed"
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            atPath: Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path, toPath: closed + "/pinch-in.yml")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: closed)
        // The scratch directory itself must be searchable by nobody.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch)
        let inClosed = closed + "/pinch-in.yml"
        for arguments in [
            ["convert", inClosed], ["corpus", closed], ["corpus", inClosed], ["corpus", "run", inClosed],
        ] {
            let result = try runAsNobody([touchsynth] + arguments)
            assertErrorIsASentence(result, status: 77, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains("permission denied"), result.stderr)
        }
        // A folder the corpus may list, beside a touchpad a file it may not read: not passed over.
        let open = scratch + "/open"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        for name in ["pinch-in.yml", "pinch-out.yml"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.synthesized.appendingPathComponent(name).path, toPath: open + "/" + name)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: open + "/pinch-out.yml")
        let result = try runAsNobody([touchsynth, "corpus", open])
        assertErrorIsASentence(result, status: 77, "corpus \(open)")
        XCTAssertTrue(result.stderr.contains("pinch-out.yml: permission denied"), result.stderr)
    }

    /// A port below the system's unprivileged start is refused to nobody for permission (77), in
    /// a sentence that says what to do.
    func testAPortThisUserMayNotUseIs77() throws {
        let start = try String(contentsOfFile: "/proc/sys/net/ipv4/ip_unprivileged_port_start", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let privileged = try XCTUnwrap(Int(start)) - 1
        try XCTSkipIf(privileged < 1, "every port is open to every user here (net.ipv4.ip_unprivileged_port_start)")
        let arguments = [
            "view", Fixtures.directory.appendingPathComponent("pointer/click-drag.yml").path, "--port",
            String(privileged),
        ]
        var command = [try Fixtures.touchsynth()] + arguments
        if getuid() == 0 {
            let setpriv = try XCTUnwrap(findExecutable("setpriv"), "setpriv (util-linux) runs a command as nobody")
            command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let refused = try runProcess(command)
        assertErrorIsASentence(refused, status: 77, arguments.joined(separator: " "))
        XCTAssertTrue(refused.stderr.contains("port \(privileged)"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--port"), "says what to do: \(refused.stderr)")
    }
}
