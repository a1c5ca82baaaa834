import Foundation

/// A process's peak resident memory, as the kernel's `VmHWM`: the high-water mark of the
/// memory map it has had since its last exec.
///
/// Not `getrusage`: Linux folds the high-water mark of the map an exec replaces into the new
/// program's `ru_maxrss`, and a `posix_spawn`ed child replaces its parent's map. So a child's
/// `ru_maxrss` is at least its parent's peak at spawn time, and a large parent makes a small
/// child look large.
public enum PeakMemory {
    /// This process's peak, in KiB.
    public static func ofThisProcess() -> Int? { read("/proc/self/status") }

    /// A running process's peak, in KiB; nil once it has exited.
    public static func of(_ pid: pid_t) -> Int? { read("/proc/\(pid)/status") }

    /// The `VmHWM:` line's number, scanned as bytes: a replay reads it while it runs.
    private static func read(_ path: String) -> Int? {
        guard let status = FileManager.default.contents(atPath: path),
            let label = status.firstRange(of: Data("VmHWM:".utf8))
        else { return nil }
        let digits = status[label.upperBound...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            .prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return digits.isEmpty ? nil : Int(String(decoding: digits, as: UTF8.self))
    }
}

/// A program's peak memory, read while it runs at most every 100 ms (a read costs tens of
/// microseconds of the harness's schedule); its last moments (after it is asked to stop) are not
/// seen, as its map is gone once it exits.
struct PeakSampler {
    private let interval: Int64 = 100_000_000
    private var next: Int64 = 0
    /// The highest `VmHWM` read, in KiB.
    private(set) var peak: Int?

    mutating func sample(_ pid: pid_t, now: Int64, force: Bool = false) {
        guard force || now >= next else { return }
        next = now + interval
        if let kib = PeakMemory.of(pid) { peak = max(peak ?? 0, kib) }
    }
}
