import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The processes a program started, and theirs: what a terminal's Ctrl-C reaches along with it
/// (its whole foreground process group), which a harness stopping one process must reach itself.
enum ProcessTree {
    /// Every live descendant of `pid`, parents before their children, read from `/proc/*/stat`
    /// (the kernel's `children` lists are not built into every kernel); with `before`, only those
    /// started in a clock tick before it (``now()``): not those a program starts to finish its
    /// work once asked to stop.
    static func descendants(of pid: pid_t, startedBefore before: UInt64? = nil) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [(pid: pid_t, start: UInt64)]] = [:]
        for entry in entries {
            guard let child = pid_t(entry), let stat = stat(of: child) else { continue }
            children[stat.parent, default: []].append((child, stat.start))
        }
        var found: [pid_t] = []
        var next = [pid]
        while let parent = next.popLast() {
            let own = children[parent] ?? []
            found += own.filter { child in before.map { child.start < $0 } ?? true }.map(\.pid)
            next += own.map(\.pid)
        }
        return found
    }

    /// Clock ticks since boot, as `/proc/PID/stat` gives a process's start.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        let hertz = UInt64(max(sysconf(Int32(_SC_CLK_TCK)), 1))
        return UInt64(time.tv_sec) * hertz + UInt64(time.tv_nsec) * hertz / 1_000_000_000
    }

    /// The parent and the start (clock ticks since boot) in `/proc/PID/stat`: its 4th and 22nd
    /// fields, the 2nd and 20th after the command's name in parentheses (a name may hold spaces
    /// and parentheses itself: the last `)` ends it).
    private static func stat(of pid: pid_t) -> (parent: pid_t, start: UInt64)? {
        // Read whatever bytes the command's name holds: a name need not be UTF-8.
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let stat = String(decoding: data, as: UTF8.self)
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let parent = pid_t(fields[1]), let start = UInt64(fields[19]) else { return nil }
        return (parent, start)
    }
}
