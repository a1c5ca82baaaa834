import Foundation
import XCTest
import TestSupport

/// Input from a pipe (`<(…)`, `-` for standard input) or /dev/null, which can be read only once
/// and has no size or name to go by, works as the same file would.
final class PipeInputTests: XCTestCase {
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

        let fromFile = try runProcess([touchsynth, "compare", recording])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        let table = fromFile.stdout.split(separator: "\n").dropFirst()
        let piped = try shell(touchsynth, "compare <(cat '\(recording)')")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout.split(separator: "\n").dropFirst(), table, "the same table under the pipe's name")

        // A capture, plain (replay --json) and with both modes' app events (--mode both --json):
        // compare reads the libinput events of either, from a file or a pipe.
        let plain = dir.appendingPathComponent("plain.jsonl").path, both = dir.appendingPathComponent("both.jsonl").path
        for (path, mode) in [(plain, [String]()), (both, ["--mode", "both"])] {
            let capture = try runProcess([touchsynth, "replay", recording, "--json"] + mode)
            XCTAssertEqual(capture.status, 0, capture.stderr)
            try capture.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let fromCapture = try runProcess([touchsynth, "compare", plain])
        XCTAssertEqual(fromCapture.status, 0, fromCapture.stderr)
        XCTAssertEqual(fromCapture.stdout.split(separator: "\n").dropFirst(), table)
        for command in ["compare <(cat '\(plain)')", "compare <(cat '\(both)')", "compare /dev/stdin < '\(both)'", "compare - < '\(plain)'", "compare - < '\(recording)'"] {
            let result = try shell(touchsynth, command)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stdout.split(separator: "\n").dropFirst(), table, command)
        }

        let same = try shell(touchsynth, "diff <(cat '\(recording)') '\(recording)'")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.contains(" 0 differ"), same.stdout)
        let sameEvents = try shell(touchsynth, "diff --all <(cat '\(plain)') '\(both)'")
        XCTAssertEqual(sameEvents.status, 0, sameEvents.stderr + sameEvents.stdout)
        XCTAssertTrue(sameEvents.stdout.contains(" 0 differ"), sameEvents.stdout)
        let mixed = try runProcess([touchsynth, "diff", plain, recording])
        XCTAssertEqual(mixed.status, 64, "a capture and a recording are not two of a kind: \(mixed.stderr)")
        XCTAssertEqual(mixed.stderr, "touchsynth: \(plain) is a libinput capture and \(recording) a recording: diff compares two of a kind\n")
    }

    /// Scripts, descriptions and surfaces piped; /dev/null is an empty file, refused as such.
    func testScriptsDescriptionsAndSurfacesArePiped() throws {
        let touchsynth = try Fixtures.touchsynth()
        let script = Fixtures.root.appendingPathComponent("Tests/Fixtures/scripts/pinch-in.gesture").path
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc").path
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

        let fromFiles = try runProcess([touchsynth, "synthesize", script, "--desc", desc])
        XCTAssertEqual(fromFiles.status, 0, fromFiles.stderr)
        for command in ["synthesize <(cat '\(script)') --desc '\(desc)'", "synthesize '\(script)' --desc <(cat '\(desc)')"] {
            let piped = try shell(touchsynth, command)
            XCTAssertEqual(piped.status, 0, "\(command): \(piped.stderr)")
            XCTAssertEqual(piped.stdout, fromFiles.stdout, command)
        }

        // A surface with no extension to go by: YAML unless it opens with { or [.
        let yaml = "regions:\n  - name: list\n    frame: [0, 0, 1440, 900]\n    recognizers:\n      - kind: pinch\n"
        let json = #"{"regions": [{"name": "list", "frame": [0, 0, 1440, 900], "recognizers": [{"kind": "pinch"}]}]}"#
        for surface in [yaml, json] {
            let result = try shell(touchsynth, "compare --surface <(printf '%s' '\(surface)') '\(recording)'")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("list/pinch "), result.stdout)
        }

        let noScript = try runProcess([touchsynth, "synthesize", "/dev/null", "--desc", desc])
        XCTAssertEqual(noScript.status, 65, noScript.stderr)
        XCTAssertEqual(noScript.stderr, "touchsynth: /dev/null: no gesture in the script\n")
        let noSurface = try runProcess([touchsynth, "compare", "--surface", "/dev/null", recording])
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

        let converted = try runProcess([touchsynth, "convert", recording, "--to", "evemu"])
        let toDash = try runProcess([touchsynth, "convert", recording, "--to", "evemu", "-o", "-"])
        XCTAssertEqual(toDash.status, 0, toDash.stderr)
        XCTAssertEqual(toDash.stdout, converted.stdout, "-o - is standard output")
        let fromStdin = try shell(touchsynth, "convert - --to evemu < '\(recording)'")
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        XCTAssertEqual(fromStdin.stdout, converted.stdout)
        let synthesized = try shell(touchsynth, "synthesize - --desc '\(desc)' < '\(script)'")
        XCTAssertEqual(synthesized.status, 0, synthesized.stderr)
        XCTAssertEqual(synthesized.stdout, try runProcess([touchsynth, "synthesize", script, "--desc", desc]).stdout)
        let bad = try runProcess(["/bin/bash", "-c", "echo garbage | '\(touchsynth)' replay -"])
        XCTAssertEqual(bad.status, 65)
        XCTAssertEqual(bad.stderr, "touchsynth: -:1: not an evemu line: \"garbage\" (read as evemu)\n")

        let report = try shell(touchsynth, "report - < '\(recording)'", in: dir.path)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stderr, "touchsynth: wrote report.html\n")
        let pages = dir.appendingPathComponent("pages").path
        let compared = try shell(touchsynth, "compare --report '\(pages)' - <(cat '\(recording)') '\(recording)' < '\(recording)'")
        XCTAssertEqual(compared.status, 0, compared.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pages).sorted(), ["index.html", "pinch-in.html", "report-2.html", "report.html"])
    }

    /// A surface's errors name the line and the place: the decoder's (a key missing, a value of
    /// the wrong type, JSON that does not parse) and the description's own (an option the kind
    /// does not have, two recognizers of one name).
    func testASurfacesErrorsNameTheLine() throws {
        let touchsynth = try Fixtures.touchsynth()
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let cases: [(ext: String, text: String, expected: String)] = [
            ("json", "{\"regions\": [\n  {\"frame\": [0, 0, 10, 10], \"recognizers\": []}\n]}", "2: regions[0]: missing \"name\""),
            ("json", "{\"regions\": [\n  {\"name\": \"a\", \"frame\": [0, 0, 10, 10],\n   \"recognizers\": [{\"kind\": \"pinch\"}] ]\n}", "3: not valid JSON (invalid value): not a surface description"),
            ("yml", "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - kind: pinch\n        numberOfTapsRequired: 3\n",
             "6: region a, pinch: a pinch recognizer has no option numberOfTapsRequired"),
            ("json", "{\"regions\": [{\"name\": \"a\", \"frame\": [0, 0, 10, 10], \"recognizers\": [\n  {\"kind\": \"pan\"},\n  {\"kind\": \"pan\"}]}]}",
             "3: region a: two recognizers are called pan; give them distinct \"name\"s"),
            ("yml", "regions:\n  - name: a\n    frame: wide\n    recognizers: []\n", "3: regions[0].frame: "),
        ]
        for (ext, text, expected) in cases {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-surface-\(UUID().uuidString).\(ext)").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try runProcess([touchsynth, "compare", "--surface", path, recording])
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("touchsynth: \(path):\(expected)"), "expected \(expected), got \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
    }
}
