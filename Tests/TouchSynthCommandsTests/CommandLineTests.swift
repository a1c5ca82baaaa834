import Foundation
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

    /// `--version` run in this process says what the executable's does, with the libinput it links,
    /// for the arguments given rather than the process's own.
    func testTheVersionRunHereNamesTheLibinputItLinks() {
        for command in [["--version"], ["replay", "--version"]] {
            let run = runCommand(command)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.hasPrefix("touchsynth "), run.stdout)
            XCTAssertTrue(run.stdout.contains(" (libinput "), run.stdout)
        }
        // Anything else beside it, which ArgumentParser would pass over, is a usage error.
        for command in [["--version", "--bogus"], ["replay", "--version", "pinch.yml"], ["--version", "--", "x"]] {
            let run = runCommand(command)
            XCTAssertEqual(run.status, 64, "\(command): \(run.stdout)")
            XCTAssertEqual(run.stdout, "", "\(command)")
            XCTAssertTrue(run.stderr.hasPrefix("touchsynth: --version takes no argument"), run.stderr)
        }
    }

    /// Every command, the subcommands of `bridge` and `corpus` as `bridge run`, `corpus merge`….
    private func commands() -> [[String]] {
        func subcommands(of command: [String]) -> [String] {
            let help = runCommand(command + ["--help"]).stdout
            guard let section = help.components(separatedBy: "SUBCOMMANDS:").last, help.contains("SUBCOMMANDS:") else {
                return []
            }
            return section.split(separator: "\n").compactMap { line in
                // Not the closing "  See 'touchsynth help …'" line.
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                    name.first?.isLowercase == true
                else { return nil }
                return String(name)
            }
        }
        var all: [[String]] = []
        for name in subcommands(of: []) {
            let nested = subcommands(of: [name])
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

    /// Run in the test process, a debug build, so that ArgumentParser's debug-build checks of
    /// every command's definition run too.
    func testEveryOptionMeansOneThingAcrossCommands() throws {
        let table = try table()
        XCTAssertGreaterThan(table.count, 50, "docs/cli.md's table is read")
        var seen: Set<String> = []
        let commands = commands()
        XCTAssertTrue(commands.contains(["bridge", "check"]) && commands.contains(["replay"]), "\(commands)")
        for command in commands {
            let help = runCommand(command + ["--help"])
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
                XCTAssertTrue(
                    option.help.lowercased().contains(row.says.lowercased()),
                    "\(name): its help does not say \"\(row.says)\": \(option.help)")
            }
        }
        XCTAssertEqual(Set(table.keys).subtracting(seen), [], "docs/cli.md lists options no command has")
    }

    /// The options that shape a replay are taken by every command that replays recordings, so that
    /// a case found with one can be run through the others (explain alone has no --real-time: it
    /// places decisions on the virtual clock). The app those that translate deliver to is shaped
    /// alike too: its screen, and whether it holds the pointer lock.
    func testEveryReplayingCommandTakesTheOptionsThatShapeAReplay() {
        let shaping: Set = [
            "--desc", "--device", "--with", "--start", "--end", "--speed", "--as-delivered", "--unplug",
            "--syn-dropped", "--udev-property", "--quirks", "--dmi", "--libinput", "--verbose",
        ]
        let replay = Set(options(runCommand(["replay", "--help"]).stdout).map(\.name))
        let settings = replay.filter { ["--set-", "--enable-", "--disable-"].contains(where: $0.hasPrefix) }
        XCTAssertGreaterThan(settings.count, 10, "\(replay)")
        for command in ["replay", "compare", "report", "explain", "view"] {
            let names = Set(options(runCommand([command, "--help"]).stdout).map(\.name))
            XCTAssertEqual(shaping.union(settings).subtracting(names), [], command)
            guard command != "explain" else { continue }
            XCTAssertEqual(Set(["--surface", "--screen", "--pointer-lock"]).subtracting(names), [], command)
        }
    }

    /// `help` with a name no command has is a usage error, not the root's help; a real name's help is shown.
    func testHelpOfAnUnknownCommandIsAUsageError() {
        let unknown = runCommand(["help", "bridge", "bogus"])
        XCTAssertEqual(unknown.status, 64, unknown.stdout)
        XCTAssertTrue(unknown.stderr.contains("no command 'touchsynth bridge bogus'"), unknown.stderr)
        // So is a misspelt command before --help, where only a command can stand; not a recording's name.
        let misspelt = runCommand(["replya", "--help"])
        XCTAssertEqual(misspelt.status, 64, misspelt.stdout)
        XCTAssertEqual(misspelt.stderr, "touchsynth: no command 'touchsynth replya' (see 'touchsynth --help')\n")
        XCTAssertEqual(runCommand(["replay", "x.yml", "--help"]).status, 0)
        // Nor after a command whose default subcommand takes no word; `corpus run` takes paths.
        XCTAssertEqual(runCommand(["bridge", "chek", "--help"]).status, 64)
        XCTAssertEqual(runCommand(["corpus", "Tests", "--help"]).status, 0)
        let known = runCommand(["help", "bridge", "check"])
        XCTAssertEqual(known.status, 0, known.stderr)
        XCTAssertTrue(known.stdout.contains("USAGE: touchsynth bridge check"), known.stdout)
    }

    /// An option given twice that can take several values keeps each: `-e` lines of one script,
    /// `--libinput` versions as `A,B` gives them.
    func testARepeatedOptionKeepsEveryValue() throws {
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc").path
        let twice = runCommand(["synthesize", "-e", "pinch", "-e", "rotate angle=90deg", "--desc", desc])
        let once = runCommand(["synthesize", "-e", "pinch; rotate angle=90deg", "--desc", desc])
        XCTAssertEqual(twice.status, 0, twice.stderr)
        XCTAssertEqual(twice.stdout, once.stdout)
        let listed = runCommand(["corpus", "--list", "--libinput", "1.22.1", "--libinput", "1.28.1", desc])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(
            listed.stdout, runCommand(["corpus", "--list", "--libinput", "1.22.1,1.28.1", desc]).stdout)
        XCTAssertTrue(listed.stdout.contains("1.28.1"), listed.stdout)
    }

    /// An old spelling works, with one warning line naming the new one.
    func testOldSpellingsWorkWithOneDeprecationLine() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let old = runCommand(["convert", pinch, "--to", "evemu"])
        let new = runCommand(["convert", pinch, "--format", "evemu"])
        XCTAssertEqual(old.status, 0, old.stderr)
        XCTAssertEqual(old.stdout, new.stdout)
        XCTAssertEqual(
            old.stderr, "touchsynth: warning: --to is deprecated and goes in the next release; use --format\n")
        let both = runCommand(["convert", pinch, "--to", "evemu", "--format", "yaml"])
        XCTAssertEqual(both.status, 64, both.stderr)
    }
}
