import Foundation
import PackagePlugin

/// Compiles the ```swift blocks of README.md and docs/*.md in the target it is applied to: a
/// build command per document, blocks or not, its input the document (so that editing it
/// reruns the command) and its output one Swift file, which touchsynth-swift-blocks writes.
/// The list of documents is read when SwiftPM plans the build (docs/testing.md).
@main
struct SwiftBlocksPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let docs = try FileManager.default.contentsOfDirectory(
            at: root.appending(path: "docs"),
            includingPropertiesForKeys: nil)
        let documents =
            [root.appending(path: "README.md")]
            + docs.filter { $0.pathExtension == "md" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        let tool = try context.tool(named: "touchsynth-swift-blocks")
        return documents.map { document in
            // Named by the path from the package's folder: docs/README.md is not README.md.
            let path = String(document.path.dropFirst(root.path.count + 1))
            let file = (path.replacingOccurrences(of: "/", with: "-") as NSString).deletingPathExtension + ".swift"
            let output = context.pluginWorkDirectoryURL.appending(path: file)
            return .buildCommand(
                displayName: "Extracting the Swift blocks of \(path)", executable: tool.url,
                arguments: [document.path, output.path], inputFiles: [document], outputFiles: [output])
        }
    }
}
