import Foundation

/// The libinput a replay's program runs on: the system's, or another version built from Debian's
/// source package by `tools/build-libinput` into the repository's build area
/// (`.build/libinput/VERSION`). libinput's ABI is stable, so the same program loads either; the
/// harness points the dynamic loader at the build (``MockedDevice/libinput``).
public struct LibinputBuild: Sendable, Equatable, CustomStringConvertible {
    /// The upstream version, as `1.28.1`.
    public var version: String
    /// The folder holding the build's `libinput.so.10`; nil for the system's libinput.
    public var libraryDirectory: String?

    public var description: String { "libinput \(version)" }

    /// Where `tools/build-libinput` puts its builds, and the script itself, found from the running
    /// executable inside a checkout (`.build/…/touchsynth`, or a test bundle deeper down).
    struct Area {
        var builds: String
        var script: String?

        static func locate() -> Area {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            var dir = (exe as NSString).deletingLastPathComponent
            var script: String?
            for _ in 0..<6 where script == nil {
                dir = (dir as NSString).deletingLastPathComponent
                let candidate = dir + "/tools/build-libinput"
                if FileManager.default.isExecutableFile(atPath: candidate) { script = candidate }
            }
            let repository = script.map { (($0 as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent }
            let builds = ProcessInfo.processInfo.environment[buildsVariable].flatMap { $0.isEmpty ? nil : $0 }
                ?? (repository ?? FileManager.default.currentDirectoryPath) + "/.build/libinput"
            return Area(builds: builds, script: script)
        }
    }

    static let buildsVariable = "TOUCHSYNTH_LIBINPUT_BUILDS"
    /// Set by the harness in its program's environment: the version it runs on.
    static let versionVariable = "TOUCHSYNTH_LIBINPUT_VERSION"

    /// The system's libinput, with the version its development files declare (`libinput.pc`),
    /// which building touchsynth needs; "system" where they are missing.
    public static let system = LibinputBuild(version: systemVersion(), libraryDirectory: nil)

    /// The version of libinput this process runs on: the one the harness chose, when it runs
    /// under the harness, else the system's.
    public static var versionOfThisProcess: String {
        ProcessInfo.processInfo.environment[versionVariable].flatMap { $0.isEmpty ? nil : $0 } ?? system.version
    }

    /// The build of `version`: the system's libinput when it is that version; else the one in the
    /// build area, which `tools/build-libinput` makes first when it is missing (`announce` is told
    /// before a build starts, as it takes a while). An unknown version, a failed build or an
    /// unreachable source package is an ``HarnessError/Kind/unavailable`` error naming the version
    /// and what to do.
    public static func resolve(_ version: String, announce: (String) -> Void = { _ in }) throws(HarnessError) -> LibinputBuild {
        if version == system.version { return system }
        let area = Area.locate()
        if let built = built(version, in: area.builds) { return built }
        guard let script = area.script else {
            throw HarnessError(.unavailable, "libinput \(version) is not built in \(area.builds), and tools/build-libinput is not found "
                               + "next to this executable: run tools/build-libinput \(version) in a checkout of touchsynth")
        }
        announce("libinput \(version) is not built yet: building it from Debian's source package, once (log in \(area.builds)/logs)")
        let outcome = runScript(script, version: version)
        guard outcome.status == 0, let built = built(version, in: area.builds) else {
            let reason = outcome.lastLine.map { $0.replacingOccurrences(of: "tools/build-libinput: ", with: "") }
                ?? "libinput \(version): tools/build-libinput failed (status \(outcome.status))"
            throw HarnessError(.unavailable, reason)
        }
        return built
    }

    /// The version in the build area, if it is complete: its BUILD-INFO, written last, names this prefix.
    static func built(_ version: String, in builds: String) -> LibinputBuild? {
        let prefix = builds + "/" + version
        guard let info = try? String(contentsOfFile: prefix + "/BUILD-INFO", encoding: .utf8),
              info.split(separator: "\n").contains(Substring("prefix=" + prefix)) else { return nil }
        return LibinputBuild(version: version, libraryDirectory: prefix + "/lib")
    }

    /// The environment that makes a program load this build, naming its version for the program.
    func environment(_ base: [String: String]) -> [String: String] {
        var env = base
        env[Self.versionVariable] = version
        if let libraryDirectory {
            env["LD_LIBRARY_PATH"] = libraryDirectory + (base["LD_LIBRARY_PATH"].map { ":" + $0 } ?? "")
        }
        return env
    }

    private static func runScript(_ script: String, version: String) -> (status: Int32, lastLine: String?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [version]
        let pipe = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = pipe
        guard (try? process.run()) != nil else { return (127, "libinput \(version): cannot run \(script)") }
        let errors = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, errors.split(separator: "\n").last.map(String.init))
    }

    /// The `Version:` of the system's `libinput.pc`, read where pkg-config looks for it (no
    /// process: `debug` asks this on machines as bare as the VM tier's guest).
    private static func systemVersion() -> String {
        #if arch(x86_64)
        let triplet = "x86_64-linux-gnu"
        #elseif arch(arm64)
        let triplet = "aarch64-linux-gnu"
        #else
        let triplet = "unknown"
        #endif
        let configured = (ProcessInfo.processInfo.environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").map(String.init)
        let directories = configured + ["/usr/lib/\(triplet)/pkgconfig", "/usr/lib64/pkgconfig", "/usr/lib/pkgconfig", "/usr/local/lib/pkgconfig",
                                        "/usr/share/pkgconfig"]
        for directory in directories {
            guard let text = try? String(contentsOfFile: directory + "/libinput.pc", encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Version:") }) else { continue }
            let version = line.dropFirst("Version:".count).trimmingCharacters(in: .whitespaces)
            if !version.isEmpty { return version }
        }
        return "system"
    }
}
