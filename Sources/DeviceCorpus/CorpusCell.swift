import LibinputDecisions

/// One device × gesture result.
public struct CorpusCell: Sendable {
    public enum Outcome: Sendable, Hashable {
        case pending
        /// libinput reported the gesture; with its value.
        case reported(String)
        /// libinput reported something else (or nothing).
        case other(String)
        /// The synthesizer refused: the device cannot perform it.
        case notSynthesized(String)
        /// The replay did not finish; its error.
        case replayFailed(String)
    }

    public var gesture: CorpusGesture
    public var outcome: Outcome
    /// Where the two delivery modes differ on the gesture (``CorpusModes``): the recognizers of
    /// the corpus's screen that its touches reach in compatibility mode only, and any that
    /// activated where the other mode's did not match them; empty when the modes agree.
    public var modesDiffer: [String] = []
    /// Where this version's events part from the version's before it, on a gesture whose outcome
    /// differs between them: the libinput changes released between the two that can give the
    /// parting and the later differences, in release order (empty: none known can). Nil where
    /// not compared: the outcomes agree, it is the first version, or a replay failed.
    public var changes: [LibinputChange]?

    /// Whether libinput reported the gesture.
    public var ok: Bool { if case .reported = outcome { return true }; return false }

    /// The outcome in a table's cell.
    public var short: String { outcome.short }
}

extension CorpusCell.Outcome {
    /// Whether `outcomes`, one device's gesture under several libinput versions, are not all the
    /// same: where the table and the JUnit file say the versions differ.
    static func differ(_ outcomes: some Sequence<Self>) -> Bool { Set(outcomes).count > 1 }

    /// The outcome in a table's cell.
    public var short: String {
        switch self {
        case .pending: return "?"
        case .reported(let value): return "yes \(value)"
        case .other(let what): return "no (\(what))"
        case .notSynthesized: return "n/a"
        case .replayFailed(let why): return "replay failed: \(why)"
        }
    }
}

extension [LibinputChange] {
    /// The changes by commit, as a `differs` cell and a JUnit failure name them: `d61d3859,
    /// c3aa00ef`, or `no known change`; a commit that makes several changes is named once.
    var byCommit: String {
        var seen = Set<String>()
        let hashes = map(\.commitHash).filter { seen.insert($0).inserted }
        return hashes.isEmpty ? "no known change" : hashes.joined(separator: ", ")
    }
}
