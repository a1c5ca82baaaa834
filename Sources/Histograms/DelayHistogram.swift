/// Delays in whole units (microseconds for frame lateness, nanoseconds for translation
/// latency): exact below 100,000 units, counted above; constant memory however long the replay.
public struct DelayHistogram: Sendable {
    private var counts = [Int](repeating: 0, count: 100_001)
    /// Delays counted.
    public private(set) var count = 0
    /// The longest delay.
    public private(set) var maximum: Int64 = 0

    public init() {}

    /// Counts one delay (negative counts as none).
    public mutating func add(_ delay: Int64) {
        counts[Int(min(max(delay, 0), Int64(counts.count - 1)))] += 1
        count += 1
        maximum = max(maximum, delay)
    }

    /// Adds another histogram's delays.
    public mutating func merge(_ other: DelayHistogram) {
        for i in counts.indices { counts[i] += other.counts[i] }
        count += other.count
        maximum = max(maximum, other.maximum)
    }

    /// The delay `fraction` (0...1) of the delays were at or below.
    public func percentile(_ fraction: Double) -> Int64 {
        guard count > 0 else { return 0 }
        let rank = Int((Double(count) * fraction).rounded(.up))
        var seen = 0
        for (micros, n) in counts.enumerated() {
            seen += n
            if seen >= max(rank, 1) { return Int64(micros) }
        }
        return maximum
    }
}
