import Foundation
import PackagePlugin

/// Generates the Wayland protocols' interfaces the client binds beyond the core protocol
/// (xdg-shell, pointer gestures) from the wayland-protocols package's XML, at build time, with
/// touchsynth-wayland-protocols: Swift, as SwiftPM compiles no C a plugin generates.
@main
struct WaylandProtocolsPlugin: BuildToolPlugin {
    /// The wayland-protocols package's files (Debian's `wayland-protocols`, which tools/setup installs).
    static let protocols = [
        "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml",
        "/usr/share/wayland-protocols/unstable/pointer-gestures/pointer-gestures-unstable-v1.xml",
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "touchsynth-wayland-protocols")
        let output = context.pluginWorkDirectoryURL.appending(path: "WaylandProtocols.swift")
        let inputs = Self.protocols.map { URL(fileURLWithPath: $0) }
        return [
            .buildCommand(
                displayName: "Generating the Wayland protocols' interfaces", executable: tool.url,
                arguments: [output.path] + Self.protocols, inputFiles: inputs, outputFiles: [output])
        ]
    }
}
