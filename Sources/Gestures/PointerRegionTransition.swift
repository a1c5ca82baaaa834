import AppEvents

/// The pointer entered or left a pointer region, as a report lists it.
public struct PointerRegionTransition: Codable, Equatable, Sendable {
    /// `willEnter` or `willExit`.
    public var phase: String
    /// Seconds, on the events' clock.
    public var time: Double
    /// The view the pointer interaction is attached to.
    public var view: String
    /// The region's identifier.
    public var region: String
    /// The style in force in the region (``PointerStyle/description``).
    public var style: String
    /// Where the app saw the pointer.
    public var location: Point

    /// The transition `event` reports, at `time`.
    public init(_ event: PointerRegionEvent, at time: Double) {
        phase = event.phase.rawValue
        self.time = time
        view = event.view
        region = event.region
        style = event.style.description
        location = event.location
    }

    /// "view/region" (``PointerRegion/path(_:in:)``).
    public var regionPath: String { PointerRegion.path(region, in: view) }
}
