/// A part of a corpus's work, `index` of `count` (1-based, as Playwright's `--shard=2/8`), for
/// spreading a corpus over a CI job matrix; ``assign(_:shards:durations:)`` decides which pairs
/// each part runs.
public struct CorpusShard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 10_000, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// What a shard is, in words, for a message about one that is not.
    public static let rule = "a shard is I/N, with N from 1 to 10000 and I from 1 to N"

    /// The shard `text` names (`--shard`'s value), or an error saying what a shard is.
    public static func parsing(_ text: String) throws(CorpusError) -> CorpusShard {
        guard let shard = CorpusShard(text) else { throw CorpusError(rule) }
        return shard
    }

    /// `I/N`, as `--shard` takes it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Where a shard given by the environment came from, for the line that says so.
    public struct FromEnvironment: Sendable, Equatable {
        public var shard: CorpusShard
        /// The variables read: `TEST_SHARD_INDEX/TEST_TOTAL_SHARDS` or `CI_NODE_INDEX/CI_NODE_TOTAL`.
        public var variables: String
        /// Bazel's `TEST_SHARD_STATUS_FILE`: a file to touch, saying the test runner shards.
        public var statusFile: String?
    }

    /// The shard a CI job matrix gives: Bazel's and GoogleTest's `TEST_SHARD_INDEX` (from 0) and
    /// `TEST_TOTAL_SHARDS`, else GitLab's `CI_NODE_INDEX` (from 1) and `CI_NODE_TOTAL`; nil when
    /// neither pair is set. A pair set to values that name no shard is an error naming them.
    public static func fromEnvironment(_ environment: [String: String]) throws(CorpusError) -> FromEnvironment? {
        // A variable set empty is unset, as a CI's template leaves one; one of a pair alone is a mistake.
        let environment = environment.filter { !$0.value.isEmpty }
        for (index, total) in [("TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"), ("CI_NODE_INDEX", "CI_NODE_TOTAL")] {
            if let given = [index, total].first(where: { environment[$0] != nil }),
                let missing = [index, total].first(where: { environment[$0] == nil })
            {
                throw CorpusError("\(given) is set without \(missing): a shard takes both, or neither")
            }
        }
        if let total = environment["TEST_TOTAL_SHARDS"], let index = environment["TEST_SHARD_INDEX"] {
            guard let n = Int(total), let i = Int(index), let shard = CorpusShard(index: i + 1, count: n) else {
                throw CorpusError(
                    "TEST_SHARD_INDEX=\(index) TEST_TOTAL_SHARDS=\(total) name no shard (the index counts from 0)")
            }
            return FromEnvironment(
                shard: shard, variables: "TEST_SHARD_INDEX/TEST_TOTAL_SHARDS",
                statusFile: environment["TEST_SHARD_STATUS_FILE"])
        }
        if let total = environment["CI_NODE_TOTAL"], let index = environment["CI_NODE_INDEX"] {
            guard let n = Int(total), let i = Int(index), let shard = CorpusShard(index: i, count: n) else {
                throw CorpusError(
                    "CI_NODE_INDEX=\(index) CI_NODE_TOTAL=\(total) name no shard (the index counts from 1)")
            }
            return FromEnvironment(shard: shard, variables: "CI_NODE_INDEX/CI_NODE_TOTAL", statusFile: nil)
        }
        return nil
    }

    /// Every pair's shard (0-based), balanced: a device's gesture on every version goes to one
    /// shard, which compares the versions (``CorpusCell/changes``); longest first, each onto the
    /// shard with the least work so far (ties to the lower shard). A pair's length is its duration
    /// in `durations` (from an earlier run's result files); a pair not there counts as the median
    /// of those that are, and with no durations at all every pair counts the same. Ties in length
    /// go by the least content hash of a group's pairs, then by device and gesture, so the
    /// assignment is the same on every machine and run.
    public static func assign(
        _ pairs: [(pair: CorpusPair, hash: UInt64)], shards: Int,
        durations: [CorpusPair: Double] = [:]
    ) -> [CorpusPair: Int] {
        let typical = typicalDuration(of: pairs.map(\.pair), durations: durations) ?? 1
        let versionsTogether = Dictionary(grouping: pairs) {
            CorpusPair(device: $0.pair.device, gesture: $0.pair.gesture, libinput: "")
        }
        let order = versionsTogether.map {
            key, group -> (key: CorpusPair, pairs: [CorpusPair], hash: UInt64, length: Double) in
            let length = group.reduce(0.0) { sum, item in sum + (durations[item.pair] ?? typical) }
            return (key, group.map(\.pair), group.map(\.hash).min() ?? 0, length)
        }
        .sorted {
            if $0.length != $1.length { return $0.length > $1.length }
            if $0.hash != $1.hash { return $0.hash < $1.hash }
            return ($0.key.device, $0.key.gesture) < ($1.key.device, $1.key.gesture)
        }
        var load = [Double](repeating: 0, count: shards)
        var assignment: [CorpusPair: Int] = [:]
        for item in order {
            let shard = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 } ?? 0
            load[shard] += item.length
            for pair in item.pairs { assignment[pair] = shard }
        }
        return assignment
    }

    /// The median duration of those of `pairs` that `durations` has: what a pair without one
    /// counts as; nil when none has one.
    public static func typicalDuration(of pairs: [CorpusPair], durations: [CorpusPair: Double]) -> Double? {
        let known = pairs.compactMap { durations[$0] }.sorted()
        return known.isEmpty ? nil : known[known.count / 2]
    }

    /// Earlier runs' results as each pair's duration (the longest, for a pair given twice).
    public static func durations(_ results: [CorpusResult]) -> [CorpusPair: Double] {
        Dictionary(results.map { ($0.pair, $0.seconds) }, uniquingKeysWith: max)
    }
}

/// A corpus that cannot be sharded, merged or read back as asked: one line for the user.
public struct CorpusError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// Whether the input given is at fault (a missing shard, a file that is not a result file),
    /// rather than how the command was called.
    public var isBadData: Bool

    public init(_ message: String, badData: Bool = false) {
        self.message = message
        isBadData = badData
    }

    public var description: String { message }
}
