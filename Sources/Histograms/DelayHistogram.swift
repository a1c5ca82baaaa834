import Foundation

/// Delays in whole units (microseconds for frame lateness, nanoseconds for translation
/// latency): exact below 100,000 units, and above in buckets a 64th of an octave wide, so that a
/// percentile there is at most 1.1 % below the delays it stands for; constant memory however
/// long the replay.
public struct DelayHistogram: Sendable {
    /// Below this each delay has a bucket of its own.
    private static let exactBelow = 100_000
    private static let bucketsPerOctave = 64
    /// The exact buckets, then enough octaves above them for any Int64.
    private var counts = [Int](repeating: 0, count: exactBelow + bucketsPerOctave * 47)
    /// Delays counted.
    public private(set) var count = 0
    /// The longest delay.
    public private(set) var maximum: Int64 = 0

    public init() {}

    /// Counts one delay (negative counts as none).
    public mutating func add(_ delay: Int64) {
        counts[Self.bucket(of: max(delay, 0))] += 1
        count += 1
        maximum = max(maximum, delay)
    }

    /// Adds another histogram's delays.
    public mutating func merge(_ other: DelayHistogram) {
        for i in counts.indices { counts[i] += other.counts[i] }
        count += other.count
        maximum = max(maximum, other.maximum)
    }

    /// The delay `fraction` (0...1) of the delays were at or below: above the exact range, the
    /// least delay of its bucket, or the longest in the longest's bucket.
    public func percentile(_ fraction: Double) -> Int64 {
        guard count > 0 else { return 0 }
        let rank = Int((Double(count) * fraction).rounded(.up))
        var seen = 0
        for (bucket, n) in counts.enumerated() {
            seen += n
            if seen >= max(rank, 1) { return bucket == Self.bucket(of: maximum) ? maximum : Self.least(of: bucket) }
        }
        return maximum
    }

    private static func bucket(of delay: Int64) -> Int {
        guard delay >= exactBelow else { return Int(delay) }
        return exactBelow + Int(log2(Double(delay) / Double(exactBelow)) * Double(bucketsPerOctave))
    }

    private static func least(of bucket: Int) -> Int64 {
        guard bucket >= exactBelow else { return Int64(bucket) }
        let delay = Double(exactBelow) * exp2(Double(bucket - exactBelow) / Double(bucketsPerOctave))
        return delay >= Double(Int64.max) ? .max : Int64(delay.rounded(.up))
    }
}
