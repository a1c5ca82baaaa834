import ArgumentParser
import Foundation
import MockedDevices

/// `--libinput VERSION[,VERSION…]`: the libinput versions a command that compares them replays
/// on (`compare`, `explain`, `corpus`), in order.
struct LibinputOptions: ParsableArguments, LibinputChoice {
    @Option(
        name: .customLong("libinput"),
        help: ArgumentHelp(
            "The libinput versions to replay on, in order (repeatable, or VERSION,VERSION; default: the system's). "
                + LibinputOption.building,
            valueName: "version"))
    var list: [String] = []

    var versions: [String] { list.flatMap { $0.components(separatedBy: ",") } }
}

/// `--libinput VERSION`: the one libinput a command's replay runs on.
struct LibinputOption: ParsableArguments, LibinputChoice {
    @Option(
        name: .customLong("libinput"),
        help: ArgumentHelp(
            "The libinput version to replay on (default: the system's). " + building, valueName: "version"))
    var version: String?

    /// How a version not yet built is made, said in both options' help.
    static let building =
        "Another version Debian offers is built from its source package into .build/libinput the first time, "
        + "by a touchsynth inside a checkout of TouchSynth (tools/build-libinput; its --list names them)."

    var versions: [String] { version?.components(separatedBy: ",") ?? [] }
}

/// Which libinput versions a command was asked for.
protocol LibinputChoice {
    /// The versions asked for, in order; empty for the system's.
    var versions: [String] { get }
}

extension LibinputChoice {
    /// Checks the versions' form; `several` says whether the command takes more than one.
    func check(several: Bool) throws {
        if let problem = LibinputBuild.problem(with: versions) { throw ValidationError("--libinput" + problem) }
        if !several && versions.count > 1 {
            throw ValidationError("--libinput takes one version here; compare, explain and corpus take several")
        }
    }

    /// The builds of the versions asked for (the system's when none is), built first when missing.
    func builds() throws -> [LibinputBuild] {
        guard !versions.isEmpty else { return [.system] }
        return try versions.map { version in try LibinputBuilder.resolveBuilding(version) }
    }

    /// The one build of a command that takes one version.
    func build() throws -> LibinputBuild { try builds()[0] }
}

/// Builds a libinput version on first use, as the CLI's convenience: the library only says that
/// a version is not built (``LibinputBuild/resolve(_:)``); the command runs the repository's
/// `tools/build-libinput`, found from the executable inside a checkout, with one line first.
enum LibinputBuilder {
    static func resolveBuilding(_ version: String) throws -> LibinputBuild {
        let missing: HarnessError
        do {
            return try LibinputBuild.resolve(version)
        } catch {
            missing = error
        }
        guard missing.kind == .notBuilt else { throw missing }
        // Outside a checkout the error says where the script is and where it should build.
        guard let script = BuildProducts.inCheckout("tools/build-libinput") else { throw missing }
        let outcome = run(script, version)
        if outcome.status != 0 {
            throw CommandError(
                description: outcome.lastLine.map { $0.replacingOccurrences(of: "tools/build-libinput: ", with: "") }
                    ?? "libinput \(version): tools/build-libinput failed (status \(outcome.status))")
        }
        return try LibinputBuild.resolve(version)
    }

    /// Runs the script, passing on its progress lines as they come (the first says that a build
    /// starts, once the version is known to exist); its last line is kept back as the error
    /// message should it fail.
    private static func run(_ script: String, _ version: String) -> (status: Int32, lastLine: String?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [version]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "TOUCHSYNTH_LIBINPUT_BUILDS": LibinputBuild.buildArea
        ]) { $1 }
        let pipe = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = pipe
        guard (try? process.run()) != nil else { return (127, "libinput \(version): cannot run \(script)") }
        var held: String?
        var pending = Data()
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
            pending += chunk
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending = Data(pending[(newline + 1)...])
                if let held {
                    writeStderr(held.replacingOccurrences(of: "tools/build-libinput: ", with: "touchsynth: "))
                }
                held = line
            }
        }
        process.waitUntilExit()
        if process.terminationStatus == 0, let held {
            writeStderr(held.replacingOccurrences(of: "tools/build-libinput: ", with: "touchsynth: "))
        }
        return (process.terminationStatus, held)
    }
}
