import Foundation
import Recordings
import TestSupport
import XCTest

/// A `touchsynth` process's standard streams and the files that stand for them. Input from a pipe
/// (`<(…)`, `-` for standard input) or /dev/null, which can be read only once and has no size or
/// name to go by, works as the same file would. Output to a reader gone or a full disk ends the
/// command quietly or in one line, its testbed with it. Output to a terminal is the live view, and
/// to a pipe plain text.
final class StandardStreamsTests: XCTestCase {
    /// `touchsynth ARGS` run by bash (in `directory`), so that ARGS can hold process
    /// substitutions and redirections.
    private func shell(_ touchsynth: String, _ arguments: String, in directory: String = ".") throws -> Finished {
        try runProcess(["/bin/bash", "-c", "cd '\(directory)' && exec '\(touchsynth)' \(arguments)"])
    }

    /// Recordings and captures piped to compare and diff: read once, whatever they are.
    func testRecordingsAndCapturesArePipedToCompareAndDiff() throws {
        let touchsynth = try Fixtures.touchsynth()
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-pipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let fromFile = runCommand(["compare", recording])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        let table = fromFile.stdout.split(separator: "\n").dropFirst()
        let piped = try shell(touchsynth, "compare <(cat '\(recording)')")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout.split(separator: "\n").dropFirst(), table, "the same table under the pipe's name")

        // A capture, plain (replay --json) and with both modes' app events (--mode both --json):
        // compare reads the libinput events of either, from a file or a pipe.
        let plain = dir.appendingPathComponent("plain.jsonl").path, both = dir.appendingPathComponent("both.jsonl").path
        for (path, mode) in [(plain, [String]()), (both, ["--mode", "both"])] {
            let capture = runCommand(["replay", recording, "--json"] + mode)
            XCTAssertEqual(capture.status, 0, capture.stderr)
            try capture.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let fromCapture = runCommand(["compare", plain])
        XCTAssertEqual(fromCapture.status, 0, fromCapture.stderr)
        XCTAssertEqual(fromCapture.stdout.split(separator: "\n").dropFirst(), table)
        for command in [
            "compare <(cat '\(plain)')", "compare <(cat '\(both)')", "compare /dev/stdin < '\(both)'",
            "compare - < '\(plain)'", "compare - < '\(recording)'",
        ] {
            let result = try shell(touchsynth, command)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stdout.split(separator: "\n").dropFirst(), table, command)
        }

        // compare's events file may not be where its table goes: the two would interleave.
        let out = dir.appendingPathComponent("out.txt").path
        for command in [
            "compare '\(recording)' --events-out /dev/stdout",
            "compare '\(recording)' --events-out '\(out)' > '\(out)'",
        ] {
            let result = try shell(touchsynth, command)
            XCTAssertEqual(result.status, 64, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("other than standard output"), result.stderr)
        }

