import AppEvents

/// Where the app saw the pointer over a stream, cut where the pointer region, its style or the
/// buttons change: what the report's pointer plot draws.
public struct PointerPath: Equatable, Sendable {
    /// A stretch of the path in one pointer region (or none), with or without a button held.
    public struct Segment: Equatable, Sendable {
        /// "view/region", nil outside every pointer region.
        public var region: String?
        /// The style's short name (``PointerStyle/name``), nil outside every pointer region.
        public var style: String?
        /// Whether a button was held (a click or drag) rather than the pointer hovering.
        public var isPressed: Bool
        /// The pointer's locations, in order.
        public var points: [Point]
    }

    /// The path's stretches, in order, each starting where the one before ended.
    public var segments: [Segment] = []

    /// The path of the hover and pointer touches of `events` (simulated touches are not the
    /// pointer). Entering a region starts a segment at the location it reports, joined to the
    /// last; leaving one only ends it, so that contiguous regions hand over with no gap between.
    public init(_ events: [AppEvent]) {
        var region: PointerRegionEvent?
        for event in events {
            switch event.payload {
            case .pointerRegion(let change) where change.phase == .willExit:
                region = nil
            case .pointerRegion(let change):
                region = change
                append(change.location, region: region, isPressed: !event.buttonMask.isEmpty, startsSegment: true)
            case .hover(let touch):
                append(touch.location, region: region, isPressed: false, startsSegment: false)
            case .touches(let touches):
                for touch in touches where !touch.isSimulated {
                    append(
                        touch.location, region: region, isPressed: touch.phase != .ended && touch.phase != .cancelled,
                        startsSegment: false)
                }
            default:
                break
            }
        }
    }

    private mutating func append(_ point: Point, region: PointerRegionEvent?, isPressed: Bool, startsSegment: Bool) {
        let name = region?.regionPath
        let style = region?.style.name
        if !startsSegment, let last = segments.last, last.region == name, last.style == style,
            last.isPressed == isPressed
        {
            segments[segments.count - 1].points.append(point)
            return
        }
        // Each segment starts where the previous one ended, so the path has no gaps.
        let start = segments.last?.points.last.map { [$0] } ?? []
        segments.append(Segment(region: name, style: style, isPressed: isPressed, points: start + [point]))
    }
}
