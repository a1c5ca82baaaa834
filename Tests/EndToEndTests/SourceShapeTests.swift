import Foundation
import MockedDevices
import XCTest
import TestSupport

/// The sources' shape (docs/testing.md), counted: small files, a small core, no unchecked
/// exclusivity, unmanaged references only where C holds a Swift object, and no unsafe build flags
/// (they would keep other packages from depending on the libraries).
final class SourceShapeTests: XCTestCase {
    private static let sources = Fixtures.root.appendingPathComponent("Sources")

    /// Every Swift file under Sources/, by its path from there, with its text.
    private func swiftFiles() throws -> [(path: String, text: String)] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.sources.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: Self.sources.appendingPathComponent($0), encoding: .utf8))
        }
    }

    private func lineCount(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
    }

    func testNoSourceFileIsOverFiveHundredLines() throws {
        let files = try swiftFiles()
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            XCTAssertLessThanOrEqual(lineCount(file.text), 500, file.path)
        }
    }

    /// The CLI parses options, calls the libraries and prints: replays, corpora, benchmarks,
    /// comparisons and the view live in libraries, where other programs and tests call them too.
    /// Lines are the formatter's (`tools/format-check`), so the bound does not reward long ones.
    /// Most of the CLI's lines are its options, their help and the refusals that keep an option
    /// from being passed over in silence, which are the CLI's own; the bound moves for those of a
    /// new command or option, never for work a library could do.
    func testTheCommandLineStaysWithinItsBound() throws {
        let cli = try swiftFiles().filter { file in Self.commandLine.contains { file.path.hasPrefix($0) } }
        XCTAssertGreaterThan(cli.count, 20, "the CLI read")
        XCTAssertLessThanOrEqual(cli.reduce(0) { $0 + lineCount($1.text) }, 3383, "the CLI")
    }

    /// docs/architecture.md's module table names every module once, each with exactly the
    /// dependencies `Package.swift` gives it (a row of several, their union outside the row).
    func testTheArchitectureTableListsEveryModuleWithItsDependencies() throws {
        let swift = try XCTUnwrap(findExecutable("swift"), "swift on PATH")
        // A scratch path of its own: the package's .build is locked by the `swift test` running this.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try runProcess([
            swift, "package", "dump-package", "--package-path", Fixtures.root.path, "--scratch-path", scratch.path,
        ])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let targets = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])?["targets"]
                as? [[String: Any]])
        var dependencies: [String: Set<String>] = [:]
        for target in targets where target["type"] as? String != "test" {
            let named = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap {
                $0.values.first?.first as? String
            }
            dependencies[try XCTUnwrap(target["name"] as? String)] = Set(named)
        }
        let table = try String(
            contentsOf: Fixtures.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var listed: [String] = []
        // The rows of its Modules section, each naming modules in its first cell.
        let section = table.split(separator: "\n## ").first { $0.hasPrefix("Modules\n") } ?? ""
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 5 else { continue }
            func names(_ cell: String) -> [String] { cell.matches(of: /`([^`]+)`/).map { String($0.output.1) } }
            let row = names(cells[1])
            XCTAssertTrue(row.allSatisfy { dependencies[$0] != nil }, "docs/architecture.md names no module \(row)")
            let uses = Set(row.flatMap { dependencies[$0] ?? [] }).subtracting(row)
            XCTAssertEqual(Set(names(cells[cells.count - 2])), uses, "docs/architecture.md, \(row)")
            listed += row
        }
        XCTAssertEqual(listed.sorted(), Set(listed).sorted(), "each module in one row")
        // All but the system libraries (the C modules over pkg-config) and the tests' own support.
        let modules = targets.filter { $0["type"] as? String != "system" && $0["type"] as? String != "test" }
            .compactMap { $0["name"] as? String }.filter { $0 != "TestSupport" }
        XCTAssertEqual(Set(listed), Set(modules), "every module in the table")
    }

    /// The README opens the project: short, its details in docs/.
    func testTheReadmeIsAtMostTenThousandBytes() throws {
        let readme = try Data(contentsOf: Fixtures.root.appendingPathComponent("README.md"))
        XCTAssertLessThanOrEqual(readme.count, 10_000)
    }

    /// The CLI's folders: its commands, and the two executables that run them.
    private static let commandLine = ["TouchSynthCommands/", "touchsynth/", "touchsynth-view/"]

    func testUnsafeOwnershipOnlyWhereCHoldsASwiftObject() throws {
        for file in try swiftFiles() {
            XCTAssertFalse(file.text.contains("@exclusivity("), file.path)
            let lines = file.text.split(separator: "\n")
            let importsC = lines.contains {
                ["import CLibinput", "import CUmockdev", "import CUinput", "import CWaylandClient"].contains($0)
            }
            // A thread's start routine is C too: pthread_create holds its context.
            if !importsC && !file.text.contains("pthread_create(") {
                let unmanaged = ["Unmanaged<", "Unmanaged.", "_withUnsafeGuaranteedRef"].filter(file.text.contains)
                XCTAssertEqual(unmanaged, [], file.path)
            }
        }
    }

    /// Library code runs no script and no package manager: only the CLI builds a libinput on
    /// first use, and the harness starts nothing but the program a replay runs (its one
    /// `posix_spawn`, in `ChildProcess.swift`).
    func testNoLibraryModuleSpawnsAScriptOrAPackageManager() throws {
        let programs = ["Process(", "posix_spawn", "system(", "popen(", "execv", "execl", "fork("]
        let commands = ["apt-get", "apt ", "dpkg", "pip ", "swift build", "tools/build", ".sh\""]
        var libraries = 0
        for file in try swiftFiles()
        where !(Self.commandLine + ["touchsynth-fuzz/"]).contains(where: file.path.hasPrefix) {
            libraries += 1
            let code = file.text.split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            }.joined(separator: "\n")
            for program in programs
            where code.contains(try Regex("(^|[^A-Za-z_])" + NSRegularExpression.escapedPattern(for: program))) {
                XCTAssertEqual(
                    file.path, "MockedDevices/ChildProcess.swift", "\(file.path) starts a process (\(program))")
            }
            for command in commands where code.contains(command) && !code.contains("`\(command)") {
                // Naming the command in an error message, between backquotes, is telling the user.
                XCTFail("\(file.path) names \(command) outside a message")
            }
        }
        XCTAssertGreaterThan(libraries, 100, "the library modules read")
    }

    func testThePackageHasNoUnsafeFlags() throws {
        let manifest = try String(contentsOf: Fixtures.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(".target("), "the manifest read")
        XCTAssertFalse(manifest.contains("unsafeFlags("))
    }

    /// Every replay starts the libinput side: without Foundation (and the ICU data it loads) it
    /// starts in half the time, so none of the modules it links imports it.
    func testTheLibinputSideLinksNoFoundation() throws {
        let side = ["LibinputEvents/", "LibinputKit/", "ReplayChannel/", "ProcessSignals/", "touchsynth-libinput/"]
        let files = try swiftFiles().filter { file in side.contains { file.path.hasPrefix($0) } }
        XCTAssertGreaterThan(files.count, 10, "the side's modules read")
        for file in files {
            let imports = file.text.split(separator: "\n").filter {
                $0.hasPrefix("import Foundation") || $0.hasPrefix("@_exported import Foundation")
            }
            XCTAssertEqual(imports, [], file.path)
        }
        let libraries = try runProcess(["/usr/bin/ldd", try BuildProducts.libinputSide()])
        XCTAssertTrue(libraries.stdout.contains("libswiftCore"), libraries.stdout)
        XCTAssertFalse(libraries.stdout.contains("libFoundation"), libraries.stdout)
    }
}
