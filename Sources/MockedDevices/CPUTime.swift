#if canImport(Glibc)
import Glibc
#endif

/// CPU time as `getrusage` and `wait4` report it, user and system apart: a replay's harness
/// spends much of its time in the kernel, writing frames and waiting for the program.
struct CPUTime {
    var user: Double
    var system: Double

    init(_ usage: rusage) {
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        user = seconds(usage.ru_utime)
        system = seconds(usage.ru_stime)
    }

    /// This process's so far.
    static func ofThisProcess() -> CPUTime {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return CPUTime(usage)
    }

    var total: Double { user + system }
}
