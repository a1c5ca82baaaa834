extension RandomAccessCollection {
    /// The first index whose element satisfies `isAfter`, in a collection where every element
    /// that does comes after every one that does not (sorted by it): a binary search, for
    /// placing many things among a long recording's frames or sequences.
    public func partitioningIndex(where isAfter: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try isAfter(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }

    /// The last index whose element does not satisfy `isAfter`, ordered as above; nil when every
    /// element does: the last frame or sequence at or before a time.
    public func indexBeforePartition(where isAfter: (Element) throws -> Bool) rethrows -> Index? {
        let after = try partitioningIndex(where: isAfter)
        return after == startIndex ? nil : index(before: after)
    }
}
