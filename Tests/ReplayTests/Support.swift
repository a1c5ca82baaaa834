import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LibinputEvents
import MockedDevices
import XCTest

/// Paths and process helpers shared by the end-to-end tests.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let evemu = root.appendingPathComponent("Tests/Fixtures/evemu-devices")
    static let synthesized = root.appendingPathComponent("Tests/Fixtures/synthesized")

    /// Every bundled recording with events (the `.desc` files only describe devices).
    static var recordings: [URL] {
        let real = ((try? FileManager.default.contentsOfDirectory(atPath: evemu.path)) ?? [])
            .filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") }.sorted().map { evemu.appendingPathComponent($0) }
        let synth = ((try? FileManager.default.contentsOfDirectory(atPath: synthesized.path)) ?? [])
            .filter { $0.hasSuffix(".yml") }.sorted().map { synthesized.appendingPathComponent($0) }
        return real + synth
    }

    /// The built `touchsynth` beside the test bundle (`swift test` builds it with the tests), or
    /// `$TOUCHSYNTH_CLI_PATH` (tools/test names the release build).
    static func touchsynth() throws -> String {
        try BuildProducts.locate("touchsynth", variable: "TOUCHSYNTH_CLI_PATH")
    }

    /// The `touchsynth` built with the tests, whatever `$TOUCHSYNTH_CLI_PATH` says: a debug
    /// build under `swift test`, where ArgumentParser checks each command's definition as it
    /// parses (duplicate names, positional order), which a release build skips.
    static func touchsynthBuiltWithTests() throws -> String {
        let path = BuildProducts.executableDirectory + "/touchsynth"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw MissingBuild(what: path) }
        return path
    }
}

struct MissingBuild: Error, CustomStringConvertible {
    var what: String
    var description: String { "missing \(what)" }
}

/// A test of a tier that needs what a plain `swift test` may lack (a release build, other
/// libinput versions, a machine's tmpfs) skips with the reason; under `tools/test`, which sets
/// `TOUCHSYNTH_TEST_EVERY_TIER=1` and builds what it can first, it fails instead, so that CI runs
/// every tier. `source` says where the prerequisite comes from.
func requireTier(_ available: Bool, _ what: @autoclosure () -> String, source: String = "which tools/test builds") throws {
    guard !available else { return }
    if ProcessInfo.processInfo.environment["TOUCHSYNTH_TEST_EVERY_TIER"] == "1" { throw MissingBuild(what: what()) }
    throw XCTSkip("needs \(what()), \(source)")
}

/// The builds of `versions`, once each is built (``requireTier(_:_:)``).
func libinputBuilds(_ versions: [String]) throws -> [LibinputBuild] {
    try versions.map { version in
        let build = try? LibinputBuild.resolve(version)
        try requireTier(build != nil, "libinput \(version) built in \(LibinputBuild.buildArea) (tools/build-libinput \(version))")
        return build!
    }
}

/// A finished process: exit status, output, how long it ran, and its peak memory.
struct Finished {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double
    /// Its own peak resident memory (``PeakMemory``) in KiB, read every few milliseconds while
    /// it ran; nil if it ended before the first reading.
    var peakKiB: Int?
}

/// A process started with its output going to files, so several can run at once without pipes filling.
final class Running {
    private let process = Process()
    private let out: URL
    private let err: URL
    private let started = Date()

    init(_ arguments: [String], environment: [String: String]? = nil) throws {
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
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: pid_t { process.processIdentifier }

    /// How much it has written to stdout so far.
    var stdoutBytes: Int {
        ((try? FileManager.default.attributesOfItem(atPath: out.path)[.size]) as? Int) ?? 0
    }

    /// Ends it at once (SIGKILL) and reaps it.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func wait() throws -> Finished {
        var peak: Int?
        while process.isRunning {
            if let kib = PeakMemory.of(process.processIdentifier) { peak = max(peak ?? 0, kib) }
            usleep(2000)
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        let result = Finished(
            status: process.terminationStatus,
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8),
            seconds: seconds, peakKiB: peak)
        try? FileManager.default.removeItem(at: out.deletingLastPathComponent())
        return result
    }
}

func runProcess(_ arguments: [String], environment: [String: String]? = nil) throws -> Finished {
    try Running(arguments, environment: environment).wait()
}

/// `which`, for the libinput tool the cross-check compares against.
func findExecutable(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Runs `command` on a node only root could read: a fresh 0600 file, with the command run as
/// nobody when the tests run as root. For checking the permission advice (exit 77).
func runOnUnreadableNode(_ command: (String) -> [String]) throws -> Finished {
    let node = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-event-\(UUID().uuidString)").path
    guard FileManager.default.createFile(atPath: node, contents: Data(), attributes: [.posixPermissions: 0o600]) else {
        throw MissingBuild(what: "a writable temporary directory")
    }
    defer { try? FileManager.default.removeItem(atPath: node) }
    guard getuid() == 0 else { return try runProcess(command(node)) }
    guard let setpriv = findExecutable("setpriv") else { throw MissingBuild(what: "setpriv (util-linux)") }
    return try runProcess([setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + command(node))
}


/// The objects of a command's JSON Lines output after its header line, which must be there and
/// name the current schema version.
func jsonLines(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
    let objects = try text.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], file: file, line: line) }
    guard let header = objects.first, header["schemaVersion"] as? Int == JSONSchema.version, header["output"] is String else {
        XCTFail("no JSON header line with schemaVersion \(JSONSchema.version): \(text.prefix(200))", file: file, line: line)
        return objects
    }
    return Array(objects.dropFirst())
}

/// The one object of a command's JSON output of one line after its header.
func jsonObject(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
    let objects = try jsonLines(text, file: file, line: line)
    XCTAssertEqual(objects.count, 1, "one object expected: \(text.prefix(200))", file: file, line: line)
    return try XCTUnwrap(objects.first, file: file, line: line)
}

/// The cells of a Markdown table row, trimmed, the empty ones outside its first and last `|`
/// included; `\|` is a `|` inside a cell (docs/json.md's alternatives).
func markdownCells(_ line: String) -> [String] {
    line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.replacingOccurrences(of: "\u{1}", with: "|").trimmingCharacters(in: .whitespaces) }
}
