import Foundation
import LibinputEvents

extension TimeBase {
    /// `1.931s`: ``LibinputEvents/TimeBase/seconds(atTimestamp:)`` to the millisecond, as the
    /// words and the testing kit's failures tell a time the table shows.
    public func text(atTimestamp timestamp: Double) -> String {
        String(format: "%.3fs", seconds(atTimestamp: timestamp))
    }
}
