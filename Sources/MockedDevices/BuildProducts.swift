import Foundation

/// The files a build puts beside its executables that the harness runs: the libinput side and
/// touchsynth-preload. SwiftPM builds both with any product that replays (the CLI, a test
/// bundle, an app's tests), into the directory of that product.
public enum BuildProducts {
    /// The libinput side of a replay (`touchsynth-libinput`).
    public static func libinputSide() throws(HarnessError) -> String {
        try locate("touchsynth-libinput", variable: "TOUCHSYNTH_LIBINPUT_SIDE_PATH")
    }

    /// touchsynth-preload as a library to preload into programs other than the libinput side
    /// (`touchsynth mock`).
    public static func preload() throws(HarnessError) -> String {
        try locate("libtouchsynth-preload.so", variable: "TOUCHSYNTH_PRELOAD", runs: false)
    }

    /// The directory of the running executable, symbolic links resolved.
    public static var executableDirectory: String {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (exe as NSString).deletingLastPathComponent
    }

    /// The executable file at `relativePath` of the checkout the running executable was built in
    /// (`.build/<triple>/<configuration>` in it, a few levels up); nil outside a checkout.
    public static func inCheckout(_ relativePath: String) -> String? {
        var directory = executableDirectory
        for _ in 0..<6 {
            directory = (directory as NSString).deletingLastPathComponent
            let candidate = directory + "/" + relativePath
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// `name` from `variable` when it is set, else beside the running executable or one or two
    /// levels up (a test bundle on other platforms lies deeper than the executables).
    ///
    /// A program (`runs`) must be one this user can run, and a library a file: said of the path
    /// the variable gives, which a user may have mistyped, rather than left to `exec` or the loader.
    /// A relative path is the current directory's, made whole, as it was checked (spawning would
    /// look a bare name up on PATH).
    public static func locate(_ name: String, variable: String, runs: Bool = true) throws(HarnessError) -> String {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw HarnessError(.unavailable, "\(variable)=\(path) does not exist")
            }
            if isDirectory.boolValue { throw HarnessError(.unavailable, "\(variable)=\(path) is a directory") }
            if runs && !FileManager.default.isExecutableFile(atPath: path) {
                throw HarnessError(.unavailable, "\(variable)=\(path) is not a program this user can run")
            }
            return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        }
        var directory = executableDirectory
        for _ in 0..<3 {
            let candidate = directory + "/" + name
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            directory = (directory as NSString).deletingLastPathComponent
        }
        throw HarnessError(
            .unavailable,
            "\(name) not found next to \(executableDirectory): `swift build` builds it (or set \(variable))")
    }
}
