import Foundation
import MockedDevices
import XCTest
import TestSupport

/// touchsynth-preload in a program whose threads use the device at once: its tables and lazily
/// found functions under ThreadSanitizer, and the environment it never writes.
final class PreloadThreadTests: XCTestCase {
    private static let preloadSources = Fixtures.root.appendingPathComponent("Sources/MockedDevicesPreload")
    private static let protocolHeaders = Fixtures.root.appendingPathComponent("Sources/PreloadProtocol/include")
    private static let program = Fixtures.root.appendingPathComponent("Tests/Fixtures/programs/threaded-reader.c")

    /// `Tests/Fixtures/programs/threaded-reader.c` under `touchsynth mock`, the preload and the
    /// program built with ThreadSanitizer: the main thread reads every frame and fires its timer on
    /// the virtual clock while four threads open, ask, poll, read and close the device.
    func testThreadsUsingTheDeviceAtOnceRaceOnNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let compiler = try threadSanitizingCompiler(in: directory)
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.preloadSources.path)
            .filter { $0.hasSuffix(".c") }.sorted().map { Self.preloadSources.appendingPathComponent($0).path }
        XCTAssertEqual(sources.count, 3, "the preload's C files")
        let preload = directory.appendingPathComponent("libtouchsynth-preload.so").path
        let program = directory.appendingPathComponent("threaded-reader").path
        try build([compiler, "-shared", "-fPIC", "-fsanitize=thread", "-g", "-O1", "-I", Self.protocolHeaders.path,
                   "-I", Self.preloadSources.path] + sources + ["-ldl", "-o", preload])
        try build([compiler, "-fsanitize=thread", "-g", "-O1", "-pthread", Self.program.path, "-o", program])

        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHSYNTH_PRELOAD"] = preload
        // Unsymbolized: a report names the library's offsets (addr2line -e libtouchsynth-preload.so
        // turns them into lines), and symbolizing runs through the preload's own wrappers.
        environment["TSAN_OPTIONS"] = "symbolize=0"
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let result = try runProcess([try Fixtures.touchsynth(), "mock", session, "--", program, "{devnode}"],
                                    environment: environment)
        XCTAssertFalse(result.stderr.contains("ThreadSanitizer"), result.stderr)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Every frame of session.yml, 2,180 events of 24 bytes, read by the main thread; its timer
        // fired; the workers ran all through; and nothing wrote the environment.
        XCTAssertTrue(result.stdout.hasPrefix("main read 52320 bytes, "), result.stdout)
        XCTAssertFalse(result.stdout.contains(" 0 timer expirations"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("environment unchanged\n"), result.stdout)
    }

    /// The environment is the program's: the preload reads it once as it loads, and a thread of the
    /// program may be in getenv at any time, where glibc's setenv and unsetenv are undefined.
    func testThePreloadWritesNoEnvironment() throws {
        let nm = try runProcess(["/usr/bin/nm", "-D", "--undefined-only", try BuildProducts.preload()])
        XCTAssertEqual(nm.status, 0, nm.stderr)
        XCTAssertTrue(nm.stdout.contains("getenv"), nm.stdout)
        let symbols = Set(nm.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ").last?.split(separator: "@").first
        })
        for writer in ["setenv", "unsetenv", "putenv", "clearenv"] {
            XCTAssertFalse(symbols.contains(Substring(writer)), writer)
        }
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("touchsynth-tsan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// gcc, once it has built and run a program with ThreadSanitizer (its libtsan); the
    /// toolchain's clang links a ThreadSanitizer that needs libdispatch.
    private func threadSanitizingCompiler(in directory: URL) throws -> String {
        let gcc = findExecutable("gcc")
        var works = false
        if let gcc {
            let source = directory.appendingPathComponent("probe.c")
            let probe = directory.appendingPathComponent("probe").path
            try "int main(void) { return 0; }\n".write(to: source, atomically: true, encoding: .utf8)
            let built = try runProcess([gcc, "-fsanitize=thread", source.path, "-o", probe])
            works = try built.status == 0 && runProcess([probe]).status == 0
        }
        try requireTier(works, "gcc with ThreadSanitizer (libtsan)", source: "which tools/setup installs")
        return gcc!
    }

    private func build(_ command: [String]) throws {
        let result = try runProcess(command)
        guard result.status == 0 else {
            throw BuildFailure(description: "\(command.joined(separator: " ")): \(result.stderr)")
        }
    }

    private struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }
}
