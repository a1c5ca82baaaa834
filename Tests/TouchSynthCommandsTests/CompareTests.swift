import Foundation
import ModeComparison
import XCTest
import TestSupport

/// `touchsynth compare` on real libinput replays: recognizer values per mode and accidental activations.
final class CompareTests: XCTestCase {
    /// `compare --json` of `url`, on the canvas, which has a recognizer of each value's kind.
    func report(_ url: URL, surface: String = "canvas") throws -> [String: Any] {
        let result = runCommand(["compare", "--json", "--surface", surface, url.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try jsonObject(result.stdout)
    }

    /// `value` without its "time" keys, at any depth.
    func withoutTimes(_ value: [String: Any]) -> [String: Any] {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] { return object.filter { $0.key != "time" }.mapValues(strip) }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        return strip(value) as? [String: Any] ?? [:]
    }

    func row(_ report: [String: Any], _ name: String) throws -> (compat: [String: Any], indirect: [String: Any]) {
        let rows = try XCTUnwrap(report["rows"] as? [[String: Any]])
        let row = try XCTUnwrap(rows.first { $0["name"] as? String == name })
        return (try XCTUnwrap(row["compat"] as? [String: Any]), try XCTUnwrap(row["indirect"] as? [String: Any]))
    }

    /// libinput's final pinch scale and summed angle for a recording, from `replay --json`.
    func libinputFinal(_ url: URL) throws -> (scale: Double, angle: Double) {
        let result = runCommand(["replay", "--json", url.path])
        let updates = try jsonLines(result.stdout)
            .filter { $0["type"] as? String == "GESTURE_PINCH_UPDATE" }
        return (
            try XCTUnwrap(updates.last?["scale"] as? Double),
            updates.compactMap { $0["angleDeltaDeg"] as? Double }.reduce(0, +)
        )
    }

    /// A recording that cannot be read is reported in one line and passed over; the others are
    /// compared, and the first failure's exit code ends the run (a missing file too:
    /// ``InputKindTests``).
    func testABadRecordingAmongOthersIsReportedAndPassedOver() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let rotate = Fixtures.synthesized.appendingPathComponent("rotate-cw.yml").path
        let result = runCommand(["compare", "--json", pinch, "/dev/null", rotate])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(
            result.stderr, "touchsynth: /dev/null:1: empty: nothing but blank lines and comments\n")
        let compared = try jsonLines(result.stdout).map { $0["recording"] as? String }
        XCTAssertEqual(compared, [pinch, rotate])
    }

    func testPinchRecognizerScaleMatchesLibinputInBothModes() throws {
        for name in ["pinch-out.yml", "pinch-in.yml", "pinch-rotate.yml"] {
            let url = Fixtures.synthesized.appendingPathComponent(name)
            let expected = try libinputFinal(url)
            let pinch = try row(try report(url), "pinch")
            XCTAssertEqual(
                pinch.indirect["maxNumberOfTouches"] as? Int, 0, "\(name): transform-driven pinch has no touches")
            XCTAssertEqual(pinch.compat["maxNumberOfTouches"] as? Int, 2, name)
            XCTAssertEqual(
                try XCTUnwrap(pinch.indirect["finalScale"] as? Double), expected.scale, accuracy: 1e-9 * expected.scale,
                name)
            XCTAssertEqual(
                try XCTUnwrap(pinch.compat["finalScale"] as? Double), expected.scale, accuracy: 1e-6 * expected.scale,
                name)
        }
    }

    func testRotationRecognizerMatchesLibinputsAngle() throws {
        let url = Fixtures.synthesized.appendingPathComponent("rotate-cw.yml")
        let expected = try libinputFinal(url)
        let rotation = try row(try report(url), "rotation")
        XCTAssertEqual(
            try XCTUnwrap(rotation.indirect["finalRotation"] as? Double), expected.angle * .pi / 180, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(rotation.compat["finalRotation"] as? Double), expected.angle * .pi / 180, accuracy: 1e-6)
    }

