/// Durations as a histogram of microseconds (1 µs buckets to 10 ms, then one overflow bucket): a
/// fixed size however many are added. The server's: how long frames waited between being
/// published and being handed to a browser's socket.
public struct SendDelays: Sendable {
    private var buckets = [Int](repeating: 0, count: 10_001)
    /// Delays recorded.
    public private(set) var count = 0
    /// The longest, in microseconds.
    public private(set) var maximum = 0

    public init() {}

    /// Adds one duration.
    public mutating func add(micros: Int) {
        buckets[min(max(micros, 0), buckets.count - 1)] += 1
        count += 1
        maximum = max(maximum, micros)
    }

    /// The delay at or below which `fraction` of them fell, in microseconds (10,000 means "10 ms or more").
    public func percentile(_ fraction: Double) -> Int {
        guard count > 0 else { return 0 }
        let target = Int((Double(count) * fraction).rounded(.up))
        var seen = 0
        for (micros, n) in buckets.enumerated() {
            seen += n
            if seen >= target { return micros }
        }
        return buckets.count - 1
    }
}
