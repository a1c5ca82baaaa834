import Foundation
import Synchronization

/// Testbeds still alive when the process exits are removed then. A command ends its process in
/// the middle of a replay when its output is closed under it (`| head`, a full disk), and a
/// testbed left behind in a memory-backed directory (``TestbedDirectory``) would hold memory
/// until the machine restarts.
enum TestbedsAtExit {
    private static let roots = Mutex<Set<String>>([])
    /// The process that made them: a child forked from it that exits must not take them away.
    private static let owner = getpid()
    private static let registration: Void = {
        _ = owner
        atexit { TestbedsAtExit.removeAll() }
    }()

    /// Removes the tree at `root` at exit, unless ``forget(_:)`` is called first.
    static func remember(_ root: String) {
        _ = registration
        roots.withLock { _ = $0.insert(root) }
    }

    /// The testbed at `root` was removed.
    static func forget(_ root: String) {
        roots.withLock { _ = $0.remove(root) }
    }

    /// At exit: a thread caught making or releasing a testbed at that moment holds the lock, and
    /// waiting for it could hang the exit, so the trees are then left.
    private static func removeAll() {
        guard getpid() == owner, let left = roots.withLockIfAvailable({ $0 }) else { return }
        for root in left { try? FileManager.default.removeItem(atPath: root) }
    }
}
