import LibinputEvents
import Testing

/// The binary search explain and the view place decisions with.
struct PartitioningIndexTests {
    @Test func theFirstElementPastTheBoundEverywhere() {
        let times = [0, 10, 10, 20, 30]
        for bound in -1...31 {
            #expect(times.partitioningIndex { $0 > bound } == (times.firstIndex { $0 > bound } ?? times.count))
        }
        #expect([Int]().partitioningIndex { $0 > 0 } == 0)
    }

    @Test func theLastElementAtOrBeforeTheBoundEverywhere() {
        let times = [0, 10, 10, 20, 30]
        for bound in -1...31 {
            #expect(times.indexBeforePartition(where: { $0 > bound }) == times.lastIndex(where: { $0 <= bound }))
        }
        #expect([Int]().indexBeforePartition(where: { $0 > 0 }) == nil)
    }
}
