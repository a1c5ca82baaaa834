/// Which pointer region the pointer is in, and where the app sees it (docs/pointer-states.md).
///
/// The pointer has an unconstrained location, which libinput's motion moves; the app sees it
/// held or pulled by the style of the region it is in (``PointerInteraction``). The region is the
/// first containing the unconstrained location, trying the topmost view's interaction first.
/// Leaving a region for another on one motion is a `willExit` then a `willEnter`, on the same
/// event, so contiguous regions hand over with no gap; a region is never entered twice without
/// an exit. A hidden pointer (locked, its last device gone) is in no region.
struct PointerRegionTracker {
    /// Bottom to top.
    let interactions: [PointerInteraction]
    /// The interaction and region index the pointer is in.
    private(set) var current: (interaction: Int, region: Int)?

    init(interactions: [PointerInteraction]) {
        self.interactions = interactions
    }

    /// Follows the pointer to the unconstrained location `free`; `visible` false hides it.
    /// Returns the region left and the region entered, if any (in that order), and where the
    /// app sees the pointer. No array: a motion allocates nothing, even one that changes region.
    mutating func follow(
        to free: Point, visible: Bool, screen: (Point) -> Point
    )
        -> (exit: PointerRegionEvent?, enter: PointerRegionEvent?, location: Point)
    {
        let hit = visible ? hitTest(free) : nil
        guard let hit else {
            return (exit(at: free), nil, free)
        }
        let interaction = interactions[hit.interaction]
        let region = interaction.regions[hit.region]
        let location = screen(interaction.location(of: free, in: region))
        if let current, current == hit { return (nil, nil, location) }
        let left = exit(at: location)
        current = hit
        return (left, event(.willEnter, in: hit, at: location), location)
    }

    /// The pointer is hidden: the region it was in, if any, is left.
    mutating func exit(at location: Point) -> PointerRegionEvent? {
        guard let current else { return nil }
        self.current = nil
        return event(.willExit, in: current, at: location)
    }

    private func event(
        _ phase: PointerRegionEvent.Phase, in index: (interaction: Int, region: Int), at location: Point
    ) -> PointerRegionEvent {
        let (i, r) = index
        let region = interactions[i].regions[r]
        return PointerRegionEvent(
            phase: phase, view: interactions[i].view, region: region.identifier,
            rect: region.rect, style: region.style, location: location)
    }

    private func hitTest(_ point: Point) -> (interaction: Int, region: Int)? {
        for i in interactions.indices.reversed() {
            if let r = interactions[i].regions.firstIndex(where: { $0.rect.contains(point) }) { return (i, r) }
        }
        return nil
    }
}
