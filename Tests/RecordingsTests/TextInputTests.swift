import Foundation
@testable import Recordings
import XCTest
import TestSupport

/// Whole files read as text (scripts, surfaces, captures), recordings read from text, errors
/// kept to one short line, and JSON/YAML errors located in the file.
final class TextInputTests: XCTestCase {
    let fixtures = Fixtures.evemu

    private func badData(
        _ body: () throws(RecordingError) -> Void, file: StaticString = #filePath, line: UInt = #line
    ) -> RecordingError? {
        do {
            try body()
            XCTFail("no error", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.kind, .badData, "\(error)", file: file, line: line)
            return error
        }
    }

    /// A description given for a log (`--desc`) whose axes its events go well beyond is said not
    /// to fit, naming the axis; its own description (the `.desc` beside it), given or not, fits.
    func testADescriptionTheEventsOverrunIsSaidNotToFit() throws {
        let events = fixtures.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.button-rpress.events").path
        let own = fixtures.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc").path
        let other = fixtures.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let fits = { (note: String) in !note.hasPrefix("the events do not fit") }
        XCTAssertTrue(try RecordingLoader.load(events).notes.allSatisfy(fits))
        XCTAssertTrue(try RecordingLoader.load(events, description: own).notes.allSatisfy(fits))
        let notes = try RecordingLoader.load(events, description: other).notes.filter { !fits($0) }
        XCTAssertEqual(notes.count, 1, "\(notes)")
        XCTAssertTrue(notes.first?.contains("; ABS_MT_POSITION_Y reaches 4469, outside 0…2119 (") == true, "\(notes)")
        // Events beyond their own description's ranges, found beside them: the device reported so.
        let directory = temporaryPath("own-desc")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let shrunk = try String(contentsOfFile: own, encoding: .utf8).replacingOccurrences(
            of: "A: 35 1472 5472 8 0", with: "A: 35 1472 1500 8 0")
        try shrunk.write(toFile: directory + "/pad.desc", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: events, toPath: directory + "/pad.recorded.events")
        let beside = try RecordingLoader.load(directory + "/pad.recorded.events").notes
        XCTAssertTrue(
            beside.contains {
                $0.hasPrefix("the device reported beyond the ranges of its own description, beside the log: ")
                    && $0.contains("ABS_MT_POSITION_X reaches ")
            }, "\(beside)")
    }

    /// A log line is trimmed as Foundation's `trimmingCharacters(in: .whitespaces)` trims it:
    /// spaces, tabs and Unicode's other space separators, and nothing else.
    func testLogLinesAreTrimmedAsFoundationTrimsWhitespace() {
        let lines = [
            "", " ", "\t \t", "Event: time 1.0, type 3", "  type 3 (EV_ABS) \t", "\u{00A0}a b\u{3000}",
            "\u{2003}x\u{2009}", "a\n", "\r\nline\r", "\u{200B}zero-width\u{200B}", "é ", " \u{301}",
            "\u{0600} ", "x\u{0D4E}\u{00A0}",
        ]
        for line in lines {
            XCTAssertEqual(line.trimmedOfWhitespace, line.trimmingCharacters(in: .whitespaces), line.debugDescription)
            XCTAssertEqual(line.dropFirst(0).trimmedOfWhitespace, line.trimmingCharacters(in: .whitespaces))
        }
    }

    /// A pipe (`<(…)`, /dev/stdin) and /dev/null read as files do: FileManager read neither.
    func testAPipeOrDevNullIsReadAsAFile() throws {
        XCTAssertEqual(try readText("/dev/null", of: "a gesture script"), "")
        let text = "pinch scale=0.5\n# a comment\nrotate angle=90deg\n"
        let script = fifo(named: "fifo", serving: text)
        defer { unlink(script) }
        XCTAssertEqual(try readText(script, of: "a gesture script"), text)
    }

