import Foundation
import SwiftBlocks

// The build tool of SwiftBlocksPlugin: a document's ```swift blocks, each in its context,
// written as one Swift file. Errors name the document's line, as the compiler's do, so that a
// build shows them in place. Usage: touchsynth-swift-blocks DOCUMENT OUTPUT

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    fail("usage: touchsynth-swift-blocks DOCUMENT OUTPUT", status: 64)
}
let (document, output) = (arguments[1], arguments[2])
guard let markdown = try? String(contentsOfFile: document, encoding: .utf8) else {
    fail("\(document): error: cannot read the document", status: 66)
}
let blocks: [SwiftBlock]
do {
    blocks = try SwiftBlock.blocks(in: markdown)
} catch {
    fail("\(document):\(error.line): error: \(error.message)", status: 65)
}
let source = SwiftBlock.source(of: blocks, document: document)
do {
    // SwiftPM reruns this when only its environment changed: the same file, left alone, is not
    // compiled again.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    fail("\(output): error: cannot write: \(error.localizedDescription)", status: 73)
}
