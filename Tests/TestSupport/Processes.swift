import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A finished process, or a command run in this process: exit status and output.
public struct Finished: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// A process started with its output going to files, so several can run at once without pipes filling.
public final class Running {
    private let process = Process()
    private let out: URL
    private let err: URL

    /// `standardInput`: a pipe the test writes the process's input to; none by default.
    public init(_ arguments: [String], environment: [String: String]? = nil, standardInput: Pipe? = nil) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        out = dir.appendingPathComponent("stdout")
        err = dir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        if let environment { process.environment = environment }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = standardInput ?? FileHandle.nullDevice
        try process.run()
    }

    public var pid: pid_t { process.processIdentifier }

    /// Whether it has not ended yet.
    public var isRunning: Bool { process.isRunning }

    /// How much it has written to stdout so far.
    public var stdoutBytes: Int {
        ((try? FileManager.default.attributesOfItem(atPath: out.path)[.size]) as? Int) ?? 0
    }

    /// What it has written to stdout so far.
    public var stdoutText: String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }

    /// Asks it to end (SIGTERM), as a server that clears its files behind it needs, and reaps it.
    public func terminate() {
        Glibc.kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    /// Ends it at once (SIGKILL) and reaps it.
    public func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public func wait() throws -> Finished {
        process.waitUntilExit()
        let result = Finished(
            status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
        try? FileManager.default.removeItem(at: out.deletingLastPathComponent())
        return result
    }
}

public func runProcess(_ arguments: [String], environment: [String: String]? = nil) throws -> Finished {
    try Running(arguments, environment: environment).wait()
}

/// `which`, for the tools some tests run.
public func findExecutable(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Runs `command` on a node only root could read: a fresh 0600 character device (the null
/// device's numbers), with the command run as nobody when the tests run as root (else a 0600
/// file, as only root makes device nodes). For checking the permission advice (exit 77).
public func runOnUnreadableNode(_ command: (String) -> [String]) throws -> Finished {
    let node = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-event-\(UUID().uuidString)")
        .path
    let made =
        getuid() == 0
        ? mknod(node, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0 && chmod(node, 0o600) == 0
        : FileManager.default.createFile(atPath: node, contents: Data(), attributes: [.posixPermissions: 0o600])
    guard made else { throw MissingBuild(what: "a writable temporary directory") }
    defer { try? FileManager.default.removeItem(atPath: node) }
    return try runAsNobody(command(node))
}

/// Runs `arguments` as nobody when this process is root (which every permission check lets
/// through), else as this user.
public func runAsNobody(_ arguments: [String]) throws -> Finished {
    guard getuid() == 0 else { return try runProcess(arguments) }
    guard let setpriv = findExecutable("setpriv") else { throw MissingBuild(what: "setpriv (util-linux)") }
    return try runProcess([setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments)
}

/// Waits, with no time limit, until `condition` holds: for what another process does where
/// nothing tells the test (a child it started, a file it writes, a handler it installs). It stops
/// waiting when process `pid`, the one the test waits on, has ended (a zombie not yet reaped
/// counts): what the test then asks of it fails instead of hanging.
public func waitUntil(whileRunning pid: pid_t, _ condition: () -> Bool) {
    // Polled: no descriptor or signal tells the test when the other process gets there.
    while !condition() && isRunning(pid) { usleep(1000) }
}

/// Whether process `pid` is there and has not ended (`/proc/PID/stat`'s state is not `Z`).
public func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
}

/// The processes `pid`'s threads started that are still there.
public func childProcesses(of pid: pid_t) -> [pid_t] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task in
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }
}