    /// A description given as a pipe is read once: its device, and the DMI it names, are those
    /// of its file, for each of a command's recordings (``PipeTexts``).
    func testADescriptionFromAPipeIsReadOnce() throws {
        let log = Fixtures.directory.appendingPathComponent("formats/two-finger-scroll.events-only.evemu").path
        let asus = Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let text = try String(contentsOfFile: asus, encoding: .utf8) + "# DMI: dmi:svnASUSTeK:pnN500JK:\n"
        let file = temporaryPath("described.desc")
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let piped = fifo(named: "desc", serving: text)
        defer { for path in [piped, file] { unlink(path) } }
        let fromPipe = try PipeTexts.keeping {
            [try RecordingLoader.load(log, description: piped), try RecordingLoader.load(log, description: piped)]
        }
        let fromFile = try RecordingLoader.load(log, description: file)
        XCTAssertNotNil(fromFile.dmi)
        for recording in fromPipe {
            XCTAssertEqual(recording.device, fromFile.device)
            XCTAssertEqual(recording.dmi, fromFile.dmi)
            XCTAssertEqual(recording.frames, fromFile.frames)
        }
    }

    /// A line of more than 1 MiB, or a short-file kind of more than 16 MiB, is refused once that
    /// much is read, naming what the file should have been; a kind that may be long is read on.
    func testWhatIsReadWholeIsBounded() throws {
        let longLine = temporaryPath("line.gesture")
        defer { unlink(longLine) }
        try Data(("pinch scale=" + String(repeating: "7", count: 2 << 20) + "\n").utf8).write(
            to: URL(fileURLWithPath: longLine))
        let line = badData { () throws(RecordingError) in _ = try readText(longLine, of: "a gesture script") }
        XCTAssertEqual(line?.line, 1)
        XCTAssertEqual(line?.message, "a line longer than 1 MiB: not a gesture script")

        // Just over the bound, whole within the chunks read: refused all the same.
        let justOver = temporaryPath("just-over.gesture")
        defer { unlink(justOver) }
        try Data(("# " + String(repeating: "x", count: (1 << 20) + (1 << 18)) + "\npinch\n").utf8).write(
            to: URL(fileURLWithPath: justOver))
        let over = badData { () throws(RecordingError) in _ = try readText(justOver, of: "a gesture script") }
        XCTAssertEqual(over?.line, 1)
        XCTAssertEqual(over?.message, "a line longer than 1 MiB: not a gesture script")

        let manyLines = temporaryPath("many.json")
        defer { unlink(manyLines) }
        let row = String(repeating: " ", count: 1023) + "\n"
        try Data(String(repeating: row, count: 17 << 10).utf8).write(to: URL(fileURLWithPath: manyLines))
        let long = badData { () throws(RecordingError) in _ = try readText(manyLines, of: "a surface description") }
        XCTAssertEqual(long?.line, 16 << 10 + 1)
        XCTAssertEqual(long?.message, "longer than 16 MiB: not a surface description")
        XCTAssertEqual(try readText(manyLines, of: "a libinput capture", mayBeLong: true).utf8.count, 17 << 20)
    }

    /// A pipe is read as it comes: text that is no recording is refused at its first line, without
    /// waiting for the rest, which `yes | touchsynth replay -` never ends.
    func testAPipeIsRefusedAtItsFirstBadLine() throws {
        // More than a header may hold: read whole, this would be refused only at its 16th MiB.
        let garbage = String(repeating: "y\n", count: 9 << 20)
        for reader in ["RecordingOrCapture", "RecordingLoader"] {
            let piped = fifo(named: "garbage", serving: garbage)
            defer { unlink(piped) }
            let error = badData { () throws(RecordingError) in
                if reader == "RecordingLoader" {
                    _ = try RecordingLoader.load(piped)
                } else {
                    _ = try RecordingOrCapture(path: piped).recording()
                }
            }
            XCTAssertEqual(error?.line, 1, reader)
            XCTAssertEqual(error?.problem, "not an evemu line: \"y\" (read as evemu)", reader)
        }
    }

