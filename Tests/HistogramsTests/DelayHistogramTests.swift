import Histograms
import XCTest

/// Delay percentiles: exact below the histogram's exact range, and past it within its buckets'
/// width rather than stopped at the range's end.
final class DelayHistogramTests: XCTestCase {
    func testPercentilesAreExactBelowTheRange() {
        var histogram = DelayHistogram()
        for delay in 1...1000 { histogram.add(Int64(delay)) }
        XCTAssertEqual(histogram.percentile(0.5), 500)
        XCTAssertEqual(histogram.percentile(0.99), 990)
        XCTAssertEqual(histogram.percentile(1), 1000)
        XCTAssertEqual(histogram.maximum, 1000)
    }

    /// A p99 of 2 ms, on a histogram exact to 1 ms (100,000 units of 10 ns), is 2 ms less at
    /// most 1.1 %, not 1 ms.
    func testPercentilesPastTheRangeAreWithinABucketsWidth() {
        var histogram = DelayHistogram()
        for delay in 1...99 { histogram.add(Int64(delay)) }
        histogram.add(200_000)
        histogram.add(5_000_000_000)
        let p99 = histogram.percentile(0.99)
        XCTAssertLessThanOrEqual(p99, 200_000)
        XCTAssertGreaterThan(Double(p99), 200_000 * 0.989)
        XCTAssertEqual(histogram.percentile(1), histogram.maximum)
        XCTAssertEqual(histogram.maximum, 5_000_000_000)
        var merged = DelayHistogram()
        merged.merge(histogram)
        XCTAssertEqual(merged.percentile(0.99), p99)
        XCTAssertEqual(merged.count, 101)
    }
}
