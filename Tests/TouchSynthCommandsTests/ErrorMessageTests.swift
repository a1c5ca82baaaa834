import Foundation
import MockedDevices
import Recordings
import ViewServer
import XCTest
import TestSupport

/// Every error the command line prints is a sentence a person reads, with the exit status the
/// README's table gives, and never a Swift value's description: no payload labels (`type:`,
/// `errno:`), no `Optional(…)`, no enum case with its payload (`failed(…)`) or alone (`.system`).
final class ErrorMessageTests: XCTestCase {
    private let recording = Fixtures.root.appendingPathComponent("Tests/Fixtures/pointer/click-drag.yml").path

    /// The check above catches what the CLI once printed, and passes sentences.
    func testTheCheckFindsSwiftValues() {
        let bind = #"touchsynth: cannot listen on 127.0.0.1 port 1: failed(type: "Bind", errno: 13)"#
        XCTAssertEqual(swiftValues(in: bind), ["type:", "errno:", "failed("])
        XCTAssertEqual(swiftValues(in: "touchsynth: x.yml: at offset: Optional(5)"), ["Optional(", "Optional("])
        XCTAssertEqual(swiftValues(in: "touchsynth: a replay failed: .system"), [".system"])
        XCTAssertEqual(swiftValues(in: "touchsynth: x.yml:3: regions[0].frame: in a .yml file"), [".yml"])
        XCTAssertEqual(swiftValues(in: "touchsynth: x.evemu:34: \".nan\" is not an integer (read as evemu)"), [])
        let usage = "touchsynth: Unknown option '--bogus' (see 'touchsynth replay --help')"
        XCTAssertEqual(swiftValues(in: usage), [])
    }

    /// Runs `arguments` and checks that its error is a sentence (``assertErrorIsASentence``).
    @discardableResult
    private func assertSentence(
        _ arguments: [String], status: Int32, file: StaticString = #filePath,
        line: UInt = #line
    ) -> Finished {
        let result = runCommand(arguments)
        assertErrorIsASentence(result, status: status, arguments.joined(separator: " "), file: file, line: line)
        return result
    }

