import ArgumentParser
import MockedDevices

/// `--libinput VERSION[,VERSION…]`: which libinput a replay's libinput side runs on.
struct LibinputOptions: ParsableArguments {
    @Option(name: .customLong("libinput"), help: ArgumentHelp(
        "The libinput version to replay on (default: the system's). Another version Debian offers is built from its source package "
            + "into .build/libinput the first time (tools/build-libinput; its --list names them).",
        valueName: "version"))
    var list: String?

    /// The versions asked for, in order; empty for the system's.
    var versions: [String] { list.map { $0.split(separator: ",").map { String($0) } } ?? [] }

    /// Checks the versions' form; `several` says whether the command takes more than one.
    func check(several: Bool) throws {
        if list != nil && versions.isEmpty { throw ValidationError("--libinput needs a version, like 1.28.1") }
        for version in versions where version.wholeMatch(of: /[0-9]+\.[0-9]+(\.[0-9]+)?/) == nil {
            throw ValidationError("--libinput: '\(version)' is not a version number, like 1.28.1")
        }
        if !several && versions.count > 1 { throw ValidationError("--libinput takes one version here; compare and corpus take several") }
        if Set(versions).count != versions.count { throw ValidationError("--libinput names a version twice") }
    }

    /// The builds of the versions asked for (the system's when none is), built first when missing.
    func builds() -> [LibinputBuild] {
        guard !versions.isEmpty else { return [.system] }
        return versions.map { version in
            reportingErrors { try LibinputBuild.resolve(version) { writeStderr("touchsynth: " + $0) } }
        }
    }

    /// The one build of a command that takes one version.
    func build() -> LibinputBuild { builds()[0] }

    /// The arguments that ask a child `touchsynth replay` for `build`.
    static func arguments(_ build: LibinputBuild) -> [String] {
        build.libraryDirectory == nil ? [] : ["--libinput", build.version]
    }
}
