import Foundation

/// A ```swift block of a Markdown document, with the hidden context it compiles in.
///
/// The context is an HTML comment right before the block: a line `<!-- swift context`, Swift
/// lines, and a line `-->`. A reader of the rendered page never sees it. Its line `// the block`
/// marks where the block goes. A document's blocks compile in one file: their and their
/// contexts' `import` lines go to its top, and a block without a context stands at file scope.
/// docs/testing.md has the convention.
public struct SwiftBlock: Equatable, Sendable {
    /// A line of the document and its number, from 1.
    public struct Line: Equatable, Sendable {
        /// From 1.
        public var number: Int
        /// Without its newline.
        public var text: String

        /// Its text without the spaces around it, as fences and markers are compared.
        var trimmed: String { text.trimmingCharacters(in: .whitespaces) }
    }

    /// A context's lines before and after its marker.
    public struct Context: Equatable, Sendable {
        /// What comes before the block: imports, and the opening of what wraps it.
        public var before: [Line]
        /// What closes it after the block.
        public var after: [Line]
    }

    /// Opens a block's hidden context.
    public static let contextOpening = "<!-- swift context"
    /// The context's line where the block goes.
    public static let marker = "// the block"

    /// The line of the opening fence, from 1.
    public var line: Int
    /// The block's lines, without its fences.
    public var code: [Line]
    /// Its context, if it has one.
    public var context: Context?

    /// A Package.swift fragment: it imports PackageDescription, which only a manifest can, so it
    /// is checked by evaluating it as a manifest rather than compiled into a target.
    public var isManifest: Bool {
        allLines.contains { Self.importedModule($0.text) == "PackageDescription" }
    }

    /// The context before the code, the code, the context after it.
    private var parts: [[Line]] { [context?.before ?? [], code, context?.after ?? []] }

    private var allLines: [Line] { Array(parts.joined()) }

    /// The Swift file that compiles the `blocks` of `document` (its path, for the compiler's
    /// locations) but manifests: every import first, then each block in its context, every part
    /// located in the document with `#sourceLocation`, so that an error names the document's line.
    public static func source(of blocks: [SwiftBlock], document: String) -> String {
        let escaped = document.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let locate = { (line: Int) in "#sourceLocation(file: \"\(escaped)\", line: \(line))\n" }
        let compiled = blocks.filter { !$0.isManifest }
        var text = "// The ```swift blocks of \(document), extracted by touchsynth-swift-blocks: edit the document.\n"
        var imported: Set<String> = []
        for line in compiled.flatMap(\.allLines) where importedModule(line.text) != nil {
            if imported.insert(line.text).inserted { text += locate(line.number) + line.text + "\n" }
        }
        for part in compiled.flatMap(\.parts) where !part.isEmpty {
            // An import moved up leaves an empty line, so that the lines after it keep their numbers.
            text += locate(part[0].number)
            text += part.map { importedModule($0.text) == nil ? $0.text + "\n" : "\n" }.joined()
        }
        return text + (compiled.isEmpty ? "" : "#sourceLocation()\n")
    }

    /// The module an `import` line imports (`@testable import X`, `import struct X.Y` included).
    static func importedModule(_ line: String) -> String? {
        let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
        guard words.first == "import", let last = words.dropFirst().last else { return nil }
        return last.split(separator: ".").first.map(String.init)
    }
}

/// What is wrong with a document's Swift blocks, at a line of it.
public struct SwiftBlockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document's line, from 1.
    public var line: Int
    /// What is wrong, in a sentence.
    public var message: String

    /// `message`, at `line` of the document.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `LINE: message`.
    public var description: String { "\(line): \(message)" }
}

extension SwiftBlock {
    /// Every ```swift block of `markdown`, in order, each with its context.
    public static func blocks(in markdown: String) throws(SwiftBlockError) -> [SwiftBlock] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            Line(number: $0.offset + 1, text: String($0.element))
        }
        var blocks: [SwiftBlock] = []
        var context: Context?
        var index = 0
        while index < lines.count {
            switch lines[index].trimmed {
            case contextOpening:
                let end: Int
                (context, end) = try parseContext(lines, from: index)
                guard end + 1 < lines.count, lines[end + 1].trimmed == "```swift" else {
                    throw SwiftBlockError(
                        line: lines[index].number,
                        message: "a swift context must come right before its ```swift block")
                }
                index = end + 1
            case "```swift":
                let start = index
                guard let end = lines[(start + 1)...].firstIndex(where: { $0.trimmed == "```" }) else {
                    throw SwiftBlockError(line: lines[start].number, message: "this ```swift block never ends")
                }
                let code = Array(lines[(start + 1)..<end])
                blocks.append(SwiftBlock(line: lines[start].number, code: code, context: context))
                context = nil
                index = end + 1
            default:
                index += 1
            }
        }
        return blocks
    }

    /// The context opened at `start`, and the index of its closing `-->`.
    private static func parseContext(_ lines: [Line], from start: Int) throws(SwiftBlockError) -> (Context, Int) {
        guard let end = lines[(start + 1)...].firstIndex(where: { $0.trimmed == "-->" }) else {
            throw SwiftBlockError(line: lines[start].number, message: "this swift context never ends (no line -->)")
        }
        let body = lines[(start + 1)..<end]
        let markers = body.indices.filter { body[$0].trimmed == marker }
        guard markers.count == 1 else {
            throw SwiftBlockError(
                line: lines[start].number,
                message: "a swift context needs one line \(marker) where the block goes")
        }
        return (Context(before: Array(body[..<markers[0]]), after: Array(body[(markers[0] + 1)...])), end)
    }
}
