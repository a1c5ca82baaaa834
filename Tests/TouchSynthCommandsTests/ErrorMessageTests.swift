import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ViewServer
import XCTest
import TestSupport

/// Every error the command line prints is a sentence a person reads, with the exit status the
/// README's table gives, and never a Swift value's description: no payload labels (`type:`,
/// `errno:`), no `Optional(…)`, no enum case with its payload (`failed(…)`) or alone (`.system`).
final class ErrorMessageTests: XCTestCase {
    private let recording = Fixtures.root.appendingPathComponent("Tests/Fixtures/pointer/click-drag.yml").path

    /// What in `text` shows a Swift value rather than saying what went wrong; empty when nothing
    /// does. ArgumentParser's `Help:` and `Usage:` lines repeat `--help`, which `CommandLineTests`
    /// holds to docs/cli.md, and are left out.
    static func swiftValues(in text: String) -> [String] {
        let said = text.split(separator: "\n")
            .filter { !$0.hasPrefix("Help:") && !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See '") }
            .joined(separator: "\n")
        var found = ["type:", "errno:", "Optional("].filter(said.contains)
        found += said.matches(of: #/[A-Za-z_][A-Za-z0-9_]*\(/#).map { String($0.output) }
        let caseAlone = #/(?:^|[\s(\[,])(\.[a-z][A-Za-z0-9]*)/#.anchorsMatchLineEndings()
        found += said.matches(of: caseAlone).map { String($0.output.1) }
        return found
    }

    /// The check above catches what the CLI once printed, and passes sentences.
    func testTheCheckFindsSwiftValues() {
        let bind = #"touchsynth: cannot listen on 127.0.0.1 port 1: failed(type: "Bind", errno: 13)"#
        XCTAssertEqual(Self.swiftValues(in: bind), ["type:", "errno:", "failed("])
        XCTAssertEqual(Self.swiftValues(in: "touchsynth: x.yml: at offset: Optional(5)"), ["Optional(", "Optional("])
        XCTAssertEqual(Self.swiftValues(in: "touchsynth: a replay failed: .system"), [".system"])
        XCTAssertEqual(Self.swiftValues(in: "touchsynth: x.yml:3: regions[0].frame: in a .yml file"), [".yml"])
        XCTAssertEqual(Self.swiftValues(in: "touchsynth: x.evemu:34: \".nan\" is not an integer (read as evemu)"), [])
        let usage = "Error: Unknown option '--bogus'\nUsage: touchsynth replay [<options>] <recording>"
        XCTAssertEqual(Self.swiftValues(in: usage), [])
    }

    /// Runs touchsynth with `arguments` (as nobody when `unprivileged` and this is root) and
    /// checks the status, that it printed an error and that no output shows a Swift value.
    @discardableResult
    private func assertSentence(_ arguments: [String], status: Int32, unprivileged: Bool = false,
                                environment: [String: String]? = nil,
                                file: StaticString = #filePath, line: UInt = #line) throws -> Finished {
        let touchsynth = try Fixtures.touchsynth()
        var command = [touchsynth] + arguments
        if unprivileged && getuid() == 0 {
            let setpriv = try XCTUnwrap(findExecutable("setpriv"), "setpriv (util-linux) runs a command as nobody")
            command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let result = try runProcess(command, environment: environment)
        let shown = arguments.joined(separator: " ")
        XCTAssertEqual(result.status, status, "\(shown): \(result.stderr)", file: file, line: line)
        let last = result.stderr.split(separator: "\n").last ?? ""
        XCTAssertTrue(last.hasPrefix("touchsynth: ") || result.stderr.hasPrefix("Error: "),
                      "\(shown): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(Self.swiftValues(in: result.stderr + result.stdout), [], "\(shown): \(result.stderr)",
                       file: file, line: line)
        return result
    }

    /// Each malformed file, whatever its format, is one line naming the file and the line.
    func testMalformedRecordingsNameTheFileTheLineAndTheProblem() throws {
        let dir = Fixtures.root.appendingPathComponent("Tests/Fixtures/malformed").path
        for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
            let result = try assertSentence(["replay", dir + "/" + name], status: 65)
            XCTAssertTrue(Self.isLocated(result.stderr, in: dir + "/" + name), "\(name): \(result.stderr)")
        }
    }

    /// Whether `stderr` is one line, `touchsynth: PATH:LINE: problem`.
    private static func isLocated(_ stderr: String, in path: String) -> Bool {
        let head = "touchsynth: \(path):"
        return stderr.hasPrefix(head) && stderr.dropFirst(head.count).wholeMatch(of: #/[0-9]+: [^\n]+\n/#) != nil
    }

    func testMissingFilesAndBadOptionsAreSentences() throws {
        let missing = "/nonexistent/touchsynth-missing.yml"
        let cases: [([String], Int32)] = [
            (["replay", missing], 66), (["compare", missing], 66), (["report", missing, "-o", "/tmp/r.html"], 66),
            (["convert", missing], 66), (["diff", missing, recording], 66), (["view", missing, "--port", "0"], 66),
            (["replay", "--desc", missing, recording], 66), (["replay", "--with", missing, recording], 66),
            (["compare", "--surface", missing, recording], 66), (["synthesize", missing, "--desc", missing], 66),
            (["replay", "--bogus", recording], 64), (["replay", "--speed", "99", recording], 64),
            (["replay", "--unplug", "soon", recording], 64), (["replay", "--unplug", "99", recording], 64),
            (["replay", "--start", "99", recording], 64), (["replay", "--mode", "sideways", recording], 64),
            (["view", "--port", "99999", recording], 64), (["compare", "--libinput", "latest", recording], 64),
            (["surfaces", "nonsense"], 64), (["report", recording, "-o", "/nonexistent/dir/r.html"], 73),
        ]
        for (arguments, status) in cases { try assertSentence(arguments, status: status) }
    }

    /// Surface descriptions wrong in each way a decoder or the surface's checks find.
    func testBadSurfacesAreSentences() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let region = "regions:\n  - name: a\n    frame: [0, 0, 100, 100]\n"
        let surfaces = [
            "number.yml": "regions:\n  - name: a\n    frame: [0, 0, \"wide\", 1]\n    recognizers: []\n",
            "list.yml": "regions: 5\n",
            "touch-type.yml": region + "    recognizers:\n      - kind: tap\n        allowedTouchTypes: [finger]\n",
            "effect.yml": region + "    recognizers: []\n    pointerInteraction:\n      style: {effect: glow}\n",
            "control.yml": "regions: \"\u{1}\"\n",
            "twice.yml": region + "    recognizers: []\n  - name: a\n    frame: [0, 0, 1, 1]\n    recognizers: []\n",
            "syntax.json": "{\"regions\": [",
            "kind.json": #"{"regions": [{"name": "a", "frame": [0, 0, 1, 1], "recognizers": [{"kind": "wave"}]}]}"#,
        ]
        for (name, text) in surfaces.sorted(by: { $0.key < $1.key }) {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try assertSentence(["compare", "--surface", path, recording], status: 65)
            XCTAssertTrue(Self.isLocated(result.stderr, in: path), "\(name): \(result.stderr)")
            // The decoders' own words name their Swift types: "expected to decode Double but
            // found Scalar", "cannot initialize TouchTypeName from invalid String value".
            XCTAssertFalse(result.stderr.contains("decode") || result.stderr.contains("initialize"),
                           "\(name): \(result.stderr)")
        }
    }

    /// A port below the system's unprivileged start is refused to nobody for permission (77), one
    /// in use is unavailable (69): each a sentence that says what to do.
    func testAPortThisUserMayNotUseIs77AndAPortInUseIs69() throws {
        let start = try String(contentsOfFile: "/proc/sys/net/ipv4/ip_unprivileged_port_start", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let privileged = try XCTUnwrap(Int(start)) - 1
        try XCTSkipIf(privileged < 1, "every port is open to every user here (net.ipv4.ip_unprivileged_port_start)")
        let refused = try assertSentence(["view", recording, "--port", String(privileged)], status: 77,
                                         unprivileged: true)
        XCTAssertTrue(refused.stderr.contains("port \(privileged)"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--port"), "says what to do: \(refused.stderr)")

        let taken = try ViewServer(title: "taken")
        defer { taken.stop() }
        let busy = try assertSentence(["view", recording, "--port", String(taken.port)], status: 69)
        XCTAssertTrue(busy.stderr.contains("in use"), busy.stderr)
    }

    /// `--listen` that names no address of this machine is refused in one line, before the
    /// warning that anyone could watch.
    func testABadListenAddressIsRefusedBeforeAnyWarning() throws {
        // 192.0.2.1 is TEST-NET-1: an address, but no machine's.
        for address in ["nonsense", "192.0.2.1"] {
            let result = try assertSentence(["view", recording, "--listen", address, "--port", "0"], status: 64)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
            XCTAssertTrue(result.stderr.contains("--listen \(address)"), result.stderr)
        }
    }

    /// A libinput version Debian does not offer (or an index that cannot be reached) is unavailable.
    func testAnUnknownLibinputVersionIsASentence() throws {
        let builds = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: builds) }
        let environment = ProcessInfo.processInfo.environment
            .merging(["TOUCHSYNTH_LIBINPUT_BUILDS": builds.path]) { $1 }
        try assertSentence(["compare", "--libinput", "1.9.0", recording], status: 69, environment: environment)
    }
}