    /// Each malformed file, whatever its format, is one line naming the file and the line.
    func testMalformedRecordingsNameTheFileTheLineAndTheProblem() throws {
        let dir = Fixtures.root.appendingPathComponent("Tests/Fixtures/malformed").path
        for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
            let result = assertSentence(["replay", dir + "/" + name], status: 65)
            XCTAssertTrue(Self.isLocated(result.stderr, in: dir + "/" + name), "\(name): \(result.stderr)")
        }
    }

    /// Whether `stderr` is one line, `touchsynth: PATH:LINE: problem`.
    private static func isLocated(_ stderr: String, in path: String) -> Bool {
        let head = "touchsynth: \(path):"
        return stderr.hasPrefix(head) && stderr.dropFirst(head.count).wholeMatch(of: #/[0-9]+: [^\n]+\n/#) != nil
    }

    /// A device libinput will not use (an axis whose minimum is its maximum, one resolution of two)
    /// is bad data, told in one line naming the recording and libinput's complaint, not the
    /// closing "not using input device" line, then the description's line and numbers behind it
    /// and where libinput decides; synthesize refuses it as a description by the rule.
    func testADeviceLibinputRejectsIsBadDataNamingTheRecordingAndWhy() throws {
        let original = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let x: UInt16 = 0x00, y: UInt16 = 0x01
        for (name, change, complaint) in [
            (
                "flat-x.evemu",
                { (r: inout Recording) in r.device.absinfo[x]?.maximum = original.device.absinfo[x]?.minimum ?? 0 },
                "device has min == max on ABS_X; by its description (PLACE), ABS_X's minimum and maximum are both "
                    + "\(original.device.absinfo[x]?.minimum ?? 0), and libinput rejects the device: src/evdev.c:"
            ),
            (
                "x-resolution-only.evemu", { (r: inout Recording) in r.device.absinfo[y]?.resolution = 0 },
                "kernel has only x or y resolution, not both; by its description (PLACE), ABS_X has a resolution and "
                    + "ABS_Y none"
            ),
        ] as [(String, (inout Recording) -> Void, String)] {
            var recording = original
            change(&recording)
            let path = temporaryPath(name)
            let text = EvemuFormat.write(recording)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            // The ABS_X range's line, which the message names.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("A: 00 ") }) + 1
            let said = complaint.replacingOccurrences(of: "PLACE", with: "\(path):\(line)")
            for command in ["replay", "compare", "explain"] {
                let result = assertSentence([command, path], status: 65)
                XCTAssertTrue(result.stderr.hasPrefix("touchsynth: \(path): libinput: "), result.stderr)
                XCTAssertTrue(result.stderr.contains(said), "\(command): \(result.stderr)")
                // Played beside a recording libinput takes, it is still the device named.
                let beside = assertSentence([command, "--with", path, self.recording], status: 65)
                XCTAssertTrue(
                    beside.stderr.hasPrefix("touchsynth: \(path): libinput: cannot add /dev/input/event11: "),
                    "\(command): \(beside.stderr)")
                XCTAssertTrue(beside.stderr.contains(said), "\(command): \(beside.stderr)")
            }
            // A script performed on it would replay to nothing: synthesize refuses the description.
            let synthesized = assertSentence(["synthesize", "-e", "pinch", "--desc", path], status: 65)
            XCTAssertTrue(
                synthesized.stderr.hasPrefix("touchsynth: \(path): not a touchpad to libinput: "), synthesized.stderr)
            XCTAssertTrue(synthesized.stderr.contains("src/evdev.c:"), synthesized.stderr)
        }
    }

    /// A log of keys alone, without a description, is no touchpad: the description inferred for
    /// it says so, and a command refusing it as having nothing to show says first what it guessed.
    func testARefusedLogSaysWhatWasGuessedFirst() throws {
        let keys = temporaryPath("keys.events")
        defer { unlink(keys) }
        try "E: 0.000000 0001 001e 1\nE: 0.000000 0000 0000 0\nE: 0.050000 0001 001e 0\nE: 0.050000 0000 0000 0\n"
            .write(toFile: keys, atomically: false, encoding: .utf8)
        for command in ["replay", "compare", "explain"] {
            let result = runCommand([command, keys])
            XCTAssertEqual(result.status, 65, "\(command): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 2, "\(command): \(result.stderr)")
            XCTAssertTrue(
                lines.first?.hasPrefix(
                    "touchsynth: warning: \(keys): no device description, so one was inferred from the 4 events: "
                        + "named \"Inferred device\", on the I2C bus; no x or y position among them") == true,
                "\(command): \(result.stderr)")
            XCTAssertEqual(
                lines.last,
                "touchsynth: \(keys): nothing to show: the recording's device (Inferred device) is neither a pointer, "
                    + "a touchpad nor a touchscreen (--allow-empty replays it all the same)")
        }
    }

    /// A quirks file libinput would refuse, in either way it can be wrong, is one line naming its
    /// line, from every command that replays.
    func testQuirksLibinputWouldRefuseNameTheirLine() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        for (text, line) in [("[A]\nAttrPalmPressureThreshold=4\n", 2), ("[A]\nMatchBus=usb\nAttrNoSuch=1\n", 3)] {
            let quirks = temporaryPath("bad.quirks")
            try text.write(toFile: quirks, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: quirks) }
            let touchpad = Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
            for command in ["replay", "compare", "report", "corpus", "explain", "quirks"] {
                var arguments = [command, "--quirks", quirks, command == "corpus" ? touchpad.path : pinch]
                if command == "report" { arguments += ["-o", temporaryPath("r.html")] }
                let result = assertSentence(arguments, status: 65)
                XCTAssertTrue(
                    result.stderr.hasPrefix("touchsynth: \(quirks):\(line): "), "\(command): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", command)
            }
        }
    }

    /// A file's name holding a newline or an escape is written escaped where a table names it, as
    /// an error names it: the header stays one line, and no escape reaches the terminal.
    func testATablesHeaderNamesAnOddFileOnOneLine() throws {
        let odd = temporaryPath("a\nb\u{1B}[31m.yml")
        try FileManager.default.copyItem(
            atPath: Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path, toPath: odd)
        defer { try? FileManager.default.removeItem(atPath: odd) }
        let named =
            "== "
            + odd.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(
                of: "\u{1B}", with: "\\u{1B}")
        let versions = "\(LibinputBuild.system.version),\(try libinputBuilds(["1.28.1"])[0].version)"
        for command in [["compare"], ["compare", "--libinput", versions], ["explain"], ["quirks"]] {
            let run = runCommand(command + [odd])
            XCTAssertEqual(run.status, 0, "\(command): \(run.stderr)")
            let first = String(run.stdout.prefix { $0 != "\n" })
            XCTAssertTrue(first.hasPrefix(named), "\(command): \(first)")
        }
    }

    /// A binary file given as quirks is told as one, and a line quoting control characters or
    /// hundreds of characters is quoted escaped and cut: one line a terminal shows as it is.
    func testAQuirksFileThatIsNoTextOrQuotesControlsStaysOneLine() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let binary = temporaryPath("binary.quirks"), controls = temporaryPath("controls.quirks")
        try Data([0x7F, 0x45, 0x4C, 0x46, 0, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: binary))
        try ("[A]\nMatchName=x\nAttrPressureRange=\u{1B}[31m" + String(repeating: "0", count: 480) + "\n")
            .write(toFile: controls, atomically: true, encoding: .utf8)
        defer { for file in [binary, controls] { try? FileManager.default.removeItem(atPath: file) } }
        let told = assertSentence(["quirks", "--quirks", binary, pinch], status: 65)
        XCTAssertEqual(told.stderr, "touchsynth: \(binary):1: not UTF-8 text\n")
        let quoted = assertSentence(["quirks", "--quirks", controls, pinch], status: 65)
        XCTAssertFalse(quoted.stderr.contains("\u{1B}"), quoted.stderr)
        XCTAssertTrue(quoted.stderr.contains("0…0"), quoted.stderr)
        XCTAssertLessThan(quoted.stderr.count, 480, quoted.stderr)
    }

    func testMissingFilesAndBadOptionsAreSentences() throws {
        let missing = "/nonexistent/touchsynth-missing.yml"
        let capture = Fixtures.root.appendingPathComponent("Tests/Fixtures/behaviour/pinch-in.replay.jsonl").path
        let header = temporaryPath("header.jsonl")
        try XCTUnwrap(try String(contentsOfFile: capture, encoding: .utf8).split(separator: "\n").first)
            .write(toFile: header, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: header) }
        let cases: [([String], Int32)] = [
            (["compare", header], 65), (["bridge", "check", header], 65), (["bridge", "check", capture, header], 65),
            (["replay", missing], 66), (["compare", missing], 66), (["report", missing, "-o", "/tmp/r.html"], 66),
            (["convert", missing], 66), (["diff", missing, recording], 66), (["view", missing, "--port", "0"], 66),
            (["replay", "--desc", missing, recording], 66), (["replay", "--with", missing, recording], 66),
            (["compare", "--surface", missing, recording], 66), (["compare", "--surface", "nope", recording], 64),
            (["surfaces", "list", "--json"], 64), (["compare", "--start", "0.3", capture], 64),
            (["compare", "--enable-tap", capture], 64), (["compare", "--quirks", capture, capture], 64),
            (["synthesize", missing, "--desc", missing], 66),
            (["replay", "--bogus", recording], 64), (["replay", "--speed", "99", recording], 64),
            (["replay", "--unplug", "soon", recording], 64), (["replay", "--unplug", "99", recording], 64),
            (["replay", "--start", "99", recording], 64), (["replay", "--mode", "sideways", recording], 64),
            (["view", "--port", "99999", recording], 64), (["compare", "--libinput", "latest", recording], 64),
            (["surfaces", "nonsense"], 64), (["report", recording, "-o", "/nonexistent/dir/r.html"], 73),
            (["replay", "--quirks", missing, recording], 66), (["compare", "--quirks", missing, recording], 66),
            (["debug", "--x11", "--wayland"], 64), (["view", "--x11", recording], 64),
            (["compare", "-", "-"], 64), (["diff", "-", "-"], 64), (["replay", "--with", "-", "-"], 64),
            (["convert", "-", "--desc", "-"], 64), (["compare", recording, "-", "--desc", "-"], 64),
            (["synthesize", "-", "--desc", "-"], 64), (["diff", recording, "-", "--desc", "-"], 64),
            (["quirks", "--dmi", "dmi:\n", recording], 64),
            (["convert", recording, "--desc", missing], 66), (["play", recording, "--uinput", "/tmp"], 66),
            (["play", recording, "--uinput", "/etc/passwd"], 66), (["devices", "--device", "/dev/null"], 65),
            (["corpus", Fixtures.devices.path, "--junit", "/tmp"], 73), (["corpus", "-"], 64),
            (["corpus", "merge", missing], 66), (["convert", recording, "-o", ""], 64), (["replay", ""], 64),
            (["synthesize", "-e", "tap", "--desc", ""], 64), (["compare", recording, "--report", ""], 64),
            (["replay", "--screen", "1440x900", recording], 64), (["replay", "--unplug", "@event0", recording], 64),
            (["replay", "--mode", "both", "--surface", "", recording], 64),
            (["convert", recording, "--description-only", "--start", "0.5"], 64),
            (["replay", "--check", "--surface", "canvas", recording], 64),
            (["corpus", "--markdown", "-", Fixtures.devices.path], 64),
            (["corpus", "--junit", "-", Fixtures.devices.path], 64),
            (["corpus", "--results", "-", Fixtures.devices.path], 64),
            (["bridge", "run", "--replay", recording, "--uinput", "/dev/uinput"], 64),
            (["bridge", "run", "--replay", recording, "--seat", "seat1"], 64),
            (
                [
                    "bench", "--runs", "1",
                    Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path,
                ], 65
            ),
        ]
        for (arguments, status) in cases { assertSentence(arguments, status: status) }
        let negative = assertSentence(["synthesize", "-e", "tap", "--desc", recording, "--jitter", "-1"], status: 64)
        XCTAssertTrue(negative.stderr.contains("--jitter must be within 0 and 10 mm"), negative.stderr)
        // A negative number is the option's value, said out of range, not a missing value.
        for (arguments, said) in [
            (["replay", "--speed", "-1", recording], "--speed must be within 0.01 and 10"),
            // A value of several parts names the part that is wrong.
            (
                ["replay", "--syn-dropped", "0.1+100000", recording],
                "The value '0.1+100000' is invalid for '--syn-dropped <seconds[+ms][@eventN]>': +100000 is not "
                    + "milliseconds from 0 to 60000"
            ),
            (
                ["replay", "--unplug", "0.1@mouse", recording],
                "The value '0.1@mouse' is invalid for '--unplug <seconds[@eventN]>': @mouse names no device: eventN, N "
                    + "from 0 to 1000"
            ),
            (
                ["compare", "--udev-property", "FOO=1", recording],
                "The value 'FOO=1' is invalid for '--udev-property <key=value>': FOO is not a property libinput "
                    + "reads: ID_INPUT_* or LIBINPUT_*"
            ),
            (
                [
                    "replay", "--udev-property", "ID_INPUT_TOUCHPAD=1", "--udev-property", "ID_INPUT_TOUCHPAD=0",
                    recording,
                ],
                "--udev-property names ID_INPUT_TOUCHPAD twice"
            ),
            (
                ["replay", "--unplug", "@event0", recording],
                "The value '@event0' is invalid for '--unplug <seconds[@eventN]>': no seconds: give SECONDS, then "
                    + "@eventN or +MS if any"
            ),
            (["surfaces", ""], "an empty name names no screen: photos, list, map, canvas"),
            (["compare", recording, "--report", ""], "an empty path names no folder to write into"),
            (["diff", "--limit", "-1", recording, recording], "--limit must not be negative"),
            (["corpus", "run", "--jobs", "-1", Fixtures.devices.path], "--jobs must be within 1 and 64"),
            (["synthesize", "-e", "tap", "--desc", recording, "--rate", "-1"], "--rate must be within 10 and 1000 Hz"),
            (["mock", recording, "--tail-ms", "-1", "--", "true"], "--tail-ms must be within 0 and 60000"),
            (["mock", recording, "--event-number", "-1", "--", "true"], "--event-number must be within 0 and 1000"),
            (["bench", "--runs", "-1"], "--runs must be within 1 and 1000"),
            (["bench", "--rate", "100", recording], "--rate goes with --view-stream"),
            // An option of one value given twice, in any of its spellings: not the last kept in silence.
            (["replay", "--mode", "compat", recording, "--mode=both"], "--mode is given twice: it takes one value"),
            // The default subcommand's options: corpus is corpus run.
            (
                ["corpus", "--jobs", "1", Fixtures.devices.path, "--jobs", "2"],
                "--jobs is given twice: it takes one value"
            ),
            (
                ["synthesize", "-e", "tap", "-o", "/tmp/a.yml", "--desc", recording, "--output", "/tmp/b.yml"],
                "--output is given twice: it takes one value"
            ),
            (
                ["bench", "--view-stream", "1", recording, recording],
                "--view-stream measures one thing alone: it takes no more than one recording"
            ),
            (["bench", "--events", "5000", "--hour-only"], "--events sizes the throughput stream, which --hour-only"),
            (
                ["devices", "--seat", "seat9", "--device", "event2"],
                "--seat and --device each choose the devices to open: give one"
            ),
            (["view", "--seat", "seat9", recording], "--seat chooses live devices: a recording is its own device"),
            (
                ["bridge", "run", "--seat", "seat9", "--device", "event2"],
                "--seat and --device each choose the devices to open: give one"
            ),
            // One device opened twice would give each event twice.
            (["debug", "--device", "event2", "--device", "event2"], "--device event2 is given twice"),
            (
                ["devices", "--device", "event2", "--device", "/dev/input/event2"],
                "--device /dev/input/event2 names the device event2 names"
            ),
            (
                ["view", "--device", "/dev/null", "--device", "/dev/../dev/null"],
                "--device /dev/../dev/null names the device /dev/null names"
            ),
            // An unset shell variable: refused alike by every command that opens or chooses a node.
            (
                ["debug", "--device", ""],
                "The value '' is invalid for '--device <node>': an empty name names no device node"
            ),
            (
                ["record", "--device", ""],
                "The value '' is invalid for '--device <node>': an empty name names no device node"
            ),
            (
                ["replay", recording, "--device", ""],
                "The value '' is invalid for '--device <node>': an empty name names no"
            ),
            (
                ["view", "--device", ""],
                "The value '' is invalid for '--device <node>': an empty name names no device node"
            ),
            (
                ["bridge", "run", "--device", ""],
                "The value '' is invalid for '--device <node>': an empty name names no"
            ),
            (["bench", "--view-stream", "0"], "--view-stream takes more than 0 and at most 86400 seconds"),
            // A rate whose period in nanoseconds is past UInt64 trapped in the benchmark.
            (
                ["bench", "--view-stream", "1", "--events-per-second", "1e-12"],
                "--events-per-second takes 0.01 to 100000"
            ),
            (["record", "--duration", "-1"], "--duration must be a positive number of seconds"),
            (["bridge", "check", recording, "--tolerance", "-1"], "--tolerance must be above 0 and at most 1"),
            (
                ["debug", "--explain", "--mode", "compat", "--latency", "/tmp/l", "--verbose"],
                "--explain says why libinput did what it did, without app events or libinput's live log: "
                    + "--mode, --latency, --verbose would change nothing"
            ),
            // The command's own refusal comes first, not one asking for a mode it refuses too.
            (
                ["debug", "--explain", "--check"],
                "--explain says why libinput did what it did, without app events or libinput's live log: "
                    + "--check would change nothing"
            ),
            (
                ["replay", "--with-libinput", "--surface", "canvas", recording],
                "--with-libinput compares the recorded libinput events with this run's, whole and alone: "
                    + "--surface cannot go with it"
            ),
            (["replay", "--check", recording], "--check is for the app events: give --mode compat, indirect or both"),
            // Given, the default screen is still a screen for the app events.
            (
                ["replay", "--screen", "1440x900", recording],
                "--screen is for the app events: give --mode compat, indirect or both"
            ),
            (
                ["replay", "--json", "--color", "always", recording],
                "--color is for table output, which --json replaces"
            ),
            (
                ["replay", "--mode", "both", "--real-time", "--latency", "-", recording],
                "--latency takes a file other than standard output, which has the command's output"
            ),
            (["report", recording, "-o", "/tmp"], "-o must name an .html or .svg file, a device or a pipe"),
            (
                ["corpus", "run", "--shard", "3/2", Fixtures.devices.path],
                "The value '3/2' is invalid for '--shard <I/N>': a shard is I/N, with N from 1 to 10000 and I "
                    + "from 1 to N"
            ),
        ] {
            let result = runCommand(arguments)
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("touchsynth: \(said)"), result.stderr)
        }
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
            let result = assertSentence(["compare", "--surface", path, recording], status: 65)
            XCTAssertTrue(Self.isLocated(result.stderr, in: path), "\(name): \(result.stderr)")
            // The decoders' own words name their Swift types: "expected to decode Double but
            // found Scalar", "cannot initialize TouchTypeName from invalid String value".
            XCTAssertFalse(
                result.stderr.contains("decode") || result.stderr.contains("initialize"),
                "\(name): \(result.stderr)")
        }
    }

    /// A port in use is unavailable (69), a sentence that says what to do (a port this user may
    /// not use: EnvironmentTests, as nobody).
    func testAPortInUseIs69() throws {
        let taken = try ViewServer(title: "taken")
        defer { taken.stop() }
        let busy = assertSentence(["view", recording, "--port", String(taken.port)], status: 69)
        XCTAssertTrue(busy.stderr.contains("in use"), busy.stderr)
    }

    /// `--listen` that names no address of this machine is refused in one line, before the
    /// warning that anyone could watch.
    func testABadListenAddressIsRefusedBeforeAnyWarning() throws {
        // 192.0.2.1 is TEST-NET-1: an address, but no machine's; fe80::2 a link-local address,
        // which cannot be bound without its interface (where the kernel has IPv6).
        let ipv6 = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        if ipv6 >= 0 { close(ipv6) }
        for address in ["nonsense", "192.0.2.1"] + (ipv6 >= 0 ? ["fe80::2"] : []) {
            let result = assertSentence(["view", recording, "--listen", address, "--port", "0"], status: 64)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
            XCTAssertTrue(result.stderr.contains("--listen \(address)"), result.stderr)
        }
    }
}
