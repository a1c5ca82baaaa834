import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The processes a program started, and theirs: what a terminal's Ctrl-C reaches along with it
/// (its whole foreground process group), which a harness stopping one process must reach itself.
enum ProcessTree {
    /// Every live descendant of `pid`, parents before their children, read from `/proc/*/stat`
    /// (the kernel's `children` lists are not built into every kernel).
    static func descendants(of pid: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [pid_t]] = [:]
        for entry in entries {
            guard let child = pid_t(entry), let parent = parent(of: child) else { continue }
            children[parent, default: []].append(child)
        }
        var found: [pid_t] = []
        var next = [pid]
        while let parent = next.popLast() {
            let own = children[parent] ?? []
            found += own
            next += own
        }
        return found
    }

    /// The parent in `/proc/PID/stat`: its 4th field, the 2nd after the command's name in
    /// parentheses (a name may hold spaces and parentheses itself: the last `)` ends it).
    private static func parent(of pid: pid_t) -> pid_t? {
        // Read whatever bytes the command's name holds: a name need not be UTF-8.
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let stat = String(decoding: data, as: UTF8.self)
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
}
