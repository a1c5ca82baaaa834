import Foundation
import LibinputEvents
import MockedDevices
import XCTest
import TestSupport

/// Every command's `--json` output against the schema docs/json.md documents: the header line,
/// then each line against its output's object, every key documented with its type, every key not
/// marked optional present. A key added without documenting it fails here.
final class JSONSchemaTests: XCTestCase {
    private let schema = try? JSONSchemaDocument(
        markdown: String(contentsOf: Fixtures.root.appendingPathComponent("docs/json.md"), encoding: .utf8))
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
    private let pointer = Fixtures.root.appendingPathComponent("Tests/Fixtures/pointer")

    func testEveryCommandsJSONValidatesAgainstDocsJSON() throws {
        let schema = try XCTUnwrap(schema, "docs/json.md reads as a schema")
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let scroll = Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path
        let surface = pointer.appendingPathComponent("surface.yml").path
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-schema-\(UUID().uuidString).jsonl"
        ).path
        let eventsOut = capture + ".modes"
        defer {
            try? FileManager.default.removeItem(atPath: capture); try? FileManager.default.removeItem(atPath: eventsOut)
        }
        let raw = run(["replay", "--json", pinch])
        try raw.write(toFile: capture, atomically: true, encoding: .utf8)

        var runs: [(command: String, output: String)] = [("replay --json", raw)]
        for (name, arguments) in [
            ("replay --mode both", ["replay", "--json", "--mode", "both", session, "--surface", "photos"]),
            (
                "replay --mode both (pointer)",
                [
                    "replay", "--json", "--mode", "both", pointer.appendingPathComponent("click-drag.yml").path,
                    "--surface", surface,
                ]
            ),
            (
                "replay --mode indirect --pointer-lock",
                ["replay", "--json", "--mode", "indirect", "--pointer-lock", scroll]
            ),
            ("compare", ["compare", "--json", pinch, session, "--surface", "map"]),
            (
                "compare (pointer)",
                [
                    "compare", "--json", pointer.appendingPathComponent("two-finger-click.yml").path, "--surface",
                    surface,
                ]
            ),
            (
                "corpus",
                [
                    "corpus", "--json", "--jobs", "2",
                    Fixtures.root.appendingPathComponent(
                        "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
                    ).path,
                ]
            ),
            (
                "corpus --list",
                [
                    "corpus", "--list", "--json", "--shard", "1/2",
                    Fixtures.root.appendingPathComponent(
                        "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
                    ).path,
                ]
            ),
            ("surfaces", ["surfaces", "--json"]),
            ("diff of captures", ["diff", "--json", capture, capture]),
            (
                "diff of recordings",
                ["diff", "--json", pinch, Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path]
            ),
            (
                "diff of devices",
                [
                    "diff", "--json", pinch,
                    Fixtures.root.appendingPathComponent("Tests/Fixtures/initial-state/two-finger-hold.slot-1.evtest")
                        .path,
                ]
            ),
            ("bench", ["bench", "--json", "--throughput-only", "--events", "20000", "--runs", "1"]),
            ("bridge check", ["bridge", "check", "--json", capture]),
            ("explain", ["explain", "--json", "--enable-tap", session]),
            // Touches off the pad and handed between slots, which the synthesized session has not.
            (
                "explain (real pad)",
                [
                    "explain", "--json",
                    Fixtures.evemu.appendingPathComponent(
                        "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
                    ).path,
                ]
            ),
            ("quirks", ["quirks", "--json", pinch]),
            (
                "replay --with-libinput",
                [
                    "replay", "--json", "--with-libinput",
                    Fixtures.root.appendingPathComponent("Tests/Fixtures/formats/pinch-in.with-libinput.yml").path,
                ]
            ),
        ] {
            // diff of two recordings or devices that differ, and bridge check of a pad alone (no
            // touchscreen to match), end with status 1: their JSON is what is checked.
            let differs = name.hasPrefix("diff of") && name != "diff of captures" || name == "bridge check"
            runs.append((name, run(arguments, status: differs ? 1 : 0)))
        }
        _ = run(["compare", "--events-out", eventsOut, pinch, scroll])
        runs.append(("compare --events-out", try String(contentsOfFile: eventsOut, encoding: .utf8)))
        let results = capture + ".corpus"
        defer { try? FileManager.default.removeItem(atPath: results) }
        _ = run([
            "corpus", "--results", results, "--shard", "1/2", "--jobs", "2",
            Fixtures.root.appendingPathComponent(
                "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
            ).path,
        ])
        runs.append(("corpus --results", try String(contentsOfFile: results, encoding: .utf8)))
        let palms = capture + ".quirks"
        defer { try? FileManager.default.removeItem(atPath: palms) }
        try "[Palms]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=20\n".write(
            toFile: palms, atomically: true, encoding: .utf8)
        runs.append(("explain --quirks", run(["explain", "--json", "--quirks", palms, pinch])))
        let versions = try libinputBuilds(["1.28.1"])
        runs.append(
            (
                "explain --libinput",
                run([
                    "explain", "--json", session, "--libinput",
                    "\(LibinputBuild.system.version),\(versions[0].version)",
                ])
            ))
        runs.append(
            (
                "compare --libinput",
                run([
                    "compare", "--json", pinch, "--libinput",
                    "\(LibinputBuild.system.version),\(versions[0].version)",
                ])
            ))

        var seen: Set<String> = []
        for (command, output) in runs {
            let problems = schema.validate(output: output)
            XCTAssertEqual(problems, [], "\(command)")
            if let header = output.split(separator: "\n").first,
                let name = JSONSchemaDocument.outputName(of: String(header))
            {
                seen.insert(name)
            }
        }
        // The live bridge needs /dev/uinput: the VM tier runs it. `devices` reads a device, which
        // only a mocked device's own process has: MockedProgramTests checks it.
        XCTAssertEqual(
            Set(schema.outputs.keys).subtracting(seen), ["bridgeFrames", "devices"],
            "every other output is checked")
    }

    /// The validator itself: an undocumented key, a wrong type, a missing key, a missing header
    /// and a newer schema version are each reported.
    func testTheValidatorFindsWhatDoesNotMatch() throws {
        let schema = try XCTUnwrap(schema)
        let header = #"{"output":"surfaces","schemaVersion":"# + String(JSONSchema.version) + "}"
        XCTAssertEqual(schema.validate(output: header + "\n" + #"{"default":true,"name":"list","summary":"x"}"#), [])
        XCTAssertEqual(
            schema.validate(output: header + "\n" + #"{"default":true,"name":"list","summary":"x","extra":1}"#),
            ["line 2: surface: key extra is not documented"])
        XCTAssertEqual(
            schema.validate(output: header + "\n" + #"{"default":"yes","name":"list","summary":"x"}"#),
            ["line 2: surface.default: \"yes\" is not boolean"])
        XCTAssertEqual(
            schema.validate(output: header + "\n" + #"{"name":"list","summary":"x"}"#),
            ["line 2: surface: key default is missing"])
        XCTAssertEqual(
            schema.validate(output: #"{"default":true,"name":"list","summary":"x"}"#), ["line 1: no header line"])
        XCTAssertEqual(
            schema.validate(output: #"{"output":"surfaces","schemaVersion":"# + String(JSONSchema.version + 1) + "}"),
            ["line 1: schemaVersion \(JSONSchema.version + 1), docs/json.md documents " + String(JSONSchema.version)])
    }

    private func run(_ arguments: [String], status: Int32 = 0) -> String {
        let result = runCommand(arguments)
        XCTAssertEqual(result.status, status, "\(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }
}