        let same = try shell(touchsynth, "diff <(cat '\(recording)') '\(recording)'")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.contains(" 0 differ"), same.stdout)
        let sameEvents = try shell(touchsynth, "diff --all <(cat '\(plain)') '\(both)'")
        XCTAssertEqual(sameEvents.status, 0, sameEvents.stderr + sameEvents.stdout)
        XCTAssertTrue(sameEvents.stdout.contains(" 0 differ"), sameEvents.stdout)
        let mixed = runCommand(["diff", plain, recording])
        XCTAssertEqual(mixed.status, 64, "a capture and a recording are not two of a kind: \(mixed.stderr)")
        XCTAssertEqual(
            mixed.stderr,
            "touchsynth: \(plain) is a libinput capture and \(recording) a recording: diff compares two of a kind\n")
    }

    /// Scripts, descriptions and surfaces piped; /dev/null is an empty file, refused as such.
    func testScriptsDescriptionsAndSurfacesArePiped() throws {
        let touchsynth = try Fixtures.touchsynth()
        let script = Fixtures.root.appendingPathComponent("Tests/Fixtures/scripts/pinch-in.gesture").path
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc").path
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

        let fromFiles = runCommand(["synthesize", script, "--desc", desc])
        XCTAssertEqual(fromFiles.status, 0, fromFiles.stderr)
        for command in [
            "synthesize <(cat '\(script)') --desc '\(desc)'", "synthesize '\(script)' --desc <(cat '\(desc)')",
        ] {
            let piped = try shell(touchsynth, command)
            XCTAssertEqual(piped.status, 0, "\(command): \(piped.stderr)")
            XCTAssertEqual(piped.stdout, fromFiles.stdout, command)
        }

        // A surface with no extension to go by: YAML unless it opens with { or [.
        let yaml = "regions:\n  - name: list\n    frame: [0, 0, 1440, 900]\n    recognizers:\n      - kind: pinch\n"
        let json = #"{"regions": [{"name": "list", "frame": [0, 0, 1440, 900], "recognizers": [{"kind": "pinch"}]}]}"#
        for surface in [yaml, json] {
            for command in [
                "compare --surface <(printf '%s' '\(surface)') '\(recording)'",
                "compare --surface - '\(recording)' < <(printf '%s' '\(surface)')",
            ] {
                let result = try shell(touchsynth, command)
                XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
                XCTAssertTrue(result.stdout.contains("list/pinch "), result.stdout)
            }
        }

        // Quirks, as a local override would hold them, from a pipe or standard input.
        let quirks = "[Piped]\nMatchUdevType=touchpad\nAttrPressureRange=1000:900\n"
        let quirksFile = temporaryPath("piped.quirks")
        defer { unlink(quirksFile) }
        try quirks.write(toFile: quirksFile, atomically: false, encoding: .utf8)
        let fromFile = runCommand(["quirks", "--quirks", quirksFile, recording])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        for (command, named) in [
            ("quirks --quirks <(printf '%s' '\(quirks)') '\(recording)'", "/dev/fd/"),
            ("quirks --quirks - '\(recording)' < <(printf '%s' '\(quirks)')", "-"),
        ] {
            let piped = try shell(touchsynth, command)
            XCTAssertEqual(piped.status, 0, "\(command): \(piped.stderr)")
            for result in [fromFile, piped] {
                XCTAssertTrue(result.stdout.contains("AttrPressureRange=1000:900  from [Piped]"), result.stdout)
            }
            XCTAssertTrue(piped.stdout.contains("matches [Piped] (\(named)"), piped.stdout)
        }
        // explain lists the quirks on a thread of its own while it replays: both read the one pipe.
        let palm = "[Palm]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=200\n"
        let explained = try shell(touchsynth, "explain --quirks <(printf '%s' '\(palm)') '\(recording)'")
        XCTAssertEqual(explained.status, 0, explained.stderr)
        XCTAssertTrue(explained.stdout.contains("AttrPalmPressureThreshold=200 (/dev/fd/"), explained.stdout)
        XCTAssertTrue(explained.stdout.contains("a palm presses harder than 200"), explained.stdout)

        let noScript = runCommand(["synthesize", "/dev/null", "--desc", desc])
        XCTAssertEqual(noScript.status, 65, noScript.stderr)
        XCTAssertEqual(noScript.stderr, "touchsynth: /dev/null: no gesture in the script\n")
        let noSurface = runCommand(["compare", "--surface", "/dev/null", recording])
        XCTAssertEqual(noSurface.status, 65, noSurface.stderr)
        XCTAssertEqual(noSurface.stderr, "touchsynth: /dev/null:1: empty: not a surface description\n")
    }

    /// `-` is standard input, for every kind of file, and `-o -` standard output; a report of
    /// standard input or a pipe, whose names say nothing, is called report.html (report-2.html
    /// for a second one).
    func testStandardInputIsDashAndItsReportIsCalledReport() throws {
        let touchsynth = try Fixtures.touchsynth()
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let script = Fixtures.root.appendingPathComponent("Tests/Fixtures/scripts/pinch-in.gesture").path
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-stdin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let converted = runCommand(["convert", recording, "--to", "evemu"])
        let toDash = runCommand(["convert", recording, "--to", "evemu", "-o", "-"])
        XCTAssertEqual(toDash.status, 0, toDash.stderr)
        XCTAssertEqual(toDash.stdout, converted.stdout, "-o - is standard output")
        let fromStdin = try shell(touchsynth, "convert - --to evemu < '\(recording)'")
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        XCTAssertEqual(fromStdin.stdout, converted.stdout)
        let synthesized = try shell(touchsynth, "synthesize - --desc '\(desc)' < '\(script)'")
        XCTAssertEqual(synthesized.status, 0, synthesized.stderr)
        XCTAssertEqual(synthesized.stdout, runCommand(["synthesize", script, "--desc", desc]).stdout)
        let bad = try runProcess(["/bin/bash", "-c", "echo garbage | '\(touchsynth)' replay -"])
        XCTAssertEqual(bad.status, 65)
        XCTAssertEqual(bad.stderr, "touchsynth: -:1: not an evemu line: \"garbage\" (read as evemu)\n")
        // Standard input from a directory is no file to read: 66, as its path would be.
        let directory = try shell(touchsynth, "replay - < /tmp")
        XCTAssertEqual(directory.status, 66, directory.stderr)
        XCTAssertEqual(directory.stderr, "touchsynth: -: is a directory, not a file\n")

        let report = try shell(touchsynth, "report - < '\(recording)'", in: dir.path)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stderr, "touchsynth: wrote report.html\n")
        let pages = dir.appendingPathComponent("pages").path
        let compared = try shell(
            touchsynth, "compare --report '\(pages)' - <(cat '\(recording)') '\(recording)' < '\(recording)'")
        XCTAssertEqual(compared.status, 0, compared.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: pages).sorted(),
            ["index.html", "pinch-in.html", "report-2.html", "report.html"])
    }

    // MARK: - Output that cannot be written

    /// Output that cannot be written: a reader gone before the replay's child was ready ends it
    /// quietly, as one gone later does; a full disk is one line and 74 (a full latency file:
    /// MockedProgramTests; an unwritable one, ReplayBehaviourTests).
    func testOutputThatCannotBeWrittenEndsTheReplayInOneLineOrQuietly() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        func run(_ arguments: [String], stdout: FileHandle) throws -> (status: Int32, stderr: String) {
            let process = Process(), errors = Pipe()
            process.executableURL = URL(fileURLWithPath: touchsynth)
            process.arguments = arguments
            process.standardOutput = stdout
            process.standardError = errors
            try process.run()
            try stdout.close()
            process.waitUntilExit()
            return (
                process.terminationStatus,
                String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            )
        }
        func goneReader() throws -> FileHandle {
            let gone = Pipe()
            try gone.fileHandleForReading.close()
            return gone.fileHandleForWriting
        }
        // From a shell with SIGPIPE's default action, as a user's is (this process may ignore it),
        // output larger than a pipe holds to a reader that goes after one byte.
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        for command in ["convert '\(session)'", "replay --json '\(session)'"] {
            let piped = try runProcess([
                "/bin/bash", "-c",
                "env --default-signal=PIPE '\(touchsynth)' \(command) | head -c 1 >/dev/null; "
                    + "echo ${PIPESTATUS[0]}",
            ])
            XCTAssertEqual(piped.stdout, "0\n", "\(command): \(piped.stderr)")
        }
        let quiet = try run(["replay", pinch], stdout: try goneReader())
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "")
        // The files asked for besides the printing are still written, as when the reader stays.
        let events = temporaryPath("events.jsonl"), reports = temporaryPath("reports"), markdown = temporaryPath("c.md")
        defer { [events, reports, markdown].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let kept = try run(
            ["compare", "--events-out", events, "--report", reports, pinch], stdout: try goneReader())
        XCTAssertEqual(kept.status, 0, kept.stderr)
        let read = try String(contentsOfFile: events, encoding: .utf8)
        try FileManager.default.removeItem(atPath: events)
        let shown = try runProcess([touchsynth, "compare", "--events-out", events, pinch])
        XCTAssertEqual(read, try String(contentsOfFile: events, encoding: .utf8), shown.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: reports).sorted(), ["index.html", "pinch-in.html"])
        let corpus = try run(["corpus", "--markdown", markdown, pinch], stdout: try goneReader())
        XCTAssertEqual(corpus.status, 0, corpus.stderr)
        XCTAssertTrue(try String(contentsOfFile: markdown, encoding: .utf8).contains("pinch-in"))
        let junit = temporaryPath("shard.xml")
        defer { try? FileManager.default.removeItem(atPath: junit) }
        let shard = try run(["corpus", "--shard", "1/1", "--junit", junit, pinch], stdout: try goneReader())
        XCTAssertEqual(shard.status, 0, shard.stderr)
        XCTAssertTrue(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite"))
        for arguments in [
            ["replay", pinch], ["compare", "--json", pinch], ["convert", pinch], ["--help"], ["--version"],
        ] {
            let full = try run(arguments, stdout: try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full")))
            XCTAssertEqual(full.status, 74, "\(arguments)")
            XCTAssertEqual(full.stderr, "touchsynth: stdout: cannot write: No space left on device\n", "\(arguments)")
        }
    }

    /// An argument that is not UTF-8 is refused by its bytes, before it can name another file (a
    /// Swift string would read the byte as U+FFFD): by `touchsynth`, and by `touchsynth-view`, which
    /// `view` hands its command line to.
    func testAnArgumentThatIsNotUTF8IsRefusedByItsBytes() throws {
        let touchsynth = try Fixtures.touchsynth()
        // `caf` and the byte 0xE9 (Latin-1's é), beside the file its U+FFFD reading would name.
        let stem = temporaryPath("caf"), misread = stem + "\u{FFFD}"
        FileManager.default.createFile(atPath: misread, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: misread) }
        for command in ["replay", "view"] {
            let run = try runProcess(["/bin/bash", "-c", "'\(touchsynth)' \(command) \"$(printf '\(stem)\\351')\""])
            XCTAssertEqual(run.status, 64, "\(command): \(run.stderr)")
            XCTAssertEqual(
                run.stderr, "touchsynth: argument 2, \"\(stem)\\xE9\", is not UTF-8, which arguments are read as\n")
        }
    }

    /// A real-time replay ends when its output's reader goes (`| head`), quietly, and keeps the
    /// latency file of what it measured until then.
    func testAReplayWhoseReaderWentEndsAndKeepsItsLatencyFile() throws {
        let touchsynth = try Fixtures.touchsynth()
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let latency = temporaryPath("latency.tsv")
        defer { try? FileManager.default.removeItem(atPath: latency) }
        let result = try runProcess([
            "/bin/bash", "-c",
            "set -o pipefail; \"$0\" replay --real-time --mode both --latency \"$1\" \"$2\" | head -1",
            touchsynth, latency, session,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1)
        let lines = try String(contentsOfFile: latency, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "# type\tns from availability\tus from kernel timestamp")
    }

    /// Started with its stdout closed, a command does not print into the file it opens next,
    /// which would take the descriptor's number: it fails as printing to a closed stdout does,
    /// and leaves no events file.
    func testAClosedStdoutIsNotTheNextFileOpened() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let events = temporaryPath("events.jsonl")
        defer { try? FileManager.default.removeItem(atPath: events) }
        let result = try runProcess([
            "/bin/sh", "-c", "exec \"$0\" compare \"$1\" --events-out \"$2\" >&-", touchsynth, pinch, events,
        ])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertEqual(result.stderr, "touchsynth: stdout: cannot write: Bad file descriptor\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: events))
    }

    /// A replay whose output is closed under it ends its process at once (quietly, or with 74 on
    /// a full disk): its testbed goes with it.
    func testAReplayEndedByItsOutputLeavesNoTestbed() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let scratch = temporaryPath("testbeds")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = scratch
        let gone = Pipe()
        try gone.fileHandleForReading.close()
        let outputs = [
            ("a closed pipe", gone.fileHandleForWriting, Int32(0)),
            ("/dev/full", try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full")), 74),
        ]
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

    // MARK: - A terminal, and a pipe: `debug`'s live view, through `replay`

    private static let escape = try! NSRegularExpression(pattern: "\u{1B}\\[[0-9;]*[A-Za-z]")

    private func plain(_ text: String) -> String {
        Self.escape.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    }

    /// What the terminal shows: lines split at newlines and at carriage returns (the status
    /// line is redrawn after `\r`), colour codes kept.
    private func inTerminal(_ arguments: [String], columns: Int) throws -> [String] {
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-pty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: transcript) }
        let command = arguments.map { "'\($0)'" }.joined(separator: " ")
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = String(columns)
        environment["NO_COLOR"] = nil
        let result = try runProcess(
            ["/usr/bin/script", "-q", "-e", "-c", command, transcript.path], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: transcript, encoding: .utf8)
        return text.components(separatedBy: CharacterSet(charactersIn: "\r\n")).filter {
            !$0.isEmpty && !$0.hasPrefix("Script ")
        }
    }

    /// Rows the table has for a replay: one per app event of the busier mode, per libinput event.
    private func expectedRows(_ recording: URL) throws -> Int {
        let result = runCommand(["replay", "--mode", "both", "--json", recording.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        var rows = 0
        for object in try jsonLines(result.stdout) {
            let compat = object["compat"] as? [[String: Any]] ?? [],
                indirect = object["indirect"] as? [[String: Any]] ?? []
            if object["accounting"] == nil { rows += max(compat.count, indirect.count) }
        }
        return rows
    }

    /// With a surface's pointer interactions, the status line names the pointer's region and
    /// style as it goes, and nothing once it left them.
    func testTheStatusLineNamesThePointersRegionAndStyle() throws {
        let pointer = Fixtures.root.appendingPathComponent("Tests/Fixtures/pointer")
        let lines = try inTerminal(
            [
                try Fixtures.touchsynth(), "replay", "--mode", "indirect", "--surface",
                pointer.appendingPathComponent("surface.yml").path,
                pointer.appendingPathComponent("cross-toolbar.yml").path,
            ], columns: 200)
        let status = lines.map(plain).filter { $0.hasPrefix("▌") }
        XCTAssertTrue(status.contains { $0.contains("│ region segments/two highlight │") }, "the segmented control")
        XCTAssertTrue(
            status.contains { $0.contains("│ region text/line.4 verticalBeam(20) constrained vertical │") },
            "a text line")
        XCTAssertTrue(status.contains { $0.contains("│ region button lift │") }, "the padded button")
        XCTAssertTrue(status.contains { !$0.contains("region") && $0.contains("pointer") }, "between the controls")
    }

    func testBothModesSideBySideFitTheTerminalWithColoursAndAStatusLine() throws {
        let url = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml")
        let columns = 120
        let lines = try inTerminal([try Fixtures.touchsynth(), "replay", "--mode", "both", url.path], columns: columns)
        let status = lines.filter { plain($0).hasPrefix("▌") }
        let rows = lines.filter { !plain($0).hasPrefix("▌") }
        let expected = try expectedRows(url)

        XCTAssertTrue(plain(rows[0]).hasPrefix("libinput"), rows[0])
        XCTAssertTrue(
            plain(rows[0]).contains("compat") && plain(rows[0]).contains("indirect"), "both modes side by side")
        let table = rows.dropFirst().filter {
            plain($0).range(of: #"^ *[0-9]+\.[0-9]{3}s |^ {10,}"#, options: .regularExpression) != nil
        }
        XCTAssertEqual(table.count, expected, "a line per app event row")
        for line in rows + status {
            XCTAssertLessThanOrEqual(plain(line).count, columns, "fits the terminal: \(plain(line))")
        }
        // Aligned: every row's indirect column starts at the same place.
        let starts = Set(
            table.compactMap { line -> Int? in
                let text = plain(line)
                return text.range(of: "transform").map { text.distance(from: text.startIndex, to: $0.lowerBound) }
            })
        XCTAssertEqual(starts.count, 1, "the indirect column is aligned: \(starts)")
        // Coloured: began green, the libinput column's gestures yellow.
        XCTAssertEqual(
            table.filter { $0.contains("\u{1B}[32m") }.count, 1,
            "one row begins the pinch (touches and transform both green)")
        XCTAssertTrue(
            table.allSatisfy { $0.contains("\u{1B}[33m") || plain($0).hasPrefix("          ") },
            "gesture events are yellow")
        // The status line follows the gesture.
        XCTAssertTrue(status.contains { plain($0).contains("event10 ETPS/2 Elantech Touchpad") })
        XCTAssertTrue(status.contains { plain($0).contains("fingers 2") && plain($0).contains("pinch scale") })
        XCTAssertTrue(plain(status.last ?? "").contains("idle"), "idle once the pinch ended: \(status.last ?? "")")
    }

    /// libinput's warnings, written to stderr on the same terminal, take the status line's place
    /// rather than running on from its end.
    func testLibinputsWarningsOnATerminalTakeTheStatusLinesPlace() throws {
        let jumping = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events")
        let lines = try inTerminal([try Fixtures.touchsynth(), "replay", jumping.path], columns: 160).map(plain)
        let warnings = lines.filter { $0.contains("Touch jump detected") }
        XCTAssertFalse(warnings.isEmpty, "libinput warns of the touch jump")
        XCTAssertTrue(warnings.allSatisfy { $0.hasPrefix("libinput: ") }, "\(warnings)")
    }

    func testPipedOutputIsPlainText() throws {
        let url = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml")
        let result = try runProcess([try Fixtures.touchsynth(), "replay", "--mode", "both", url.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "no escape codes in a pipe")
        XCTAssertFalse(result.stdout.contains("▌"), "no status line in a pipe")
        XCTAssertFalse(result.stdout.contains("…"), "nothing cut in a pipe")
        let forced = try runProcess([
            try Fixtures.touchsynth(), "replay", "--mode", "raw", "--color", "always", url.path,
        ])
        XCTAssertTrue(forced.stdout.contains("\u{1B}[33m"), "--color always colours a pipe")
    }

    /// On a terminal, `record`'s progress line counts up elapsed time and events (run under `script`,
    /// a pty), in wall-clock time: the replay runs in real time.
    func testRecordShowsProgressOnATerminal() throws {
        let touchsynth = try Fixtures.touchsynth()
        let script = try XCTUnwrap(findExecutable("script"), "util-linux's script is not installed")
        let source = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let out = temporaryPath("tty.yml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let inner = "\(touchsynth) mock --real-time \(source) -- \(touchsynth) record --device {devnode} -o \(out)"
        let result = try runProcess([script, "-q", "-e", "-c", inner, "/dev/null"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("Ctrl-C to stop"), result.stdout)
        let updates = result.stdout.split(separator: "\r").filter { $0.contains(" s ") && $0.contains(" events") }
        // How many updates a second is the machine's to say; that they count up is the line's.
        let counts = updates.compactMap { $0.firstMatch(of: /([0-9]+) events/).flatMap { Int($0.output.1) } }
        XCTAssertEqual(counts.count, updates.count, result.stdout)
        XCTAssertEqual(counts, counts.sorted(), "the counts go up: \(result.stdout)")
        XCTAssertGreaterThan(Set(counts).count, 1, "the line counts up as events come: \(result.stdout)")
        let events = try RecordingLoader.load(source).frames.reduce(0) { $0 + $1.events.count }
        XCTAssertTrue(
            updates.last?.contains(" \(events) events") == true,
            "the last update counts all \(events) events: \(updates.last ?? "")")
    }
}