    /// JSON that is no capture (an array, as a script may write) is said to be JSON, not an evemu
    /// line; a getevent `-t` line, which opens with a bracket too, is still read as getevent; a
    /// quirks file's section is said to be one.
    func testJSONThatIsNoCaptureIsSaidToBeJSON() throws {
        let file = temporaryPath("values.jsonl")
        try "\n  [1, 2, 3]\n".write(toFile: file, atomically: true, encoding: .utf8)
        let error = badData { () throws(RecordingError) in _ = try RecordingLoader.load(file) }
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(
            error?.problem, "JSON, not a recording (nor a libinput capture, whose lines are objects with a type)")
        XCTAssertEqual(RecordingLoader.detectFormat("[   12.345678] /dev/input/event2: 0003 0035 000001f4"), .getevent)
        // touchsynth's own output that is no capture, and a quirks file, are named for what they are.
        for (text, problem) in [
            (
                "{\"output\":\"compare\",\"schemaVersion\":5}\n",
                "touchsynth's compare output (JSON Lines), not a recording"
            ),
            (
                "[Palms]\nMatchUdevType=touchpad\n",
                "a section, [Palms], as a libinput quirks file opens: not a recording (--quirks takes quirks files)"
            ),
            (
                "# a surface\nregions:\n  - name: canvas\n",
                "a surface description (its regions), not a recording: --surface takes it"
            ),
            (
                "{\"regions\": [{\"name\": \"canvas\"}]}\n",
                "a surface description (its regions), not a recording: --surface takes it"
            ),
            (
                "{\"regions\": [\n",
                "a surface description (its regions), not a recording: --surface takes it"
            ),
        ] {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let named = badData { () throws(RecordingError) in _ = try RecordingLoader.load(file) }
            XCTAssertEqual(named?.problem, problem)
        }
    }

    /// A recording already read from a pipe parses as from its file, and its errors name the pipe.
    func testARecordingReadFromTextIsTheSameAsFromItsFile() throws {
        let path = fixtures.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path
        let desc = fixtures.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc").path
        let fromFile = try RecordingLoader.load(path)
        let text = try String(contentsOfFile: desc, encoding: .utf8) + String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(try RecordingLoader.load(text: text, file: "/dev/fd/63"), fromFile)
        let error = badData { () throws(RecordingError) in
            _ = try RecordingLoader.load(text: text + "E: 1.0 x\n", file: "/dev/fd/63")
        }
        XCTAssertEqual(error?.file, "/dev/fd/63")
        XCTAssertEqual(error?.line, text.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    /// A byte order mark, as Windows editors write one, changes nothing, in every format: from a
    /// file and from text.
    func testAByteOrderMarkIsNoPartOfTheFirstLine() throws {
        let paths =
            [
                Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path,
                fixtures.appendingPathComponent(
                    "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
                )
                .path,
            ]
            + ["pinch-in.getevent-lt.txt", "pinch-in.chromeos.dat", "pinch-in.events-only.evtest"].map {
                Fixtures.root.appendingPathComponent("Tests/Fixtures/formats/" + $0).path
            }
        for path in paths {
            let plain = try RecordingLoader.load(path)
            let marked = temporaryPath("bom-" + (path as NSString).lastPathComponent)
            let text = "\u{FEFF}" + (try String(contentsOfFile: path, encoding: .utf8))
            try text.write(toFile: marked, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: marked) }
            XCTAssertEqual(try RecordingLoader.load(marked).frames, plain.frames, path)
            XCTAssertEqual(try RecordingLoader.load(text: text, file: path).device, plain.device, path)
        }
        // A capture (JSON Lines) with a mark is still a capture.
        let capture = Fixtures.root.appendingPathComponent("Tests/Fixtures/behaviour/pinch-in.replay.jsonl").path
        let marked = temporaryPath("bom-capture.jsonl")
        try ("\u{FEFF}" + String(contentsOfFile: capture, encoding: .utf8)).write(
            toFile: marked, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: marked) }
        XCTAssertTrue(try RecordingOrCapture(path: marked).isCapture)
        XCTAssertEqual(try RecordingOrCapture(path: marked).capture(), try RecordingOrCapture(path: capture).capture())
    }

