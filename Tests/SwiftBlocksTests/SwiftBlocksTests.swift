import Foundation
import SwiftBlocks
import XCTest
import TestSupport

/// The ```swift blocks of README.md and docs/ as SwiftBlocksPlugin compiles them
/// (docs/testing.md): read with their contexts, written as Swift located in the document, and
/// the errors of a document that breaks the convention. The build compiles the documents' blocks;
/// here, manifest fragments are evaluated as manifests, and a broken block is shown to fail.
final class SwiftBlocksTests: XCTestCase {
    private static let root = Fixtures.root

    /// README.md and every docs/*.md, with their text.
    private func documents() throws -> [(name: String, text: String)] {
        let docs = Self.root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        let files =
            [("README.md", Self.root.appendingPathComponent("README.md"))]
            + names.sorted().map { ("docs/" + $0, docs.appendingPathComponent($0)) }
        return try files.map { ($0.0, try String(contentsOf: $0.1, encoding: .utf8)) }
    }

    private func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("touchsynth-swift-blocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    func testEveryFenceOfTheDocumentsIsABlockRead() throws {
        var total = 0
        for document in try documents() {
            let lines = document.text.split(separator: "\n")
            let fences = lines.filter { $0.trimmingCharacters(in: .whitespaces) == "```swift" }.count
            XCTAssertEqual(try SwiftBlock.blocks(in: document.text).count, fences, document.name)
            total += fences
        }
        XCTAssertGreaterThanOrEqual(total, 6, "README.md and docs/testing-kit.md have Swift blocks")
    }

    /// README.md's testing-kit block runs, not only compiles: it is the body of a test of the
    /// Examples package, line for line, which CI runs (`tools/test`'s example tests).
    func testTheReadmesKitExampleIsATestOfTheExamples() throws {
        let readme = try XCTUnwrap(try documents().first { $0.name == "README.md" }).text
        let block = try XCTUnwrap(try SwiftBlock.blocks(in: readme).first { $0.context != nil })
        let tests = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/Tests/SwipeBackTests/SwipeBackTests.swift"),
            encoding: .utf8)
        let lines = block.code.map { $0.text.trimmingCharacters(in: .whitespaces) }
        XCTAssertGreaterThan(lines.count, 2)
        let body = tests.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try XCTUnwrap(body.firstIndex(of: lines[0]), "the README block's first line in the Examples")
        XCTAssertEqual(Array(body[start..<min(start + lines.count, body.count)]), lines)
    }

    func testABlockStandsAtFileScopeOrInItsContextItsImportsFirst() throws {
        let markdown = """
            # A page

            ```swift
            import Alpha
            func shown() {}
            ```

            <!-- swift context
            import Beta
            private func hidden() {
                // the block
            }
            -->
            ```swift
            import Alpha
            let value = 1
            ```
            """
        let blocks = try SwiftBlock.blocks(in: markdown)
        XCTAssertEqual(blocks.map(\.line), [3, 14])
        XCTAssertNil(blocks[0].context)
        XCTAssertEqual(blocks[1].context?.before.map(\.number), [9, 10])
        XCTAssertEqual(blocks[1].context?.after.map(\.text), ["}"])
        let source = SwiftBlock.source(of: blocks, document: "page.md")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let located = { (line: Int) in "#sourceLocation(file: \"page.md\", line: \(line))" }
        XCTAssertEqual(
            Array(source.dropFirst().prefix(6)),
            [located(4), "import Alpha", located(9), "import Beta", located(4), ""],
            "each import once, at the top, located")
        XCTAssertEqual(
            Array(source.dropFirst(7)),
            [
                "func shown() {}", located(9), "", "private func hidden() {", located(15), "", "let value = 1",
                located(12), "}", "#sourceLocation()", "",
            ])
    }

    func testAContextOutOfPlaceOrUnfinishedIsAnErrorAtItsLine() {
        let noMarker = "a swift context needs one line // the block where the block goes"
        let misplaced = "a swift context must come right before its ```swift block"
        let cases: [(markdown: String, line: Int, message: String)] = [
            ("<!-- swift context\nfunc f() {}\n-->\n```swift\n```", 1, noMarker),
            ("<!-- swift context\n// the block\n// the block\n-->\n```swift\n```", 1, noMarker),
            ("text\n<!-- swift context\n// the block\n-->\n\n```swift\n```", 2, misplaced),
            ("<!-- swift context\n// the block\n-->", 1, misplaced),
            ("<!-- swift context\n// the block\n```swift\n```", 1, "this swift context never ends (no line -->)"),
            ("text\n\n```swift\nlet a = 1\n", 3, "this ```swift block never ends"),
        ]
        for (markdown, line, message) in cases {
            XCTAssertThrowsError(try SwiftBlock.blocks(in: markdown), markdown) { error in
                XCTAssertEqual(error as? SwiftBlockError, SwiftBlockError(line: line, message: message), markdown)
            }
        }
    }

    /// What the build does with a broken block: the compiler refuses it, at the document's line.
    func testABrokenBlockFailsToCompileAtItsDocumentsLine() throws {
        let directory = try scratch()
        let markdown =
            "# A page\n\n<!-- swift context\nprivate func example() {\n    // the block\n}\n-->\n"
            + "```swift\nlet count: Int = \"three\"\n```\n"
        let file = directory.appendingPathComponent("blocks.swift")
        func typecheck(_ markdown: String) throws -> (status: Int32, output: String) {
            let source = SwiftBlock.source(of: try SwiftBlock.blocks(in: markdown), document: "page.md")
            try source.write(to: file, atomically: true, encoding: .utf8)
            return try run(["swiftc", "-typecheck", file.path], in: directory)
        }
        let broken = try typecheck(markdown)
        XCTAssertNotEqual(broken.status, 0, broken.output)
        XCTAssertTrue(broken.output.contains("page.md:9:"), broken.output)
        let fixed = try typecheck(markdown.replacingOccurrences(of: "\"three\"", with: "3"))
        XCTAssertEqual(fixed.status, 0, fixed.output)
    }

    /// A Package.swift fragment cannot compile in a target: it is evaluated as the manifest its
    /// context makes of it, as SwiftPM would.
    func testEveryManifestFragmentIsAValidManifest() throws {
        var manifests = 0
        for document in try documents() {
            for block in try SwiftBlock.blocks(in: document.text) where block.isManifest {
                manifests += 1
                let package = try scratch()
                let lines = (block.context?.before ?? []) + block.code + (block.context?.after ?? [])
                let manifest = "// swift-tools-version:6.0\n" + lines.map { $0.text + "\n" }.joined()
                try manifest.write(
                    to: package.appendingPathComponent("Package.swift"), atomically: true,
                    encoding: .utf8)
                let result = try run(["swift", "package", "dump-package"], in: package)
                XCTAssertEqual(result.status, 0, "\(document.name):\(block.line): \(result.output)")
            }
        }
        XCTAssertGreaterThanOrEqual(manifests, 1, "docs/testing-kit.md shows an app's Package.swift")
    }
}
