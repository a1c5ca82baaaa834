import CUmockdev
import Glibc

/// Where this process's testbeds are made. umockdev makes each in GLib's temporary directory,
/// `$TMPDIR` or else `/tmp`. A testbed is a few dozen small files that last one replay; on a disk
/// file system creating and removing them was about an eighth of a short replay's time, so
/// when `$TMPDIR` is unset or empty they go to a memory-backed directory: `$XDG_RUNTIME_DIR`
/// (an absolute path), else `/dev/shm`, the first that is tmpfs and writable. Otherwise `/tmp`,
/// as umockdev would. Inside a program another harness runs (`debug --explain` under
/// `touchsynth mock`), whose umockdev preload takes over every path under /dev, none there.
enum TestbedDirectory {
    /// Makes the choice, once a process, before its first testbed, and refuses a directory
    /// testbeds cannot be made in (`TMPDIR` naming none): umockdev would end the process there.
    static func check() throws(HarnessError) {
        _ = chosen
        guard let chosen = g_get_tmp_dir().map({ String(cString: $0) }) else { return }
        var info = stat()
        guard stat(chosen, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, access(chosen, W_OK | X_OK) == 0 else {
            throw HarnessError(
                .system,
                "cannot make the mocked device's files in \(chosen) (TMPDIR): not a directory this user may write")
        }
    }

    /// GLib reads `TMPDIR` once, on its first use, and keeps the answer for the process, so the
    /// variable is set just for that read and then restored: the programs a replay starts see
    /// the environment as it was. The environment is changed while the first testbed is made,
    /// as umockdev's own `UMOCKDEV_DIR` is, so a thread reading it at that moment could see the
    /// change or race with it.
    private static let chosen: Void = {
        let previous = getenv("TMPDIR").map { String(cString: $0) }
        guard previous?.isEmpty ?? true else { return }
        let nested = getenv("UMOCKDEV_DIR") != nil
        let candidates = [getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }, "/dev/shm"].compactMap { $0 }
            .filter { !nested || !$0.hasPrefix("/dev/") }
        guard let directory = candidates.first(where: isWritableMemory) else { return }
        setenv("TMPDIR", directory, 1)
        _ = g_get_tmp_dir()
        if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") }
    }()

    /// Whether `path` is an absolute path to a directory on tmpfs this process may create entries in.
    private static func isWritableMemory(_ path: String) -> Bool {
        var info = statfs()
        let tmpfsMagic = 0x0102_1994
        guard path.hasPrefix("/"), statfs(path, &info) == 0, Int(info.f_type) == tmpfsMagic else { return false }
        return access(path, W_OK | X_OK) == 0
    }
}