    /// A description given for a file that describes its device itself is not used, and a note
    /// says so, in each format that carries one; a log without one takes it, with no such note.
    func testADescriptionGivenForASelfDescribedFileIsNotedUnused() throws {
        let desc = fixtures.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let formats = Fixtures.root.appendingPathComponent("Tests/Fixtures/formats")
        for path in [
            Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path,
            fixtures.appendingPathComponent("mice_Apple_Touch_Mouse.evemu").path,
        ] {
            let plain = try RecordingLoader.load(path)
            let given = try RecordingLoader.load(path, description: desc)
            XCTAssertEqual(given.device, plain.device, path)
            XCTAssertEqual(
                given.notes, plain.notes + ["it describes its device itself: the description \(desc) is not used"])
        }
        let log = try RecordingLoader.load(
            formats.appendingPathComponent("two-finger-scroll.events-only.evemu").path, description: desc)
        XCTAssertEqual(log.device.name, "ETPS/2 Elantech Touchpad")
        XCTAssertFalse(log.notes.contains { $0.contains("is not used") }, "\(log.notes)")
    }

    /// A message quoting input stays one line a terminal shows as it is, and short: a newline, a
    /// line separator or an escape sequence is written as an escape, in the file's name too, and a
    /// megabyte quoted keeps its start and the problem stated after it.
    func testAnErrorMessageIsOneShortLine() {
        XCTAssertEqual(
            RecordingError.bad("f", 1, "unknown gesture \"a\nb\u{1B}[31m\tc\"").message,
            "unknown gesture \"a\\nb\\u{1B}[31m\\tc\"")
        let value = String(repeating: "7", count: 1 << 20)
        let message = RecordingError.bad("f", 1, "scale=\(value): not a finite number").message
        XCTAssertLessThanOrEqual(message.count, RecordingError.maxMessageLength + 1)
        XCTAssertTrue(message.hasPrefix("scale=777"), message)
        XCTAssertTrue(message.contains("…"), message)
        XCTAssertTrue(message.hasSuffix("777: not a finite number"), message)
        XCTAssertEqual(RecordingError.bad("f", 1, "ünïcode is kept").message, "ünïcode is kept")
        // So does a file's name, and a line separator, which some terminals break a line at.
        XCTAssertEqual(
            RecordingError.bad("nl\nname\u{2028}.yml", 3, "bad\u{2029}").description,
            "nl\\nname\\u{2028}.yml:3: bad\\u{2029}")
    }

    struct Document: Decodable {
        struct Item: Decodable {
            var name: String
            var size: [Double]
        }
        var items: [Item]
    }

    private func decodingError(
        _ text: String, _ syntax: StructuredFile.Syntax, file: StaticString = #filePath, line: UInt = #line
    ) -> RecordingError? {
        badData(
            { () throws(RecordingError) in
                _ = try StructuredFile.decode(
                    Document.self, from: text, syntax: syntax, file: "doc", kind: "a document")
            }, file: file, line: line)
    }

