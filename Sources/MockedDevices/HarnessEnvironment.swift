import Foundation
import PreloadProtocol
import ReplayChannel

/// What the harness tells the programs it runs through the environment: where the testbed is,
/// which libinput to load, what to preload, and which process they end with.
extension MockedDevice {
    /// The environment a program needs to see the mocked device, on ``libinput``: umockdev's
    /// preload library, after `preload` (touchsynth-preload, for a program that does not link
    /// it in as the libinput side does).
    func environment(preload: String?) -> [String: String] {
        var env = libinput.environment(ProcessInfo.processInfo.environment)
        // A harness run inside another's program (`debug --explain` under `touchsynth mock`) makes
        // a testbed of its own: the outer one's preloads and clock are not its program's.
        let inherited = (env["LD_PRELOAD"] ?? "").split(separator: ":").filter {
            !$0.contains("umockdev-preload") && !$0.contains("touchsynth-preload")
        }
        let existing = inherited.isEmpty ? "" : ":" + inherited.joined(separator: ":")
        for name in env.keys where name.hasPrefix("TOUCHSYNTH_CLOCK_") { env[name] = nil }
        env["LD_PRELOAD"] = (preload.map { $0 + ":" } ?? "") + "libumockdev-preload.so.0" + existing
        // touchsynth-preload links Swift's runtime, whose crash handler would otherwise take the
        // program's faults: a crash must end it as it would end outside the harness.
        if preload != nil && env["SWIFT_BACKTRACE"] == nil { env["SWIFT_BACKTRACE"] = "enable=no" }
        env["UMOCKDEV_DIR"] = root
        env[TOUCHSYNTH_HARNESS_PID_VARIABLE] = String(getpid())
        // The side's own variables, from a harness that runs this one, are not passed on.
        for name in [
            LibinputSideConfiguration.variable, LibinputSideConfiguration.eventsVariable,
            LibinputSideConfiguration.readinessByProgramVariable,
        ] {
            env[name] = nil
        }
        return env
    }
}
