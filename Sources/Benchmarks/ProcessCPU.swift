#if canImport(Glibc)
import Glibc
#endif

/// This process's CPU time, user and system apart: a replay's harness spends much of its time in
/// the kernel, writing frames and waiting for the libinput side.
struct ProcessCPU {
    var user: Double
    var system: Double

    static func now() -> ProcessCPU {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return ProcessCPU(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    static func - (a: ProcessCPU, b: ProcessCPU) -> ProcessCPU {
        ProcessCPU(user: a.user - b.user, system: a.system - b.system)
    }
}
