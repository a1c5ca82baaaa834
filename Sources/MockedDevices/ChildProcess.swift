import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The program a replay runs: started with the harness's environment and signals reset, watched,
/// and stopped.
enum ChildProcess {
    /// Starts `command` with `env`, the readiness pipe's write end as descriptor `notifyFD`, and
    /// `standardOutput` (if given) as its stdout.
    static func spawn(_ command: [String], env: [String: String], notifyWrite: Int32, notifyFD: Int32, standardOutput: Int32?) throws(HarnessError) -> pid_t {
        guard let program = command.first else { throw HarnessError(.usage, "no command to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // stdout first: the caller's descriptor may be the number the notify pipe is moved to.
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        posix_spawn_file_actions_adddup2(&actions, notifyWrite, notifyFD)
        let argv = command.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The program starts with no signal blocked and default handlers for the ones it is stopped
        // with, whatever thread spawns it (libdispatch's worker threads block signals).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), stopping = sigset_t()
        sigemptyset(&none)
        sigemptyset(&stopping)
        for signal in [SIGINT, SIGTERM] { sigaddset(&stopping, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &stopping)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            throw HarnessError(rc == ENOENT ? .unavailable : .system, "cannot start \(program): \(String(cString: strerror(rc)))")
        }
        return pid
    }

    /// The exit status if the process has ended (reaping it), else nil.
    static func exited(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let rc = waitpid(pid, &status, WNOHANG)
        guard rc == pid else { return nil }
        return decode(status)
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// SIGINT, then SIGKILL if the program is still running two seconds later.
    static func stop(_ pid: pid_t) -> Int32 {
        if let status = exited(pid) { return status }
        kill(pid, SIGINT)
        let deadline = Clock.now() + 2_000_000_000
        while Clock.now() < deadline {
            if let status = exited(pid) { return status }
            usleep(2000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return decode(status)
    }
}
