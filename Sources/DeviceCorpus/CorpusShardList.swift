import Foundation
import LibinputEventText
import TextTables

/// What `corpus --list` and a shard's run print: the assignment of pairs to shards with each
/// shard's expected time, and the pairs a shard ran.
public enum CorpusShardList {
    /// Each shard's pairs and expected seconds (from `durations`, earlier runs' results; a pair
    /// without one counts as their median), the slowest shard against the mean, then every pair.
    public static func text(
        _ pairs: [CorpusPair], assignment: [CorpusPair: Int], shards: Int, durations: [CorpusResult]
    ) -> String {
        let known = CorpusShard.durations(durations)
        let typical = CorpusShard.typicalDuration(of: pairs, durations: known)
        var count = [Int](repeating: 0, count: shards)
        var seconds = [Double](repeating: 0, count: shards)
        for pair in pairs {
            guard let shard = assignment[pair] else { continue }
            count[shard] += 1
            seconds[shard] += known[pair] ?? typical ?? 0
        }
        var out =
            typical == nil
            ? "no durations: \(pairs.count) pairs, each counting the same\n"
            : "durations of \(pairs.filter { known[$0] != nil }.count) of \(pairs.count) pairs from earlier runs"
                + (pairs.allSatisfy { known[$0] != nil }
                    ? "\n" : "; the rest count as their median, \(String(format: "%.2f", typical ?? 0)) s\n")
        out += rows(
            [["shard", "pairs", "expected replay time"]]
                + (0..<shards).map { s in
                    ["\(s + 1)/\(shards)", "\(count[s])", typical == nil ? "-" : String(format: "%.1f s", seconds[s])]
                })
        if typical != nil, let slowest = seconds.max(), shards > 0 {
            let mean = seconds.reduce(0, +) / Double(shards)
            out += String(
                format: "slowest shard %.1f s, mean %.1f s: %.2f× the mean\n", slowest, mean,
                mean > 0 ? slowest / mean : 1)
        }
        out +=
            "\n"
            + rows(
                [["shard", "device", "gesture", "libinput"]]
                    + pairs.compactMap { pair in
                        assignment[pair].map { ["\($0 + 1)/\(shards)", pair.device, pair.gesture, pair.libinput] }
                    })
        return out
    }

    /// One pair of `corpus --list --json` (`corpusShards`): the shard it goes to and the time
    /// expected of it.
    public struct Line: Encodable {
        /// 1-based, of `shards`.
        public var shard: Int
        public var shards: Int
        public var device: String
        public var gesture: String
        public var libinput: String
        /// Seconds, from earlier runs' results (a pair without one counts as their median); nil
        /// without durations.
        public var expectedSeconds: Double?
    }

    /// ``text(_:assignment:shards:durations:)`` as JSON Lines: the header, then a ``Line`` per
    /// pair assigned a shard.
    public static func jsonLines(
        _ pairs: [CorpusPair], assignment: [CorpusPair: Int], shards: Int, durations: [CorpusResult]
    ) throws -> String {
        let known = CorpusShard.durations(durations)
        let typical = CorpusShard.typicalDuration(of: pairs, durations: known)
        let lines = pairs.compactMap { pair in
            assignment[pair].map {
                Line(
                    shard: $0 + 1, shards: shards, device: pair.device, gesture: pair.gesture, libinput: pair.libinput,
                    expectedSeconds: known[pair] ?? typical)
            }
        }
        return try JSONLines.document("corpusShards", lines).map { $0 + "\n" }.joined()
    }

    /// A shard's run: how many pairs it took, and each one's outcome.
    public static func results(_ results: [CorpusResult], shard: CorpusShard, of total: Int) -> String {
        "shard \(shard): \(results.count) of \(total) pairs\n"
            + rows(
                [["device", "gesture", "libinput", "outcome"]]
                    + results.map { r in
                        [r.pair.device, r.pair.gesture, r.pair.libinput, r.outcome.short]
                    })
    }

    /// `rows` as aligned columns.
    private static func rows(_ rows: [[String]]) -> String { TextTable.lines(rows).map { $0 + "\n" }.joined() }
}
