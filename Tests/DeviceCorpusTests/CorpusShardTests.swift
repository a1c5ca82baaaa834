import DeviceCorpus
import Foundation
import LibinputDecisions
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import TestSupport

/// A corpus spread over shards, as a CI job matrix runs it: the shards together run every pair
/// once, their result files merge into the bytes one whole run prints, a missing or doubled
/// shard is an error naming it, and the JUnit XML validates against the schema CI tools read.
final class CorpusShardTests: XCTestCase {
    private var directory = ""
    private let devices = [
        "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc", "touchpads_AlpsPS2_ALPS_GlidePoint.desc",
        "touchpads_SynPS2_Synaptics_TouchPad.desc",
    ].map { Fixtures.root.appendingPathComponent("Tests/Fixtures/devices/\($0)").path }

    override func setUpWithError() throws {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-shards-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func corpus(_ arguments: [String]) -> Finished {
        runCommand(["corpus"] + arguments)
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)
    }

    /// The (shard, device, gesture, libinput) rows `--list` prints after its summary.
    private func listed(_ stdout: String) -> [[String]] {
        stdout.components(separatedBy: "\n\n").last?.split(separator: "\n").dropFirst()
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) } ?? []
    }

    func testShardsTogetherAreTheWholeCorpusAndMergeToItsBytes() throws {
        let whole = corpus(
            devices + [
                "--markdown", "\(directory)/whole.md", "--results", "\(directory)/whole.jsonl",
                "--junit", "\(directory)/whole.xml",
            ])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let wholeJSON = corpus(devices + ["--json"])
        XCTAssertEqual(wholeJSON.status, 0, wholeJSON.stderr)
        var listedShard: [String: String] = [:]
        var ranShard: [String: String] = [:]
        for i in 1...4 {
            let list = corpus(devices + ["--shard", "\(i)/4", "--list"])
            XCTAssertEqual(list.status, 0, list.stderr)
            for row in listed(list.stdout) where row.count >= 4 {
                // The same assignment, whichever shard asks for it.
                let key = row[1] + " " + row[2...].dropLast().joined(separator: " ")
                XCTAssertEqual(listedShard[key] ?? row[0], row[0], key)
                listedShard[key] = row[0]
            }
            let shard = corpus(devices + ["--shard", "\(i)/4", "--results", "\(directory)/shard\(i).jsonl"])
            XCTAssertEqual(shard.status, 0, shard.stderr)
            XCTAssertTrue(shard.stdout.hasPrefix("shard \(i)/4: "), shard.stdout)
            for result in try CorpusResultsFile.load("\(directory)/shard\(i).jsonl").results {
                let key = "\(result.pair.device) \(result.pair.gesture)"
                XCTAssertNil(ranShard[key], "\(key) ran in two shards")
                ranShard[key] = "\(i)/4"
                XCTAssertEqual(listedShard[key], "\(i)/4", "\(key): --list said \(listedShard[key] ?? "none")")
            }
        }
        XCTAssertEqual(
            ranShard.count, devices.count * CorpusGesture.all.count, "every pair ran once: \(ranShard.keys.sorted())")
        XCTAssertEqual(Set(ranShard.keys), Set(listedShard.keys))

        let shards = (1...4).map { "\(directory)/shard\($0).jsonl" }
        let merged = corpus(
            ["merge"] + shards.reversed() + [
                "--markdown", "\(directory)/merged.md", "--junit",
                "\(directory)/merged.xml",
            ])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(merged.stdout, whole.stdout, "the merged table is the whole run's")
        // The Markdown names the command that made it, its own file included.
        XCTAssertEqual(
            try read("merged.md").replacingOccurrences(of: "merged.md", with: "whole.md"), try read("whole.md"))
        let mergedJSON = corpus(["merge", "--json"] + shards)
        XCTAssertEqual(mergedJSON.stdout, wholeJSON.stdout)
        for xml in ["whole.xml", "merged.xml"] { try validateJUnit("\(directory)/\(xml)", cases: ranShard.count) }
    }

    /// Across versions, a shard runs a device's gesture on every version, and names the libinput
    /// changes where their events part; the merge keeps them, as the whole run gives them.
    func testShardsNameTheLibinputChangesAcrossVersionsAsTheWholeRunDoes() throws {
        _ = try libinputBuilds(["1.31.3"])
        let pads = ["touchpads_bcm5974.three-finger-click.desc", "touchpads_AlpsPS2_ALPS_GlidePoint.desc"].map {
            Fixtures.root.appendingPathComponent("Tests/Fixtures/devices/\($0)").path
        }
        let run = pads + ["--libinput", "1.22.1,1.31.3"]
        let whole = corpus(run + ["--json"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let lines = whole.stdout.split(separator: "\n").dropFirst().compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        func changes(_ device: String, _ gesture: String) -> [String]? {
            let line = lines.first {
                ($0["device"] as? String ?? "").hasSuffix(device) && $0["gesture"] as? String == gesture
                    && $0["libinput"] as? String == "1.31.3"
            }
            return (line?["changes"] as? [[String: Any]])?.compactMap { $0["change"] as? String }
        }
        // MT protocol A: gestures from mtdev's plugin on, every event after parting. Where the pinch
        // was a scroll, a scroll's first update missing from 1.27.1 can give the parting as well.
        let protocolA = ["firstScrollSwipeUpdateNotSent", "mtdevPlugin"]
        XCTAssertEqual(changes("bcm5974.three-finger-click.desc", "pinch"), protocolA)
        XCTAssertEqual(changes("bcm5974.three-finger-click.desc", "2fg scroll"), protocolA)
        XCTAssertEqual(changes("bcm5974.three-finger-click.desc", "hold"), ["mtdevPlugin"])
        // A scroll one update short from 1.27.1; a gesture alike on both versions names none.
        XCTAssertEqual(changes("ALPS_GlidePoint.desc", "2fg scroll"), ["firstScrollSwipeUpdateNotSent"])
        XCTAssertNil(changes("ALPS_GlidePoint.desc", "pinch"))

        var shardOf: [String: String] = [:]
        for i in 1...3 {
            let shard = corpus(run + ["--shard", "\(i)/3", "--results", "\(directory)/shard\(i).jsonl"])
            XCTAssertEqual(shard.status, 0, shard.stderr)
            for result in try CorpusResultsFile.load("\(directory)/shard\(i).jsonl").results {
                let key = "\(result.pair.device) \(result.pair.gesture)"
                XCTAssertEqual(shardOf[key] ?? "\(i)", "\(i)", "\(key): its versions in two shards")
                shardOf[key] = "\(i)"
            }
        }
        let merged = corpus(["merge", "--json"] + (1...3).map { "\(directory)/shard\($0).jsonl" })
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(merged.stdout, whole.stdout, "the merge names the changes the whole run names")
        let junit = "\(directory)/merged.xml"
        let failing = corpus(
            ["merge", "--junit", junit, "--fail-on-diff"] + (1...3).map { "\(directory)/shard\($0).jsonl" })
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let hashes = [LibinputChange.firstScrollSwipeUpdateNotSent, .mtdevPlugin].map(\.commitHash)
        XCTAssertTrue(
            try String(contentsOfFile: junit, encoding: .utf8).contains(
                "1.31.3: yes ×1.50 (\(hashes.joined(separator: ", ")))"), "a failure names the changes")
    }

    func testAMissingDoubledOrForeignShardIsAnErrorNamingIt() throws {
        for i in 1...2 {
            let shard = corpus(
                Array(devices.prefix(1)) + [
                    "--shard", "\(i)/2", "--results",
                    "\(directory)/shard\(i).jsonl",
                ])
            XCTAssertEqual(shard.status, 0, shard.stderr)
        }
        let one = "\(directory)/shard1.jsonl", two = "\(directory)/shard2.jsonl"
        let missing = corpus(["merge", one])
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderr, "touchsynth: shard 2/2 is missing: no result file has it\n")
        let doubled = corpus(["merge", one, one, two])
        XCTAssertEqual(doubled.status, 65)
        XCTAssertEqual(doubled.stderr, "touchsynth: shard 1/2 is given more than once: \(one), \(one)\n")
        // A pair dropped from a file: the merge names it.
        let lines = try read("shard2.jsonl").split(separator: "\n")
        let cut = "\(directory)/cut.jsonl"
        try (lines.dropLast().joined(separator: "\n") + "\n").write(toFile: cut, atomically: true, encoding: .utf8)
        let dropped = try XCTUnwrap(try CorpusResultsFile.load(two).results.last)
        let short = corpus(["merge", one, cut])
        XCTAssertEqual(short.status, 65)
        XCTAssertEqual(
            short.stderr,
            "touchsynth: \(dropped.pair.name) is missing: no result file has it "
                + "(\(one), shard 1/2; \(cut), shard 2/2)\n"
        )
        // A replay's time that no replay takes (edited by hand) is refused at its line.
        var edited = lines
        let timed = try XCTUnwrap(edited.lastIndex { $0.contains("\"seconds\":") })
        edited[timed] = Substring(edited[timed].replacing(/"seconds":[-0-9.e]+/, with: #""seconds":-5"#))
        let negative = "\(directory)/negative.jsonl"
        try (edited.joined(separator: "\n") + "\n").write(toFile: negative, atomically: true, encoding: .utf8)
        let refused = corpus(["merge", one, negative])
        XCTAssertEqual(refused.status, 65)
        XCTAssertEqual(
            refused.stderr, "touchsynth: \(negative):\(timed + 1): -5 seconds is no replay's time (0 to 86400)\n")
        // A pair twice in one file is named at its second line; a control character, which would
        // reach the terminal and the Markdown table, is refused at its line.
        let pair = try XCTUnwrap(lines.lastIndex { $0.contains("\"record\":\"pair\"") })
        for (name, change, said) in [
            ("twice.jsonl", lines + [lines[pair]], "\(dropped.pair.name) is given twice (first on line \(pair + 1))"),
            (
                "control.jsonl",
                lines.enumerated().map {
                    $0 == pair ? Substring($1.replacing("\"pair\"", with: #""pair\u001b""#)) : $1
                },
                "a value holds a control character, U+001B"
            ),
        ] {
            let path = "\(directory)/\(name)"
            try (change.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let merged = corpus(["merge", one, path])
            XCTAssertEqual(merged.status, 65, merged.stderr)
            let line = name == "twice.jsonl" ? lines.count + 1 : pair + 1
            XCTAssertEqual(merged.stderr, "touchsynth: \(path):\(line): \(said)\n")
        }
        // The run's record too: its shard would otherwise be quoted, a newline and all.
        let runLine = "\(directory)/run-newline.jsonl"
        let newline = lines.enumerated().map { $0 == 1 ? Substring($1.replacing("\"2/2\"", with: #""2/2\nX""#)) : $1 }
        try (newline.joined(separator: "\n") + "\n").write(toFile: runLine, atomically: true, encoding: .utf8)
        let quoted = corpus(["merge", one, runLine])
        XCTAssertEqual(quoted.status, 65, quoted.stderr)
        XCTAssertEqual(quoted.stderr, "touchsynth: \(runLine):2: a value holds a control character, U+000A\n")
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let foreign = corpus(["merge", one, recording])
        XCTAssertEqual(foreign.status, 65)
        XCTAssertEqual(
            foreign.stderr,
            "touchsynth: \(recording):1: not a corpus result file (written by `touchsynth corpus --results`)\n")
        // Lines ended by a carriage return alone are one line, which no header begins: said so.
        let carriage = "\(directory)/cr.jsonl"
        try (lines.joined(separator: "\r") + "\r").write(toFile: carriage, atomically: true, encoding: .utf8)
        let classic = corpus(["merge", one, carriage])
        XCTAssertEqual(classic.status, 65)
        XCTAssertEqual(
            classic.stderr,
            "touchsynth: \(carriage):1: its lines end in a carriage return alone (CR, as classic Mac OS wrote them): "
                + "make them LF\n")
        let absent = corpus(["merge", one, "\(directory)/none.jsonl"])
        XCTAssertEqual(absent.status, 66, absent.stderr)
        // A shard run with an option that changes the outcomes is another run's.
        let other = "\(directory)/other.jsonl"
        let otherwise = corpus(
            Array(devices.prefix(1)) + [
                "--shard", "2/2", "--udev-property", "ID_INPUT_TOUCHPAD=1", "--results", other,
            ])
        XCTAssertEqual(otherwise.status, 0, otherwise.stderr)
        let mixed = corpus(["merge", one, other])
        XCTAssertEqual(mixed.status, 65)
        XCTAssertEqual(
            mixed.stderr,
            "touchsynth: \(other) is from another run than \(one) (its command, libinput versions or shard count "
                + "differ)\n")
    }

    func testDurationsBalanceTheShards() throws {
        // 200 pairs whose lengths span 100 to 1: dealt out in turn, the first shard gets the
        // longest of each round; longest first onto the least loaded, the shards come out even.
        let pairs = (0..<200).map {
            (
                pair: CorpusPair(device: "d\($0 / 5)", gesture: "g\($0 % 5)", libinput: "1"),
                hash: UInt64($0 * 7919 % 200)
            )
        }
        let durations = Dictionary(
            uniqueKeysWithValues: pairs.enumerated().map { ($1.pair, 100 / Double($0 + 1) + 0.5) })
        func ratio(_ assignment: [CorpusPair: Int]) -> Double {
            var load = [Double](repeating: 0, count: 4)
            for (pair, shard) in assignment { load[shard] += durations[pair] ?? 0 }
            return (load.max() ?? 0) / (load.reduce(0, +) / 4)
        }
        let balanced = CorpusShard.assign(pairs, shards: 4, durations: durations)
        XCTAssertLessThanOrEqual(ratio(balanced), 1.3)
        XCTAssertEqual(
            balanced, CorpusShard.assign(pairs.reversed(), shards: 4, durations: durations),
            "the same whatever the order given")
        let even = CorpusShard.assign(pairs, shards: 4)
        XCTAssertEqual(
            Set(Dictionary(grouping: even.values) { $0 }.values.map(\.count)), [50], "without durations, equal counts")

        // The CLI balances by an earlier run's result file and prints the balance: here each pair's
        // measured time is replaced by a cost of its own, so that the balance is not this machine's.
        XCTAssertEqual(corpus(devices + ["--results", "\(directory)/measured.jsonl"]).status, 0)
        var costs: [String: Double] = [:]
        let lines = try read("measured.jsonl").split(separator: "\n").map { line -> String in
            guard var pair = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                pair["record"] as? String == "pair", let device = pair["device"] as? String,
                let gesture = pair["gesture"] as? String, let libinput = pair["libinput"] as? String
            else { return String(line) }
            let cost = Double(costs.count + 1)
            costs["\(device) \(gesture) \(libinput)"] = cost
            pair["seconds"] = cost
            return String(
                decoding: try JSONSerialization.data(withJSONObject: pair, options: [.sortedKeys]),
                as: UTF8.self)
        }
        XCTAssertEqual(costs.count, devices.count * CorpusGesture.all.count)
        let earlier = "\(directory)/earlier.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: earlier, atomically: true, encoding: .utf8)
        let list = corpus(devices + ["--shard", "1/4", "--list", "--durations", earlier])
        XCTAssertEqual(list.status, 0, list.stderr)
        var load = [Double](repeating: 0, count: 4)
        for row in listed(list.stdout) where row.count >= 4 {
            let shard = try XCTUnwrap(Int(row[0].prefix { $0 != "/" }), row[0]) - 1
            load[shard] += try XCTUnwrap(costs[row[1...].joined(separator: " ")], "\(row)")
        }
        let ratio = (load.max() ?? 0) / (load.reduce(0, +) / 4)
        XCTAssertLessThanOrEqual(ratio, 1.3, "\(load)")
        let line = try XCTUnwrap(
            list.stdout.split(separator: "\n").first { $0.hasPrefix("slowest shard") }, list.stdout)
        XCTAssertTrue(line.hasSuffix(String(format: ": %.2f× the mean", ratio)), "\(line), loads \(load)")
    }

    /// libinput's test devices are a corpus: a litest device file is read by content, replayed like
    /// any description, and a file that is not one of its touchpads is skipped with why.
    func testLibinputsTestDevicesAreACorpus() throws {
        let litest = Fixtures.root.appendingPathComponent("Tests/Fixtures/litest/litest-device-sample-clickpad.c").path
        try FileManager.default.copyItem(atPath: litest, toPath: "\(directory)/litest-device-sample-clickpad.c")
        try
            ("TEST_DEVICE(LITEST_KEYBOARD, .name = \"Keys\", .events = events, )\nstatic int events[] = { EV_KEY, "
            + "KEY_A, -1, -1 };\n")
            .write(toFile: "\(directory)/litest-device-keys.c", atomically: true, encoding: .utf8)
        let result = corpus([directory, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "touchsynth: warning: skipped \(directory)/litest-device-keys.c: not a touchpad (Keys: keys)\n")
        let cells = try jsonLines(result.stdout)
        XCTAssertEqual(cells.map { $0["gesture"] as? String ?? "" }, CorpusGesture.all.map(\.name))
        XCTAssertTrue(
            cells.allSatisfy {
                $0["device"] as? String == "litest-device-sample-clickpad.c"
                    && $0["name"] as? String == "Sample Clickpad"
            })
        XCTAssertEqual(cells.first?["reported"] as? Bool, true, "the clickpad pinches: \(cells.first ?? [:])")
        XCTAssertEqual(cells.first?["tracking"] as? String, "5 slots")
        // In compatibility mode the pinch's simulated touches reach the canvas's touch recognizers;
        // in indirect input mode, a transform, they reach none. The pinch and rotation recognizers
        // get the transform there instead: not a difference worth a word.
        let modes = try XCTUnwrap(cells.first?["modesDiffer"] as? [String], "\(cells.first ?? [:])")
        XCTAssertTrue(
            modes.contains { $0.hasPrefix("compat touches: canvas/twoFingerPan") && $0.contains("canvas/tap") },
            "\(modes)")
        XCTAssertFalse(modes.contains { $0.contains("canvas/pinch") || $0.contains("canvas/rotation") }, "\(modes)")
    }

    /// Validates `path` with xmllint against the JUnit schema, reads it back with a real XML parser,
    /// and checks its counts.
    private func validateJUnit(_ path: String, cases: Int) throws {
        let schema = Fixtures.root.appendingPathComponent("Tests/Fixtures/junit/junit.xsd").path
        try requireTier(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint"),
            "xmllint (tools/setup installs libxml2-utils)")
        let lint = try runProcess(["/usr/bin/xmllint", "--noout", "--schema", schema, path])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "\(cases)")
        let testCases = try document.nodes(forXPath: "//testcase")
        XCTAssertEqual(testCases.count, cases)
        XCTAssertEqual(try document.nodes(forXPath: "//testcase/error").count, 0, "every replay finished")
    }
}
