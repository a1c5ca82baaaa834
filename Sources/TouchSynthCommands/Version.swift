import MockedDevices

/// What `touchsynth --version` prints: the package's version, the libinput it links and the other
/// libinput versions built for replays.
enum Version {
    /// TouchSynth's release. A deprecated option spelling is removed in the release after the one
    /// that deprecated it (docs/cli.md).
    static let package = "0.9.0"

    /// Whether the command line being run has `--version` (``TouchSynth/execute(_:)`` says).
    @TaskLocal static var isAsked = false

    /// ArgumentParser reads the root command's configuration, and so this, to parse any command;
    /// the libinput builds are looked for (a read of the build area) only when `--version` is
    /// among the arguments.
    static var text: String {
        guard isAsked else { return "touchsynth \(package)" }
        let others = LibinputBuild.builtVersions().filter { $0 != LibinputBuild.system.version }
        let built = others.isEmpty ? "" : "; built for replays: " + others.joined(separator: ", ")
        return "touchsynth \(package) (libinput \(LibinputBuild.system.version)\(built))"
    }
}
