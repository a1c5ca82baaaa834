import Foundation
import Quirks
import TestSupport
import XCTest

/// Quirks files read line by line as libinput's parser reads them (`parse_file`, `src/quirks.c`).
final class QuirksFileCheckTests: XCTestCase {
    private func problem(_ text: String) -> String? {
        QuirksFileCheck.problem(in: text, path: "q.quirks")
    }

    /// Every quirks file libinput ships, in each version here, reads without a problem.
    func testLibinputsOwnFilesAreRead() throws {
        let builds = try libinputBuilds(["1.28.1", "1.31.3"])
        var checked = 0
        for folder in ["/usr/share/libinput"] + builds.map(\.quirksDirectory) {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".quirks") }
            for name in names {
                let path = folder + "/" + name
                XCTAssertNil(QuirksFileCheck.problem(in: try String(contentsOfFile: path, encoding: .utf8), path: path))
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testEachFormLibinputRefusesIsNamedByItsLine() {
        let match = "[A]\nMatchUdevType=touchpad\n"
        let cases: [(text: String, line: Int, says: String)] = [
            (match + "AttrPalmPressureThreshold=40 \n", 3, "trailing white space"),
            (match + " AttrPalmPressureThreshold=40\n", 3, "white space before"),
            ("[A\nMatchUdevType=touchpad\n", 1, "closing ] missing"),
            ("MatchUdevType=touchpad\n", 1, "expected a [Section]"),
            ("[A]\nAttrPalmPressureThreshold=40\n", 2, "expected a MatchKey=value first"),
            (match + "AttrPalmPressureThreshold=40\nMatchBus=usb\n", 4, "comes after the section's values"),
            (match + "AttrPalmPressureThreshold=\n", 3, "expected Key=value"),
            (match + "AttrPalmPressureThreshold=4=0\n", 3, "expected Key=value"),
            (match + "AttrKeyboardIntegration=\"internal\"\n", 3, "a value in quotes"),
            (match + "AttrKeyboardIntegration='internal'\n", 3, "a value in quotes"),
            (match + "PalmPressureThreshold=40\n", 3, "neither Match…, Model… nor Attr…"),
            (match + "attrPalm=1\n", 3, "unexpected line"),
            (
                match + "[B]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=40\n", 3,
                "the section before, [A], has no value"
            ),
            (match, 2, "the last section, [A], has no value"),
            ("[A]\r\nMatchUdevType=touchpad\r\n", 1, "Windows (CRLF) line endings"),
            (match + "AttrPalmPressureThreshold=40\r\n", 3, "Windows (CRLF) line endings"),
            ("\u{FEFF}" + match + "AttrPalmPressureThreshold=40\n", 1, "a byte order mark (U+FEFF) begins the file"),
            (
                match + "MatchName=" + String(repeating: "a", count: 502) + "\nAttrPalmPressureThreshold=40\n", 3,
                "a line of 512 bytes, over the 511 libinput reads as one"
            ),
        ]
        for (text, line, says) in cases {
            let found = problem(text)
            XCTAssertTrue(found?.hasPrefix("q.quirks:\(line): ") == true, "\(text.debugDescription): \(found ?? "nil")")
            XCTAssertTrue(found?.contains(says) == true, "\(text.debugDescription): \(found ?? "nil")")
        }
        XCTAssertEqual(problem("# nothing\n"), "q.quirks: no section: libinput refuses an empty quirks file")
    }

    /// libinput cuts a line at each run of `=` (`strv_from_string`): `Key==v` and `Key=v=` are a key
    /// and a value to it, as `Key=v` is, and the value is `v`.
    func testEqualsSignsSideBySideAreOneSeparator() {
        let match = "[A]\nMatchUdevType=touchpad\n"
        for line in ["AttrPalmPressureThreshold==40", "AttrPalmPressureThreshold=40="] {
            let text = match + line + "\n"
            XCTAssertNil(problem(text), line)
            XCTAssertEqual(
                QuirksFileCheck.value(ofKey: "AttrPalmPressureThreshold", inSection: "[A]", of: text), "40", line)
        }
    }

    func testCommentsAndBlankLinesAreNotLines() {
        XCTAssertNil(
            problem(
                "# a comment\n\n[A] # the section\nMatchUdevType=touchpad\t# a match\nAttrPalmPressureThreshold=40\n"))
    }

    /// libinput's own validator refuses each file this check refuses, and reads the one it reads.
    func testLibinputsValidatorAgrees() throws {
        let tool = "/usr/libexec/libinput/libinput-quirks"
        try requireTier(
            FileManager.default.isExecutableFile(atPath: tool), "libinput-tools (\(tool))",
            source: "which tools/setup installs")
        let samples = [
            "[A]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=40\n",
            "[A]\nMatchUdevType=touchpad\n", "[A]\nAttrPalmPressureThreshold=40\n",
            "[A]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=40\nMatchBus=usb\n",
            "[A]\nMatchUdevType=touchpad\nPalmPressureThreshold=40\n",
            "[A]\r\nMatchUdevType=touchpad\r\nAttrPalmPressureThreshold=40\r\n",
            "# a comment\r\n[A]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=40\n",
            "\u{FEFF}[A]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=40\n",
            // 511 bytes are read as one line (its line feed then read alone), 512 in two pieces.
            "[A]\nMatchName=" + String(repeating: "a", count: 501) + "\nAttrPalmPressureThreshold=40\n",
            "[A]\nMatchName=" + String(repeating: "a", count: 502) + "\nAttrPalmPressureThreshold=40\n",
        ]
        for sample in samples {
            let folder = temporaryPath("quirks")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try sample.write(toFile: folder + "/q.quirks", atomically: true, encoding: .utf8)
            let result = try runProcess([tool, "validate", "--data-dir", folder])
            XCTAssertEqual(result.status == 0, problem(sample) == nil, "\(sample.debugDescription): \(result.stderr)")
        }
    }
}
