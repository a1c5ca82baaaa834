import Foundation

/// What the harness and the program it runs tell each other through the environment: where the
/// testbed and the preload libraries are, when the program is ready, how early frames come.
extension MockedDevice {
    /// The environment a program needs to see the mocked device, on ``libinput``.
    public func environment(preload: String) -> [String: String] {
        var env = libinput.environment(ProcessInfo.processInfo.environment)
        let existing = env["LD_PRELOAD"].map { ":" + $0 } ?? ""
        env["LD_PRELOAD"] = "\(preload):libumockdev-preload.so.0\(existing)"
        env["UMOCKDEV_DIR"] = root
        return env
    }

    static let writeAheadVariable = "TOUCHSYNTH_WRITE_AHEAD_US"

    /// How long before their timestamps the harness running this process writes its frames
    /// (``ReplayTiming/writeAhead``), in microseconds; 0 outside the harness, where a device's
    /// frames are readable at their timestamps.
    public static var writeAheadOfThisProcess: Int64 {
        ProcessInfo.processInfo.environment[writeAheadVariable].flatMap { Int64($0) } ?? 0
    }

    /// Tells the harness that the program is ready for the first frame, when it runs under
    /// ``MockedDevice`` with ``Readiness/programSignals``; does nothing otherwise.
    public static func notifyReadyIfAsked() {
        let env = ProcessInfo.processInfo.environment
        guard env["TOUCHSYNTH_NOTIFY_BY_PROGRAM"] == "1", let fd = env["TOUCHSYNTH_NOTIFY_FD"].flatMap(Int32.init) else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
        close(fd)
        unsetenv("TOUCHSYNTH_NOTIFY_FD")
        unsetenv("TOUCHSYNTH_NOTIFY_BY_PROGRAM")
    }

    /// Finds touchsynth-preload.so: `$TOUCHSYNTH_PRELOAD`, else beside the running executable
    /// (tools/build-preload puts it in SwiftPM's bin directory).
    public static func locatePreload() throws(HarnessError) -> String {
        if let path = ProcessInfo.processInfo.environment["TOUCHSYNTH_PRELOAD"], !path.isEmpty {
            guard FileManager.default.fileExists(atPath: path) else {
                throw HarnessError(.unavailable, "TOUCHSYNTH_PRELOAD=\(path) does not exist")
            }
            return path
        }
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = (exe as NSString).deletingLastPathComponent
        // Test bundles live one level deeper than the executables.
        for _ in 0..<3 {
            let candidate = dir + "/touchsynth-preload.so"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir = (dir as NSString).deletingLastPathComponent
        }
        throw HarnessError(.unavailable, "touchsynth-preload.so not found next to \(exe); build it with tools/build-preload or set TOUCHSYNTH_PRELOAD")
    }
}
