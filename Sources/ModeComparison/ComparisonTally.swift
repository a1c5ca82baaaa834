/// What a comparison of recordings found, which decides whether it failed: differences between
/// the modes (or the libinput versions), and invariant violations.
public struct ComparisonTally: Sendable, Equatable {
    /// Differences counted so far: recognizers, or recordings whose versions part.
    public var differences = 0
    /// Invariant violations counted so far (`--check`).
    public var violations = 0

    public init() {}

    /// Whether the comparison failed: a violation found, or, asked (`--fail-on-diff`), a difference.
    public func failed(failOnDiff: Bool) -> Bool { violations > 0 || (failOnDiff && differences > 0) }
}
