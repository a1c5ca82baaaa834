import AppEvents

/// Which region an event goes to: the topmost one under a touch where it began, under a
/// transform or scroll at its `began`, under the pointer for a hover.
extension Surface {
    /// The topmost region containing `point`.
    public func hitTest(_ point: Point) -> Region? {
        hitTestIndex(point).map { regions[$0] }
    }

    /// The index of the topmost region containing `point`.
    func hitTestIndex(_ point: Point) -> Int? {
        regions.lastIndex { $0.frame.contains(point) || $0.hitAreas.contains { $0.contains(point) } }
    }

    /// The region index a transform or scroll sequence goes to: hit-tested at its `began` and
    /// latched there until it ends, a sequence that began over no region included (the pointer
    /// moving onto one does not hand it the rest). One whose `began` was not seen is hit-tested
    /// at its first event.
    func latchedRegion(for kind: InputSource, phase: GesturePhase, at location: Point) -> Int? {
        let latched = phase == .began ? nil : (kind == .transform ? latchedTransformRegion : latchedScrollRegion)
        let target = latched.map(\.region) ?? hitTestIndex(location)
        let latch = phase.isFinal ? nil : RegionLatch(region: target)
        if kind == .transform { latchedTransformRegion = latch } else { latchedScrollRegion = latch }
        return target
    }
}

/// Where a transform or scroll sequence was delivered at its `began`: a region's index, or none.
struct RegionLatch {
    var region: Int?
}