    /// A click is a `direct` touch in compat mode and an `indirectPointer` one in indirect mode: a
    /// tap that takes pointer touches alone, the reason an app adopts the key, works in indirect
    /// mode only, and one that takes direct touches alone in compat mode only. Both are
    /// differences, neither an accident: no simulated touch set them off. A photo's pan that a
    /// pinch's simulated touches start is one.
    func testOnlySimulatedTouchesMakeAccidentalActivations() throws {
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let click = temporaryPath("click.yml"), surface = temporaryPath("touch-types.json")
        defer { [click, surface].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        XCTAssertEqual(runCommand(["synthesize", "-e", "click", "--desc", desc, "-o", click]).status, 0)
        let taps = [("pointerOnly", "indirectPointer"), ("directOnly", "direct")].map {
            "{\"kind\": \"tap\", \"name\": \"\($0.0)\", \"allowedTouchTypes\": [\"\($0.1)\"]}"
        }
        try
            (#"{"regions": [{"name": "v", "frame": [0, 0, 1440, 900], "recognizers": ["#
            + taps.joined(separator: ", ") + #"], "simultaneous": [["pointerOnly", "directOnly"]]}]}"#)
            .write(toFile: surface, atomically: true, encoding: .utf8)
        let json = try report(URL(fileURLWithPath: click), surface: surface)
        let rows = Dictionary(
            uniqueKeysWithValues: try XCTUnwrap(json["rows"] as? [[String: Any]]).map {
                ($0["name"] as? String ?? "", $0)
            })
        XCTAssertEqual(rows["pointerOnly"]?["unmatched"] as? [String: Int], ["compat": 0, "indirect": 1])
        XCTAssertEqual(rows["directOnly"]?["unmatched"] as? [String: Int], ["compat": 1, "indirect": 0])
        XCTAssertNil(rows["pointerOnly"]?["accidentalIn"])
        XCTAssertNil(rows["directOnly"]?["accidentalIn"])
        XCTAssertEqual((json["accidentalActivations"] as? [[String: Any]])?.count, 0)

        let photo = try report(
            Fixtures.evemu.appendingPathComponent(
                "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"),
            surface: "photos")
        let pan = try XCTUnwrap((photo["rows"] as? [[String: Any]])?.first { $0["name"] as? String == "pan" })
        XCTAssertEqual(pan["accidentalIn"] as? String, "compat")
        XCTAssertEqual((pan["compat"] as? [String: Any])?["followedSimulatedTouches"] as? Bool, true)
    }

    /// `compare --check` on every bundled recording, on every built-in screen, real libinput
    /// replaying it: neither mode's app events break a delivery invariant. Two commands at once
    /// per screen, each with every other recording.
    func testNoRecordingBreaksAnInvariantInEitherModeOnAnyScreen() throws {
        let recordings = Fixtures.recordings
        XCTAssertGreaterThanOrEqual(recordings.count, 20, "bundled recordings missing")
        for screen in ["list", "photos", "map", "canvas"] {
            let results = runCommands(
                (0..<2).map { first in
                    ["compare", "--check", "--json", "--surface", screen]
                        + stride(from: first, to: recordings.count, by: 2).map { recordings[$0].path }
                })
            var reports = 0
            for result in results {
                XCTAssertEqual(result.status, 0, "\(screen): \(result.stderr)")
                // libinput's own log lines aside, touchsynth reports every violation on a line of its own.
                XCTAssertFalse(
                    result.stderr.split(separator: "\n").contains { $0.hasPrefix("touchsynth: ") },
                    "\(screen): \(result.stderr)")
                reports += try jsonLines(result.stdout).count
            }
            XCTAssertEqual(reports, recordings.count, screen)
        }
    }

    /// A built-in screen's description, printed by `surfaces NAME`, is a file `--surface` takes
    /// as it is, with the same outcome as the name; `surfaces` lists them, the default marked.
    func testBuiltInScreensAreFilesToCopy() throws {
        let listing = runCommand(["surfaces"])
        XCTAssertEqual(listing.status, 0, listing.stderr)
        XCTAssertEqual(
            listing.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) },
            ["photos", "list", "map", "canvas"])
        XCTAssertTrue(listing.stdout.contains("list    (default)"), listing.stdout)
        let pinch = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        ).path
        for screen in ["list", "photos", "map", "canvas"] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "touchsynth-\(screen)-\(UUID().uuidString).yml")
            defer { try? FileManager.default.removeItem(at: file) }
            let text = runCommand(["surfaces", screen])
            XCTAssertEqual(text.status, 0, text.stderr)
            try text.stdout.write(to: file, atomically: true, encoding: .utf8)
            let byName = runCommand(["compare", "--json", "--surface", screen, pinch])
            let byFile = runCommand(["compare", "--json", "--surface", file.path, pinch])
            XCTAssertEqual(byName.status, 0, byName.stderr)
            XCTAssertEqual(byName.stdout, byFile.stdout, screen)
        }
        let unknown = runCommand(["surfaces", "kitchen"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(
            unknown.stderr,
            "touchsynth: kitchen: no built-in screen of that name; the screens are photos, list, map, canvas\n")
        let mistyped = runCommand(["compare", "--surface", "kitchen", pinch])
        XCTAssertEqual(mistyped.status, 64)
        XCTAssertEqual(mistyped.stderr, unknown.stderr, "--surface names the screens as surfaces does")
    }

    func testFailOnDiffTurnsDifferencesIntoAnExitStatus() throws {
        let surface = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-surface-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: surface) }
        // A scroll view that pans with two fingers alongside pinch: the simulated pinch touches pan it too.
        try Data(
            """
            {"regions":[{"name":"list","frame":[0,0,1440,900],
              "recognizers":[{"kind":"pinch"},{"kind":"pan","name":"twoFingerPan","minimumNumberOfTouches":2}],
              "simultaneous":[["pinch","twoFingerPan"]]}]}
            """.utf8
        ).write(to: surface)
        // A pinch whose centre drifts 6 mm: the simulated touches move together as well as apart.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-drift-\(UUID().uuidString).yml"
        ).path
        defer { try? FileManager.default.removeItem(atPath: url) }
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let synth = runCommand(["synthesize", "-e", "pinch scale=2 dx=6mm duration=800ms", "--desc", desc, "-o", url])
        XCTAssertEqual(synth.status, 0, synth.stderr)
        let plain = runCommand(["compare", "--surface", surface.path, url])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("list/twoFingerPan"), plain.stdout)
        let strict = runCommand(["compare", "--surface", surface.path, "--fail-on-diff", url])
        XCTAssertEqual(strict.status, 1, "the two-finger pan fires only in compat mode: \(strict.stdout)")
    }

    /// On a zoomable photo, the pan both modes start with the scroll starts twice more in compat
    /// mode, once per pinch: two accidental activations, at the pinches' begins, said in words by
    /// `compare` and by `report`, and failing `--fail-on-diff`.
    func testARecognizerActivatedMoreOftenInOneModeHasItsSurplusCounted() throws {
        let recording = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events")
        let json = try report(recording, surface: "photos")
        let accidental = try XCTUnwrap(json["accidentalActivations"] as? [[String: Any]])
        XCTAssertEqual(accidental.map { $0["name"] as? String }, ["pan"])
        let pinchBegins = try jsonLines(runCommand(["replay", "--json", recording.path]).stdout)
            .filter { $0["type"] as? String == "GESTURE_PINCH_BEGIN" }.compactMap { $0["timeUs"] as? Int }
        XCTAssertEqual(
            (accidental.first?["times"] as? [Double])?.map { Int(($0 * 1e6).rounded()) }, pinchBegins,
            "the surplus starts are the pinches' begins")
        let table = runCommand(["compare", "--surface", "photos", "--fail-on-diff", recording.path])
        XCTAssertEqual(table.status, 1, table.stdout)
        XCTAssertTrue(
            table.stdout.contains(
                "accidental activations (set off by compat mode's simulated touches): 2; unmatched by the other mode: "
                    + "compat 2, indirect 0"), table.stdout)
        XCTAssertTrue(table.stdout.contains("| compat: 2 more, accidental"), table.stdout)
        XCTAssertTrue(table.stdout.contains("last translation"), table.stdout)
        // Two pinches' touches, each told with when and where.
        let said =
            "photo/pan began 3 times in compat mode (key NO) and once in indirect mode (key YES): pinches' simulated "
            + "touches set it off at 1.407s, from touches down at "
        XCTAssertTrue(table.stdout.contains(said), table.stdout)
        let page = temporaryPath("photos.html")
        defer { try? FileManager.default.removeItem(atPath: page) }
        let drawn = runCommand(["report", "--surface", "photos", recording.path, "-o", page])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.contains("<ul id=\"differences\">\n<li>" + said), "the report says what differs too")
        XCTAssertTrue(html.contains("compat (UIApplicationSupportsIndirectInputEvents NO)"))
        // `-o -` is the same page on standard output, and nothing said of a file written.
        let piped = runCommand(["report", "--surface", "photos", recording.path, "-o", "-"])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, html)
        XCTAssertFalse(piped.stderr.contains("wrote"), piped.stderr)
        // A device takes the page as a file would; an extension in capitals is one still.
        let discarded = runCommand(["report", "--surface", "photos", recording.path, "-o", "/dev/null"])
        XCTAssertEqual(discarded.status, 0, discarded.stderr)
        let capitals = temporaryPath("PHOTOS.HTML")
        defer { try? FileManager.default.removeItem(atPath: capitals) }
        XCTAssertEqual(runCommand(["report", "--surface", "photos", recording.path, "-o", capitals]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: capitals, encoding: .utf8), html)
    }

    /// A recording no recognizer takes is one sentence, with where to ask why, and the pointer
    /// regions it went through.
    func testNothingARecognizerTookIsOneSentenceBesideThePointerRegions() {
        let recording = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events")
        let result = runCommand(["compare", recording.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[1].hasPrefix("libinput reported pointer motion"), result.stdout)
        XCTAssertTrue(
            lines[1].hasSuffix(
                "for which Apple documents no UIKit event. `touchsynth explain` of the recording says why libinput "
                    + "decided so."),
            result.stdout)
        XCTAssertEqual(lines[2], "pointer regions (both modes):")
        XCTAssertFalse(result.stdout.contains("| -"), result.stdout)
    }

    /// A region no point of the screen reaches (a description made for a larger screen) is a
    /// warning naming it; the comparison goes on.
    func testARegionOffTheScreenIsAWarning() throws {
        let surface = temporaryPath("off-screen.yml")
        defer { unlink(surface) }
        try """
        regions:
          - name: canvas
            frame: [0, 0, 1440, 900]
            recognizers:
              - kind: pinch
          - name: away
            frame: [5000, 5000, 10, 10]
            recognizers:
              - kind: tap
        """.write(toFile: surface, atomically: true, encoding: .utf8)
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = runCommand(["compare", "--surface", surface, pinch])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "touchsynth: warning: \(surface): region away lies off the 1440x900 screen: nothing there reaches it\n")
        XCTAssertEqual(runCommand(["compare", "--surface", surface, "--screen", "6000x6000", pinch]).stderr, "")
    }

    /// Yams traps on a base-60 integer too large for Int (fuzzing found it); such a YAML surface is
    /// refused with its line and exit 65 before it is decoded.
    func testYAMLSurfaceWithAnOverflowingBase60NumberIsBadData() throws {
        let surface = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-surface-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: surface) }
        let seed = Fixtures.root.appendingPathComponent("Fuzz/seeds/surface/regress-base60-overflow.yml")
        try FileManager.default.copyItem(at: seed, to: surface)
        let result = runCommand([
            "compare", "--surface", surface.path,
            Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path,
        ])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "touchsynth: \(surface.path):6: \"9:0:0:0:0:0:0:0:0:0:0:0\" is a base-60 number too large for an integer\n")
    }

    /// A bad pointer region is refused with the line it is on, the view and what is wrong, exit 65,
    /// by every command taking --surface.
    func testABadPointerInteractionIsRefusedAtItsLine() throws {
        let surface = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-surface-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: surface) }
        try Data(
            """
            regions:
              - name: text
                frame: [0, 0, 100, 100]
                recognizers: []
                pointerInteraction:
                  regions:
                    - {name: title}
                    - {name: body, style: {effect: highlight, constrainedAxes: [vertical]}}
            """.utf8
        ).write(to: surface)
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let expected =
            "touchsynth: \(surface.path):8: region text, pointerInteraction region 2, style: a content effect has no "
            + "constrainedAxes; use a shape alone\n"
        for command in [
            ["compare", "--surface", surface.path, recording],
            ["replay", "--mode", "both", "--surface", surface.path, recording],
            ["report", "--surface", surface.path, "-o", surface.path + ".html", recording],
        ] {
            let result = runCommand(command)
            XCTAssertEqual(result.status, 65, "\(command[0]): \(result.stderr)")
            XCTAssertEqual(result.stderr, expected, command[0])
        }
    }

    /// `--events-out` writes every libinput event compared, each with both modes' app events, and
    /// the accounting line; the report itself is the one printed without it.
    /// `--events-out` of several recordings holds a run per recording: `compare` reads each back
    /// to the report its recording had, and `diff`, which compares one run, says where the
    /// second begins.
    func testEventsOutOfSeveralRecordingsIsReadBackRunByRun() throws {
        let recordings = [
            Fixtures.evemu.appendingPathComponent(
                "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
            ).path,
            Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path,
        ]
        let file = temporaryPath("runs.jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let written = runCommand(["compare", "--json", "--events-out", file] + recordings)
        XCTAssertEqual(written.status, 0, written.stderr)
        let read = runCommand(["compare", "--json", file])
        XCTAssertEqual(read.status, 0, read.stderr)
        let (original, back) = (try jsonLines(written.stdout), try jsonLines(read.stdout))
        XCTAssertEqual(back.map { $0["recording"] as? String }, ["\(file) (run 1 of 2)", "\(file) (run 2 of 2)"])
        for (a, b) in zip(original, back) {
            XCTAssertEqual(
                NSDictionary(dictionary: a.filter { $0.key != "recording" }),
                NSDictionary(dictionary: b.filter { $0.key != "recording" }))
        }
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let second = try XCTUnwrap(lines.indices.dropFirst(2).first { lines[$0 - 1].contains("\"libinput\":null") })
        let diff = runCommand(["diff", file, file])
        XCTAssertEqual(diff.status, 65, diff.stderr)
        XCTAssertTrue(diff.stderr.hasPrefix("touchsynth: \(file):\(second + 1): a second run begins here"), diff.stderr)
    }

    /// A recording that fails among several leaves the events file unwritten, whole or not at all,
    /// and says so; the reports of those that replayed are written, and said to be those.
    func testAFailedRecordingLeavesTheEventsFileUnwrittenAndSaysSo() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let bad = Fixtures.root.appendingPathComponent("Tests/Fixtures/malformed/evemu-nan-value.evemu").path
        let file = temporaryPath("events.jsonl"), reports = temporaryPath("reports")
        defer { for path in [file, reports] { try? FileManager.default.removeItem(atPath: path) } }
        let run = runCommand(["compare", "--report", reports, "--events-out", file, pinch, bad])
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
        XCTAssertTrue(run.stderr.contains("touchsynth: \(file): not written, as a recording failed"), run.stderr)
        XCTAssertTrue(run.stderr.contains("reports of the recordings that replayed to \(reports)"), run.stderr)
    }

    func testEventsOutWritesEachComparedEventWithBothModesAppEvents() throws {
        let url = Fixtures.synthesized.appendingPathComponent("pinch-in.yml")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let plain = runCommand(["compare", url.path])
        let written = runCommand(["compare", "--events-out", file.path, url.path])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, plain.stdout)
        let lines = try jsonLines(String(contentsOf: file, encoding: .utf8))
        let events = lines.filter { $0["libinput"] is [String: Any] }
        let accounting = try XCTUnwrap(lines.last?["accounting"] as? [String: [String: Any]])
        XCTAssertEqual(accounting["compat"]?["libinputEvents"] as? Int, events.count)
        XCTAssertEqual(accounting["indirect"]?["libinputEvents"] as? Int, events.count)
        let updates = events.filter { ($0["libinput"] as? [String: Any])?["type"] as? String == "GESTURE_PINCH_UPDATE" }
        XCTAssertFalse(updates.isEmpty)
        for update in updates {
            // Compatibility mode moves the two simulated touches; indirect input mode sends a transform.
            let compat = try XCTUnwrap(update["compat"] as? [[String: Any]])
            let indirect = try XCTUnwrap(update["indirect"] as? [[String: Any]])
            XCTAssertEqual(compat.map { $0["type"] as? String }, ["touches"])
            XCTAssertEqual((compat.first?["touches"] as? [[String: Any]])?.count, 2)
            XCTAssertEqual(indirect.map { $0["type"] as? String }, ["transform"])
        }
        let unwritable = runCommand(["compare", "--events-out", "/nonexistent/events.jsonl", url.path])
        XCTAssertEqual(unwritable.status, 73)
        XCTAssertEqual(
            unwritable.stderr, "touchsynth: /nonexistent/events.jsonl: cannot write: No such file or directory\n")
    }

    /// `--pointer-lock` is an app holding the pointer lock in both modes, as for `replay`: motion
    /// arrives as relative motion, so the pointer enters no region, and `--events-out` holds what
    /// was compared, the lock first in each mode.
    func testPointerLockIsHeldInBothModesOfTheComparison() throws {
        let path = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path
        let file = temporaryPath("locked.jsonl")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let free = runCommand(["compare", "--json", path])
        let locked = runCommand(["compare", "--json", "--pointer-lock", "--events-out", file, path])
        XCTAssertEqual(locked.status, 0, locked.stderr)
        XCTAssertNotNil(try jsonLines(free.stdout).last?["pointerRegions"], "the free pointer enters the text region")
        XCTAssertNil(try jsonLines(locked.stdout).last?["pointerRegions"])
        let events = try jsonLines(String(contentsOfFile: file, encoding: .utf8)).filter { $0["libinput"] != nil }
        for mode in ["compat", "indirect"] {
            let appEvents = events.flatMap { $0[mode] as? [[String: Any]] ?? [] }
            XCTAssertEqual(appEvents.first?["type"] as? String, "pointerLock", mode)
            XCTAssertTrue(appEvents.contains { $0["type"] as? String == "relativeMotion" }, mode)
            XCTAssertFalse(appEvents.contains { $0["type"] as? String == "hover" }, mode)
        }
    }

    /// `--screen` is the screen both modes run on, as for `report`: every location in the app
    /// events lies on it, and the pointer starts at its centre.
    func testScreenSetsTheScreenBothModesRunOn() throws {
        let path = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path
        for (width, height) in [(300.0, 200.0), (1440.0, 900.0)] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "touchsynth-events-\(UUID().uuidString).jsonl")
            defer { try? FileManager.default.removeItem(at: file) }
            let result = runCommand(
                ["compare", "--screen", "\(Int(width))x\(Int(height))", "--events-out", file.path, path])
            XCTAssertEqual(result.status, 0, result.stderr)
            func locations(_ value: Any) -> [[Double]] {
                if let object = value as? [String: Any] {
                    return (object["location"] as? [Double]).map { [$0] } ?? object.values.flatMap(locations)
                }
                return (value as? [Any])?.flatMap(locations) ?? []
            }
            let lines = try jsonLines(String(contentsOf: file, encoding: .utf8))
            let all = lines.flatMap { [$0["compat"], $0["indirect"]].compactMap { $0 }.flatMap(locations) }
            XCTAssertFalse(all.isEmpty)
            XCTAssertTrue(all.allSatisfy { $0[0] >= 0 && $0[0] <= width && $0[1] >= 0 && $0[1] <= height }, "\(width)")
            XCTAssertEqual(all.first?[1], height / 2, "the pointer starts at the centre's height")
        }
    }

    /// compare takes the options that shape a replay as replay does: unplugged 0.3 s in, the pad
    /// ends the pinch at the scale it had reached, in both modes.
    func testAReplaysFaultsAndSpeedShapeTheComparison() throws {
        let path = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        func finalScales(_ options: [String]) throws -> [Double] {
            let result = runCommand(["compare", "--json", "--surface", "canvas"] + options + [path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let rows = try XCTUnwrap(jsonLines(result.stdout).last?["rows"] as? [[String: Any]])
            return ["compat", "indirect"].compactMap { (rows.first?[$0] as? [String: Any])?["finalScale"] as? Double }
        }
        let whole = try finalScales([])
        XCTAssertEqual(whole.map { ($0 * 100).rounded() }, [50, 50])
        let unplugged = try finalScales(["--unplug", "0.3"])
        XCTAssertEqual(unplugged.count, 2)
        XCTAssertTrue(unplugged.allSatisfy { $0 > 0.75 }, "\(unplugged)")
        XCTAssertEqual(try finalScales(["--speed", "2"]).map { ($0 * 100).rounded() }, [50, 50])
    }

    /// A libinput capture (`replay --json`, as `debug --json` writes on a laptop) is compared
    /// without replaying: the same report as its recording's, under the capture's name; a capture
    /// with a malformed line or a negative time is bad data with its line; one alone with an
    /// option that takes recordings (--report) a usage error, and one among recordings said to
    /// have no use for it.
    func testACaptureIsComparedAsItsRecordingIs() throws {
        let url = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml")
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-capture-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: capture) }
        let replay = runCommand(["replay", "--json", url.path])
        XCTAssertEqual(replay.status, 0, replay.stderr)
        try Data(replay.stdout.utf8).write(to: capture)
        var fromCapture = try report(capture)
        var fromRecording = try report(url)
        XCTAssertEqual(fromCapture.removeValue(forKey: "recording") as? String, capture.path)
        XCTAssertEqual(fromRecording.removeValue(forKey: "recording") as? String, url.path)
        // The transitions' times are each replay's clock: compared without them.
        XCTAssertEqual(
            NSDictionary(dictionary: withoutTimes(fromCapture)), NSDictionary(dictionary: withoutTimes(fromRecording)))
        XCTAssertEqual(try row(fromCapture, "pinch").compat["began"] as? Int, 1)

        try Data((replay.stdout + "{\"timeUs\": 1, \"type\": \"POINTER_MOTION\"}\n").utf8).write(to: capture)
        let malformed = runCommand(["compare", capture.path])
        XCTAssertEqual(malformed.status, 65)
        XCTAssertTrue(
            malformed.stderr.hasPrefix(
                "touchsynth: \(capture.path):\(replay.stdout.split(separator: "\n").count + 1): "), malformed.stderr)
        try Data((replay.stdout + "{\"timeUs\": -5, \"device\": \"event10\", \"type\": \"DEVICE_REMOVED\"}\n").utf8)
            .write(to: capture)
        let negative = runCommand(["compare", capture.path])
        XCTAssertEqual(negative.status, 65)
        XCTAssertTrue(negative.stderr.hasSuffix(": negative timeUs -5\n"), negative.stderr)
        let reported = runCommand(["compare", "--report", FileManager.default.temporaryDirectory.path, capture.path])
        XCTAssertEqual(reported.status, 64, reported.stderr)
        // Options that take recordings name themselves, one rule for each.
        for (option, arguments) in [
            ("--desc", ["--desc", capture.path]), ("--libinput", ["--libinput", "1.22.1,1.28.1"]),
            ("--libinput", ["--libinput", "1.28.1"]), ("--start or --end", ["--start", "0.1"]),
        ] {
            let refused = runCommand(["compare", capture.path] + arguments)
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertEqual(refused.stdout, "", "refused before any output")
            XCTAssertTrue(
                refused.stderr.hasSuffix("a capture holds events replayed already; \(option) takes recordings\n"),
                refused.stderr)
        }
        // Among recordings, which take it, the option is said unused for the capture, in either order.
        try Data(replay.stdout.utf8).write(to: capture)
        for files in [[url.path, capture.path], [capture.path, url.path]] {
            let mixed = runCommand(["compare", "--enable-tap"] + files)
            XCTAssertEqual(mixed.status, 0, mixed.stderr)
            XCTAssertEqual(
                mixed.stderr,
                "touchsynth: warning: \(capture.path): a capture holds events replayed already: a device setting is "
                    + "not used for it\n")
            XCTAssertEqual(mixed.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }.count, 2, mixed.stdout)
        }
        // The commands that read recordings alone say what the file is, at its first line.
        try Data(replay.stdout.utf8).write(to: capture)
        for command in [["convert"], ["replay"], ["explain"], ["report", "-o", "/dev/null"]] {
            let refused = runCommand(command + [capture.path])
            XCTAssertEqual(refused.status, 65, "\(command): \(refused.stderr)")
            XCTAssertEqual(
                refused.stderr,
                "touchsynth: \(capture.path):1: a libinput capture (JSON Lines, as replay --json writes), not a "
                    + "recording: compare and diff read captures\n")
        }
    }
}
