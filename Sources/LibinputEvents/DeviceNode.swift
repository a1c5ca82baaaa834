#if canImport(Glibc)
import Glibc
#endif

/// Input device nodes as a user names them on a command line: `event2` is short for
/// `/dev/input/event2`; any other name is a path, as given.
public enum DeviceNode {
    /// The node's path: `/dev/input/event2` for `event2`, any other name as given.
    public static func path(_ given: String) -> String {
        given.hasPrefix("event") && !given.contains("/") && Int(given.dropFirst(5)) != nil
            ? "/dev/input/" + given : given
    }

    /// The first name among `given` that names the device an earlier one names (`event2` and
    /// `/dev/input/event2`, a link to it, a copy of its node), with that earlier name; nil when
    /// each names a device of its own. Opened twice, a device would give each event twice.
    public static func namedTwice(_ given: [String]) -> (again: String, first: String)? {
        var seen: [String: String] = [:]
        for name in given {
            var status = stat()
            let identity =
                stat(path(name), &status) != 0
                ? path(name)
                : status.st_mode & S_IFMT == S_IFCHR ? "c\(status.st_rdev)" : "\(status.st_dev):\(status.st_ino)"
            if let first = seen[identity] { return (name, first) }
            seen[identity] = name
        }
        return nil
    }

    /// Where udev keeps an input node's database entry (its properties as `E:KEY=VALUE` lines), from
    /// the root: `run/udev/data/c13:MINOR`, 13 being the input core's major number.
    public static func udevDatabaseEntry(minor: UInt64) -> String { "run/udev/data/c13:\(minor)" }

    /// A node's name as given, refusing an empty one (an unset shell variable), which names none.
    public static func named(_ given: String) throws(EmptyName) -> String {
        guard !given.isEmpty else { throw EmptyName() }
        return given
    }

    /// An empty name given for a node.
    public struct EmptyName: Error, CustomStringConvertible {
        public var description: String { "an empty name names no device node" }
    }

    /// What opening an input node that names no device (ENXIO, ENODEV) means: a node a removed
    /// device left, or one made by hand; nil for any other errno.
    public static func noDevice(errno code: Int32) -> String? {
        code == ENXIO || code == ENODEV ? "no device behind this node (one removed, or a node made by hand)" : nil
    }

    /// Why what is at `path` is no input device node, told by what it is: a directory, a file
    /// (a recording given where a device goes is a likely slip), a character device of another
    /// driver; nil for an input node, or for nothing there, which opening it tells.
    public static func notANode(_ path: String) -> (isDirectory: Bool, message: String)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return (true, "\(path): a directory, not an input device node")
        case S_IFCHR:
            // The input core's nodes all have its major number (/dev/null has 1).
            // glibc's `major()`: the number's bits 8-19, then bits 44-63 above them.
            let device = UInt64(status.st_rdev)
            let inputMajor: UInt64 = 13, major = (device >> 8) & 0xfff | (device >> 32) & ~0xfff
            guard major != inputMajor else { return nil }
            return (false, "\(path): a character device of another driver (major \(major)), not an input device node")
        default:
            return (
                false, "\(path): a file, not an input device node (a recording is replayed with `touchsynth replay`)"
            )
        }
    }
}
