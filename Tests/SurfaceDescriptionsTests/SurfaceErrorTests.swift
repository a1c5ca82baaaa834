import Foundation
import TestSupport
import XCTest

/// A surface description's errors, as `compare --surface` reports them.
final class SurfaceErrorTests: XCTestCase {
    /// A surface's errors name the line and the place: the decoder's (a key missing, a value of
    /// the wrong type, JSON that does not parse) and the description's own (an option the kind
    /// does not have, two recognizers of one name, a key given twice, which JSON's decoder would
    /// let pass).
    func testASurfacesErrorsNameTheLine() throws {
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let cases: [(ext: String, text: String, expected: String)] = [
            (
                "json", "{\"regions\": [\n  {\"frame\": [0, 0, 10, 10], \"recognizers\": []}\n]}",
                "2: regions[0]: missing \"name\""
            ),
            (
                "json",
                "{\"regions\": [\n  {\"name\": \"a\", \"frame\": [0, 0, 10, 10],\n   \"recognizers\": [{\"kind\": "
                    + "\"pinch\"}] ]\n}",
                "3: not valid JSON (invalid value): not a surface description"
            ),
            (
                "yml",
                "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - kind: pinch\n        "
                    + "numberOfTapsRequired: 3\n",
                "6: region a, pinch: a pinch recognizer has no option numberOfTapsRequired (it takes name, "
                    + "allowedTouchTypes, requiresFailureOf)"
            ),
            (
                "json",
                "{\"regions\": [{\"name\": \"a\", \"frame\": [0, 0, 10, 10], \"recognizers\": [\n  {\"kind\": "
                    + "\"pan\"},\n  {\"kind\": \"pan\"}]}]}",
                "3: region a: two recognizers are called pan; give them distinct \"name\"s"
            ),
            ("yml", "regions:\n  - name: a\n    frame: wide\n    recognizers: []\n", "3: regions[0].frame: "),
            (
                "json",
                "{\"regions\": [\n  {\"name\": \"a\", \"frame\": [0, 0, 10, 10],\n   \"recognizers\": [],\n"
                    + "   \"recognizers\": [{\"kind\": \"pinch\"}]}\n]}",
                "3: a key given twice in one mapping: recognizers (the first on this line)"
            ),
            (
                "yml", "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    name: b\n    recognizers: []\n",
                "2: invalid YAML: a key given twice in one mapping: name (the first on this line)"
            ),
            // A number no double holds, at its line.
            (
                "json",
                "{\"regions\": [\n  {\"name\": \"a\",\n   \"frame\": [0, 0, 1e400, 1],\n   \"recognizers\": []}\n]}\n",
                "3: not valid JSON (the number 1e400 is out of range): not a surface description"
            ),
            // A misspelt key, which would leave the surface without what it meant.
            (
                "yml",
                "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    recognizers: [{kind: pinch}, {kind: pan}]\n"
                    + "    simultanous: [[pinch, pan]]\n",
                "5: regions[0].simultanous: a region has no key simultanous; its keys are name, frame, recognizers, "
                    + "simultaneous, pointerInteraction"
            ),
            ("json", "{\"regions\": [],\n \"title\": \"x\"}", "2: title: a surface description has no key title"),
            // Values as written, not as Swift describes them.
            (
                "yml", "regions:\n  - name: a\n    frame: [0, 0, 100]\n    recognizers: []\n",
                "3: region a: frame must be [x, y, width, height] with finite values and no negative size, got "
                    + "[0, 0, 100]"
            ),
            (
                "yml",
                "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - kind: pan\n"
                    + "        axis: diagonal\n",
                "6: regions[0].recognizers[0].axis: unknown value \"diagonal\"; one of \"horizontal\", \"vertical\""
            ),
            // A name printed in a table or a report may not end its line there, or write to the terminal,
            // nor be none.
            (
                "yml", "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    recognizers: [{kind: tap, name: \"\"}]\n",
                "4: the name \"\" in region \"a\" is empty: give it one"
            ),
            // A simultaneous group of one recognizer allows nothing.
            (
                "yml",
                "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    recognizers: [{kind: pan}]\n"
                    + "    simultaneous: [[pan, pan]]\n",
                "5: region a: the simultaneous group [pan, pan] names fewer than two recognizers, so it lets none "
                    + "recognize alongside another"
            ),
            (
                "yml", "regions:\n  - name: \"a\\nb\"\n    frame: [0, 0, 10, 10]\n    recognizers: []\n",
                "2: the name \"a\\nb\" holds a control character, U+000A"
            ),
            (
                "yml",
                "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    recognizers:\n      - kind: tap\n"
                    + "        name: \"x\\e[31mred\"\n",
                "6: the name \"x\\u{1B}[31mred\" in region \"a\" holds a control character, U+001B"
            ),
            (
                "yml",
                "regions:\n  - name: a\n    frame: [0, 0, 10, 10]\n    recognizers: []\n    pointerInteraction:\n"
                    + "      regions:\n        - name: \"p\\tq\"\n",
                "7: region a, pointerInteraction region 1, name: \"p\\tq\" holds a control character, U+0009"
            ),
        ]
        for (ext, text, expected) in cases {
            let path = temporaryPath("surface.\(ext)")
            defer { try? FileManager.default.removeItem(atPath: path) }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = runCommand(["compare", "--surface", path, recording])
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(
                result.stderr.hasPrefix("touchsynth: \(path):\(expected)"), "expected \(expected), got \(result.stderr)"
            )
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
    }
}
