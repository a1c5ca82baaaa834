import Foundation
import MockedDevices
import ViewServer
import XCTest
import TestSupport

/// The command line keeps one name for one meaning: every option of every command's `--help` is
/// in docs/cli.md's table, with the table's value name, and its help says the table's words.
final class CommandLineTests: XCTestCase {
    private struct Row {
        var value: String?
        var says: String
    }

    /// docs/cli.md's option table: option → value name (nil for a flag) and the words its help says.
    private func table() throws -> [String: Row] {
        let text = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        var rows: [String: Row] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `--") {
            let cells = markdownCells(String(line))
            guard cells.count >= 5 else { continue }
            let unquote = { (cell: String) in cell.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            rows[unquote(cells[1])] = Row(value: cells[2] == "—" ? nil : unquote(cells[2]), says: unquote(cells[4]))
        }
        return rows
    }

    /// Every command, the subcommands of `bridge` and `corpus` as `bridge run`, `corpus merge`….
    private func commands(_ touchsynth: String) throws -> [[String]] {
        func subcommands(of command: [String]) throws -> [String] {
            let help = try runProcess([touchsynth] + command + ["--help"]).stdout
            guard let section = help.components(separatedBy: "SUBCOMMANDS:").last, help.contains("SUBCOMMANDS:") else { return [] }
            return section.split(separator: "\n").compactMap { line in
                // Not the closing "  See 'touchsynth help …'" line.
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first, name.first?.isLowercase == true else { return nil }
                return String(name)
            }
        }
        var all: [[String]] = []
        for name in try subcommands(of: []) {
            let nested = try subcommands(of: [name])
            all += nested.isEmpty ? [[name]] : nested.map { [name, $0] }
        }
        return all
    }

    /// A command's options from its `--help`: name, value name, and the whole help text.
    private func options(_ help: String) -> [(name: String, value: String?, help: String)] {
        var found: [(name: String, value: String?, help: String)] = []
        for line in help.split(separator: "\n") {
            let text = String(line)
            if text.hasPrefix("  -") {
                var rest = Substring(text.drop { $0 == " " })
                if rest.hasPrefix("-"), !rest.hasPrefix("--"), let comma = rest.firstIndex(of: ",") {
                    rest = rest[rest.index(after: comma)...].drop { $0 == " " }
                }
                let name = String(rest.prefix { $0 != " " })
                rest = rest.dropFirst(name.count).drop { $0 == " " }
                var value: String?
                if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
                    value = String(rest[rest.index(after: rest.startIndex)..<close])
                    rest = rest[rest.index(after: close)...].drop { $0 == " " }
                }
                found.append((name, value, String(rest)))
            } else if text.hasPrefix("      "), !found.isEmpty {
                found[found.count - 1].help += " " + text.trimmingCharacters(in: .whitespaces)
            } else if !text.hasPrefix(" ") {
                // A section heading or the end of the options.
                continue
            }
        }
        return found
    }

    /// Run on the build made with the tests, so that ArgumentParser's debug-build checks of every
    /// command's definition run too.
    func testEveryOptionMeansOneThingAcrossCommands() throws {
        let touchsynth = try Fixtures.touchsynthBuiltWithTests()
        let table = try table()
        XCTAssertGreaterThan(table.count, 50, "docs/cli.md's table is read")
        var seen: Set<String> = []
        let commands = try commands(touchsynth)
        XCTAssertTrue(commands.contains(["bridge", "check"]) && commands.contains(["replay"]), "\(commands)")
        for command in commands {
            let help = try runProcess([touchsynth] + command + ["--help"], environment: ProcessInfo.processInfo.environment.merging(["COLUMNS": "100"]) { $1 })
            XCTAssertEqual(help.status, 0, help.stderr)
            for option in options(help.stdout) {
                let name = command.joined(separator: " ") + " " + option.name
                seen.insert(option.name)
                guard let row = table[option.name] else {
                    XCTFail("\(name) is not in docs/cli.md's option table")
                    continue
                }
                XCTAssertEqual(option.value, row.value, "\(name): value name")
                // Lines wrap where they will: the words are looked for in the help joined into one line.
                XCTAssertTrue(option.help.lowercased().contains(row.says.lowercased()), "\(name): its help does not say \"\(row.says)\": \(option.help)")
            }
        }
        XCTAssertEqual(Set(table.keys).subtracting(seen), [], "docs/cli.md lists options no command has")
    }

    /// `--version` names TouchSynth's version and the libinput it links, from every command.
    func testVersionNamesThePackageAndLibinput() throws {
        let touchsynth = try Fixtures.touchsynth()
        for command in [[], ["replay"]] {
            let result = try runProcess([touchsynth] + command + ["--version"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("touchsynth 0.9.0 (libinput \(LibinputBuild.system.version)"), result.stdout)
        }
    }

    /// An old spelling works, with one warning line naming the new one.
    func testOldSpellingsWorkWithOneDeprecationLine() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let old = try runProcess([touchsynth, "convert", pinch, "--to", "evemu"])
        let new = try runProcess([touchsynth, "convert", pinch, "--format", "evemu"])
        XCTAssertEqual(old.status, 0, old.stderr)
        XCTAssertEqual(old.stdout, new.stdout)
        XCTAssertEqual(old.stderr, "touchsynth: warning: --to is deprecated and goes in the next release; use --format\n")
        let both = try runProcess([touchsynth, "convert", pinch, "--to", "evemu", "--format", "yaml"])
        XCTAssertEqual(both.status, 64, both.stderr)
    }

    /// `touchsynth` starts without the view's networking libraries (Foundation's networking,
    /// libcurl and its TLS libraries), which were a third of its start: `view` continues in
    /// touchsynth-view, and says so when that is missing.
    func testOnlyTheViewLoadsTheNetworkingLibraries() throws {
        let touchsynth = try Fixtures.touchsynth()
        let libraries = try runProcess(["/usr/bin/ldd", touchsynth])
        XCTAssertEqual(libraries.status, 0, libraries.stderr)
        XCTAssertTrue(libraries.stdout.contains("libumockdev"), libraries.stdout)
        // A build with the server linked in would serve the view below until killed. libcurl
        // shows Foundation's networking in a release too, which links Swift's libraries in.
        guard !libraries.stdout.contains("libFoundationNetworking"), !libraries.stdout.contains("libcurl") else {
            return XCTFail("touchsynth loads the networking libraries:\n" + libraries.stdout)
        }

        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let environment = ProcessInfo.processInfo.environment.merging(["TOUCHSYNTH_VIEW_PATH": "/nonexistent/touchsynth-view"]) { $1 }
        let missing = try runProcess([touchsynth, "view", pinch], environment: environment)
        XCTAssertEqual(missing.status, 69, missing.stderr)
        XCTAssertEqual(missing.stderr, "touchsynth: TOUCHSYNTH_VIEW_PATH=/nonexistent/touchsynth-view does not exist\n")
    }

    /// `view` is handed to touchsynth-view before it is parsed, so its errors and warnings come
    /// once, from there: here a port in use (69) and an old option spelling.
    func testTheViewIsParsedAndServedOnceByTouchsynthView() throws {
        let touchsynth = try Fixtures.touchsynth()
        let taken = try ViewServer(title: "taken")
        defer { taken.stop() }
        let port = taken.port

        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = try runProcess([touchsynth, "view", pinch, "--port", String(port), "--click-method", "clickfinger"])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertEqual(result.stderr, "touchsynth: warning: --click-method is deprecated and goes in the next release; use --set-click-method\n"
                       + "touchsynth: port \(port) on 127.0.0.1 is in use by another program: choose another with --port, or 0 for a free one\n")
    }
}
