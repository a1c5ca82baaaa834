import Foundation
import ProcessSignals
import MonotonicClock

#if canImport(Glibc)
import Glibc
#endif

/// The program a replay runs: started with the harness's environment and signals reset, watched,
/// and stopped.
enum ChildProcess {
    /// Starts `command` with `env`, `standardOutput` (if given) as its stdout, and each of
    /// `descriptors` (this process's descriptor by the number the program gets it as), whose
    /// descriptors must not be numbered like any of the targets.
    static func spawn(
        _ command: [String], env: [String: String], descriptors: [Int32: Int32], standardOutput: Int32?
    ) throws(HarnessError) -> pid_t {
        guard let program = command.first else { throw HarnessError(.usage, "no command to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // stdout first: the caller's descriptor may be a number another one is moved to.
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        for (target, source) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        let argv = command.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The program starts with no signal blocked and every signal's default action, whatever
        // thread spawns it (libdispatch's worker threads block signals) and whatever this process
        // ignores (SIGPIPE, which `yes | head` in a mocked shell must die of); but the stop
        // signals this process leaves ignored (`nohup`'s SIGHUP) stay ignored in it too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        for signal in StopSignal.signals where StopSignal.staysIgnored(signal) {
            sigdelset(&all, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            // The kernel says EACCES of a directory given by its path as the program.
            var isDirectory: ObjCBool = false
            let directory =
                rc == EACCES && program.contains("/")
                && FileManager.default.fileExists(atPath: program, isDirectory: &isDirectory) && isDirectory.boolValue
            let reason = directory ? "it is a directory" : String(cString: strerror(rc))
            var error = HarnessError(rc == ENOENT ? .unavailable : .system, "cannot start \(program): \(reason)")
            error.spawnErrno = rc
            throw error
        }
        return pid
    }

    /// How a program ended.
    struct Exit {
        /// Its exit status, or 128 + the signal that killed it.
        var status: Int32
        /// The signal that killed it, if one did.
        var signal: Int32?
        /// CPU time it used, user and system, in seconds.
        var cpuSeconds: Double
        /// Whether it ended after ``stop(_:once:)`` signalled it, not on its own.
        var stopped = false
        /// The seconds ``stop(_:once:)`` gave it after its SIGINT before it killed it (and the
        /// processes it started); nil if it ended otherwise.
        var killedAfterSeconds: Double?
    }

    /// How the process ended (reaping it), or nil while it runs.
    static func exited(_ pid: pid_t) -> Exit? {
        reap(pid, options: WNOHANG)
    }

    private static func reap(_ pid: pid_t, options: Int32) -> Exit? {
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, options, &usage) == pid else { return nil }
        let signal = status & 0x7f
        return Exit(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, signal: signal == 0 ? nil : signal,
            cpuSeconds: CPUTime(usage).total)
    }

    /// SIGINT, then SIGKILL if the program is still running some seconds later. In real time
    /// SIGINT again every 100 ms, for two seconds: a program that sets a flag in its handler and
    /// checks it before it blocks can miss the first one, if it comes between the check and the
    /// wait. On the virtual clock (`once`) the preload's waits take signals atomically, so one is
    /// never missed, and a second would cut short a program's work after the first (`debug
    /// --explain` explaining what it recorded): one SIGINT, and ten seconds to finish.
    ///
    /// A program still running 50 ms after its first SIGINT may be waiting on one it started (a
    /// shell on its command): with `reachingStarted` (a user's program; the libinput side starts
    /// none), the processes it had started when asked get one SIGINT too, as Ctrl-C would reach
    /// them all (not those it starts to finish its work), and the SIGKILL reaches them all, so
    /// that none outlives the replay.
    static func stop(_ pid: pid_t, once: Bool = false, reachingStarted: Bool = false) -> Exit {
        if let exit = exited(pid) { return exit }
        // Read before the SIGINT: what the program starts once asked is its own to finish.
        let startedWhenAsked = reachingStarted ? ProcessTree.descendants(of: pid) : []
        let start = MonotonicClock.now()
        let grace: Int64 = once ? 10_000_000_000 : 2_000_000_000
        var nextSignal = start
        var startedSignalled = false
        while MonotonicClock.now() < start + grace {
            if MonotonicClock.now() >= nextSignal {
                kill(pid, SIGINT)
                nextSignal = once ? .max : nextSignal + 100_000_000
            }
            if !startedSignalled && MonotonicClock.now() >= start + 50_000_000 {
                startedSignalled = true
                for started in startedWhenAsked { kill(started, SIGINT) }
            }
            if var exit = exited(pid) {
                exit.stopped = true
                return exit
            }
            // Every replay waits here for its libinput side, which ends about a millisecond after
            // its SIGINT: checked often, so that the wait adds little to that.
            usleep(250)
        }
        let started = ProcessTree.descendants(of: pid)
        kill(pid, SIGKILL)
        for process in started { kill(process, SIGKILL) }
        var exit = Exit(status: 128 + SIGKILL, signal: SIGKILL, cpuSeconds: 0)
        while true {
            if let reaped = reap(pid, options: 0) {
                exit = reaped
                break
            }
            guard errno == EINTR else { break }
        }
        exit.stopped = true
        // One that ended by itself as the SIGKILL went out was not killed.
        if exit.signal == SIGKILL { exit.killedAfterSeconds = Double(grace) / 1e9 }
        return exit
    }
}
