import Foundation

/// The files a command reads, which none of its outputs may be: writing one would destroy it
/// (`replay rec.yml --latency rec.yml`, `synthesize s.txt -o s.txt`). A file is counted as its
/// command checks it (`checkReadable`) or loads it (a surface, a corpus's device file), and an
/// ``OutputFile`` opened within ``keeping(_:)`` refuses any of them, as it refuses the inputs it
/// is given.
public final class CommandInputs: @unchecked Sendable {
    @TaskLocal private static var current: CommandInputs?
    private let lock = NSLock()
    private var paths: Set<String> = []

    private init() {}

    /// Runs `body` counting the files it reads as one command's inputs.
    public static func keeping<T>(_ body: () throws -> T) rethrows -> T {
        try $current.withValue(CommandInputs(), operation: body)
    }

    /// Counts `paths` among the running command's inputs; outside ``keeping(_:)``, nothing.
    public static func count(_ paths: [String]) {
        guard let current else { return }
        current.lock.withLock { current.paths.formUnion(paths) }
    }

    /// The running command's inputs counted so far.
    static var counted: [String] {
        guard let current else { return [] }
        return current.lock.withLock { Array(current.paths) }
    }
}