    /// Decoding errors name the line and the place in the document, in JSON and in YAML.
    func testDecodingErrorsNameTheLineAndThePlace() throws {
        let jsonSyntax = decodingError(
            "{\"items\": [\n  {\"name\": \"a\", \"size\": [1, 2]},\n  {\"name\": \"b\" \"size\": []}\n]}", .json)
        XCTAssertEqual(jsonSyntax?.line, 3)
        XCTAssertTrue(jsonSyntax?.message.hasPrefix("not valid JSON (") ?? false, "\(String(describing: jsonSyntax))")
        XCTAssertTrue(jsonSyntax?.message.hasSuffix("): not a document") ?? false, "\(String(describing: jsonSyntax))")

        let missing = decodingError(
            "{\"items\": [\n  {\"name\": \"a\", \"size\": [1, 2]},\n  {\"size\": [3]}\n]}", .json)
        XCTAssertEqual(missing?.line, 3)
        XCTAssertEqual(missing?.message, "items[1]: missing \"name\"")

        let mismatch = decodingError("items:\n  - name: a\n    size:\n      - 1\n      - two\n", .yaml)
        XCTAssertEqual(mismatch?.line, 5)
        XCTAssertTrue(mismatch?.message.hasPrefix("items[0].size[1]: ") ?? false, "\(String(describing: mismatch))")

        let yamlSyntax = decodingError("items:\n  - name: a\n   size: [1]\n", .yaml)
        XCTAssertEqual(yamlSyntax?.line, 3)
        XCTAssertTrue(yamlSyntax?.message.hasPrefix("invalid YAML: ") ?? false, "\(String(describing: yamlSyntax))")
        // A recording past libyaml's nesting limit: said in words, not by the name of libyaml's function.
        let deep = "version: 1\nndevices: 1\nsystem:\n  os: " + String(repeating: "[", count: 5_000) + "\n"
        let nested = badData({ () throws(RecordingError) in _ = try RecordingStream(text: deep, file: "deep.yml") })
        XCTAssertEqual(
            nested?.message, "invalid YAML: lists or mappings nested deeper than the YAML parser allows",
            "\(String(describing: nested))")

        for syntax in [StructuredFile.Syntax.json, .yaml] {
            let empty = decodingError(" \n\n", syntax)
            XCTAssertEqual(empty?.line, 1)
            XCTAssertEqual(empty?.message, "empty: not a document")
        }
        // YAML's comments alone are a document of nothing too.
        let commented = decodingError("# only a comment\n\n  # and another\n", .yaml)
        XCTAssertEqual(commented?.line, 1)
        XCTAssertEqual(commented?.message, "empty: not a document")
        XCTAssertEqual(StructuredFile.describe([.key("regions"), .index(0), .key("frame")]), "regions[0].frame")
    }

    /// A JSON number an integer field cannot take (1.5, 1e30), which Foundation's decoder calls
    /// invalid JSON with no place, is named at its place and line.
    func testAJSONNumberAnIntegerCannotTakeIsNamedAtItsPlace() {
        struct Counted: Decodable { var items: [[String: Int]] }
        for number in ["1.5", "1e30"] {
            let error = badData { () throws(RecordingError) in
                _ = try StructuredFile.decode(
                    Counted.self, from: "{\"items\": [\n  {\"taps\": \(number)}\n]}", syntax: .json, file: "doc",
                    kind: "a document")
            }
            XCTAssertEqual(error?.line, 2, number)
            XCTAssertEqual(error?.message, "items[0].taps: expected an integer", number)
        }
    }
}

/// A recording's error names the format it was read as, its times' too.
final class ReadAsTests: XCTestCase {
    func testATimestampGoingBackNamesTheFormat() throws {
        let malformed = Fixtures.root.appendingPathComponent("Tests/Fixtures/malformed")
        for (name, format) in [
            ("evemu-out-of-order.evemu", RecordingLoader.Format.evemu),
            ("yaml-event-out-of-order.yml", .libinputRecord),
        ] {
            XCTAssertThrowsError(try RecordingLoader.load(malformed.appendingPathComponent(name).path)) { error in
                let error = error as? RecordingError
                XCTAssertTrue(error?.message.contains("is earlier than the previous event's") == true, name)
                XCTAssertEqual(error?.readAs, format, name)
            }
        }
    }
}
