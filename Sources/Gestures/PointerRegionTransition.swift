import AppEvents

/// The pointer entered or left a pointer region, as a report lists it.
public struct PointerRegionTransition: Encodable, Equatable, Sendable {
    /// `willEnter` or `willExit`.
    public var phase: PointerRegionEvent.Phase
    /// Seconds, on the events' clock.
    public var time: Double
    /// The view the pointer interaction is attached to.
    public var view: String
    /// The region's identifier.
    public var region: String
    /// The style in force in the region.
    public var style: PointerStyle
    /// Where the app saw the pointer.
    public var location: Point

    /// The transition `event` reports, at `time`.
    public init(_ event: PointerRegionEvent, at time: Double) {
        phase = event.phase
        self.time = time
        view = event.view
        region = event.region
        style = event.style
        location = event.location
    }

    /// "view/region" (``PointerRegion/path(_:in:)``).
    public var regionPath: String { PointerRegion.path(region, in: view) }

    private enum CodingKeys: String, CodingKey {
        case phase, time, view, region, style, location
    }

    /// The phase's and the style's names (``PointerStyle/description``), as `compare --json` writes them.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(phase.rawValue, forKey: .phase)
        try c.encode(time, forKey: .time)
        try c.encode(view, forKey: .view)
        try c.encode(region, forKey: .region)
        try c.encode(style.description, forKey: .style)
        try c.encode(location, forKey: .location)
    }
}
