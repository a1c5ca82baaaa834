import Foundation
import LibinputEvents

/// The libinput a replay's program runs on: the system's, or another version built from Debian's
/// source package by `tools/build-libinput` into the build area (``buildArea``). libinput's ABI
/// is stable, so the same program loads either; the harness points the dynamic loader at the
/// build (``MockedDevice/libinput``).
public struct LibinputBuild: Sendable, Equatable, CustomStringConvertible {
    /// The upstream version, as `1.28.1`.
    public var version: String
    /// The folder holding the build's `libinput.so.10`; nil for the system's libinput.
    public var libraryDirectory: String?

    public var description: String { "libinput \(version)" }

    /// Where `tools/build-libinput` puts its builds: `$TOUCHSYNTH_LIBINPUT_BUILDS`, else
    /// `libinput/` in the SwiftPM build directory the running executable lies in
    /// (`.build/…/debug/touchsynth`), else `.build/libinput` in the current directory.
    public static var buildArea: String {
        if let area = ProcessInfo.processInfo.environment["TOUCHSYNTH_LIBINPUT_BUILDS"], !area.isEmpty { return area }
        var directory = BuildProducts.executableDirectory
        while directory != "/" && !directory.isEmpty {
            if (directory as NSString).lastPathComponent == ".build" { return directory + "/libinput" }
            directory = (directory as NSString).deletingLastPathComponent
        }
        return FileManager.default.currentDirectoryPath + "/.build/libinput"
    }

    /// The system's libinput, with the version its development files declare (`libinput.pc`),
    /// which building touchsynth needs; "system" where they are missing.
    public static let system = LibinputBuild(version: systemVersion(), libraryDirectory: nil)

    /// The build of `version`: the system's libinput when it is that version, else the one in
    /// ``buildArea``. A version not built there is a ``HarnessError/Kind/notBuilt`` error naming
    /// the command that builds it.
    public static func resolve(_ version: String) throws(HarnessError) -> LibinputBuild {
        if version == system.version { return system }
        if let problem = problem(with: [version]) { throw HarnessError(.usage, "libinput version" + problem) }
        if let built = built(version, in: buildArea) { return built }
        // A file where the builds go (a mistyped TOUCHSYNTH_LIBINPUT_BUILDS) can hold no build.
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: buildArea, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw HarnessError(
                .missingFile, "libinput \(version) is not built, and \(buildArea), where builds go, is a file")
        }
        throw HarnessError(.notBuilt, "libinput \(version) is not built in \(buildArea): " + builder(of: version))
    }

    /// The command that builds `version` into `area`, in words: TouchSynth's
    /// `tools/build-libinput`, told where the builds go unless they go to the build area of the
    /// checkout it is in, `checkoutArea` (an app's package has its own build area, and no script);
    /// there, also that a checkout's builds serve, named by `TOUCHSYNTH_LIBINPUT_BUILDS`.
    static func builder(
        of version: String, into area: String = buildArea, checkoutArea: String? = checkoutArea
    )
        -> String
    {
        let area = URL(fileURLWithPath: area).standardizedFileURL.path
        guard checkoutArea != area else {
            return "`tools/build-libinput \(version)` builds it from Debian's source package"
        }
        // Absolute, as the command runs in the checkout; quoted where a shell would split it.
        let quoted =
            area.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+".contains($0)) }
            ? area : "'" + area.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        return "in a checkout of TouchSynth, `TOUCHSYNTH_LIBINPUT_BUILDS=\(quoted) tools/build-libinput \(version)` "
            + "builds it there from Debian's source package (`tools/build-libinput --list` names the versions "
            + "Debian offers); or set TOUCHSYNTH_LIBINPUT_BUILDS to a checkout's .build/libinput that has it"
    }

    /// The build area of the checkout of TouchSynth the running executable was built in, where
    /// its `tools/build-libinput` builds by default; nil outside one.
    private static var checkoutArea: String? {
        BuildProducts.inCheckout("tools/build-libinput").map { script in
            URL(fileURLWithPath: script).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/libinput").standardizedFileURL.path
        }
    }

    /// What is wrong with `versions` as libinput versions to replay on, worded to follow the
    /// name of what gave them (`--libinput`): nil when each is a version number named once.
    public static func problem(with versions: [String]) -> String? {
        if versions == [""] { return " needs a version, like 1.28.1" }
        if versions.contains("") { return ": an empty version between commas" }
        for version in versions where version.wholeMatch(of: /[0-9]+\.[0-9]+(\.[0-9]+)?/) == nil {
            return ": '\(version)' is not a version number, like 1.28.1"
        }
        for (i, version) in versions.enumerated() where versions[..<i].contains(version) {
            return " names \(version) twice"
        }
        return nil
    }

    /// The versions complete in ``buildArea``, oldest first.
    public static func builtVersions() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: buildArea)) ?? []
        return entries.filter { built($0, in: buildArea) != nil }.sorted { LibinputVersion($0) < LibinputVersion($1) }
    }

    /// The version in the build area, if it is complete: its BUILD-INFO, written last, names this
    /// prefix, and its library is there (without it the loader would find the system's, which
    /// would then run under this version's name).
    static func built(_ version: String, in builds: String) -> LibinputBuild? {
        let prefix = builds + "/" + version
        guard let info = try? String(contentsOfFile: prefix + "/BUILD-INFO", encoding: .utf8),
            info.split(separator: "\n").contains(Substring("prefix=" + prefix)),
            FileManager.default.fileExists(atPath: prefix + "/lib/libinput.so.10")
        else { return nil }
        return LibinputBuild(version: version, libraryDirectory: prefix + "/lib")
    }

    /// The folder of this build's own device quirks (`*.quirks`): where its `LIBINPUT_QUIRKS_DIR`
    /// points, `share/libinput` beside its libraries, or Debian's for the system's libinput.
    public var quirksDirectory: String {
        guard let libraryDirectory else { return "/usr/share/libinput" }
        return (libraryDirectory as NSString).deletingLastPathComponent + "/share/libinput"
    }

    /// Where its tools are (`libinput-quirks`, `libinput-debug-events`…).
    public var libexecDirectory: String {
        guard let libraryDirectory else { return "/usr/libexec/libinput" }
        return (libraryDirectory as NSString).deletingLastPathComponent + "/libexec/libinput"
    }

    /// The environment that makes a program load this build.
    func environment(_ base: [String: String]) -> [String: String] {
        var env = base
        if let libraryDirectory {
            env["LD_LIBRARY_PATH"] = libraryDirectory + (base["LD_LIBRARY_PATH"].map { ":" + $0 } ?? "")
        }
        return env
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
        let configured = (ProcessInfo.processInfo.environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").map(
            String.init)
        let directories =
            configured + [
                "/usr/lib/\(triplet)/pkgconfig", "/usr/lib64/pkgconfig", "/usr/lib/pkgconfig",
                "/usr/local/lib/pkgconfig",
                "/usr/share/pkgconfig",
            ]
        for directory in directories {
            guard let text = try? String(contentsOfFile: directory + "/libinput.pc", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Version:") })
            else { continue }
            let version = line.dropFirst("Version:".count).trimmingCharacters(in: .whitespaces)
            if !version.isEmpty { return version }
        }
        return "system"
    }
}
