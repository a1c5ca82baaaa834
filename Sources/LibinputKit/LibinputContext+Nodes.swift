import CLibinput

#if canImport(Glibc)
import Glibc
#endif

/// Input device nodes as a live command names them, and why one cannot be opened.
extension LibinputContext {
    /// Checks the node for the read-write access libinput needs, so that EACCES is a
    /// ``LibinputError/Kind/permission`` error the program can advise on.
    /// `access()` rather than a trial open: opening an input device is not free of side effects.
    public static func checkReadable(_ path: String) throws(LibinputError) {
        if access(path, R_OK | W_OK) == 0 { return }
        switch errno {
        case EACCES, EPERM: throw LibinputError.permission(path)
        case ENOENT: throw LibinputError(.missingFile, "\(path): no such device")
        default: throw LibinputError(.system, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// For a udev context that found nothing: explains unreadable `/dev/input` nodes.
    public static func diagnoseNoDevices() -> LibinputError {
        let nodes = eventNodeNames().sorted()
        if nodes.isEmpty {
            return LibinputError(
                .unavailable,
                "no input devices: /dev/input has no event nodes (a container or VM without input devices?)")
        }
        for node in nodes {
            do { try checkReadable("/dev/input/" + node) } catch { return error }
        }
        return LibinputError(.unavailable, "libinput found no usable input device on this seat")
    }

    /// Whether `/dev/input` holds any event node, readable or not.
    public static var hasEventNodes: Bool { !eventNodeNames().isEmpty }

    /// The `event*` names in `/dev/input`, none if it cannot be read.
    private static func eventNodeNames() -> [String] {
        guard let directory = opendir("/dev/input") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("event") { names.append(name) }
        }
        return names
    }
}
