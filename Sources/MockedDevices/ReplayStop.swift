import Synchronization

/// A request to end a run early, made by the code its output goes to: a reader that went away
/// (`touchsynth replay … | head`) needs no more. The run stops before its next step, as if the
/// recording had ended there, and its program is stopped with it.
public final class ReplayStop: Sendable {
    private let requested = Atomic<Bool>(false)

    public init() {}

    /// Ends the run before its next step.
    public func request() { requested.store(true, ordering: .relaxed) }

    /// Whether the run was asked to end.
    public var isRequested: Bool { requested.load(ordering: .relaxed) }
}
