/// `pointerInteraction(_:willEnter:animator:)` and `willExit`: the pointer entered or left a
/// region of a view's pointer interaction (WWDC20 10093 "Build for the iPadOS pointer"). Apps get these as delegate
/// calls, outside `UIEvent`; TouchSynth puts them in the event stream, just before the hover or
/// touch event of the motion that caused them.
public struct PointerRegionEvent: Equatable, Sendable {
    /// Which delegate method.
    public enum Phase: String, Sendable {
        /// `pointerInteraction(_:willEnter:animator:)`: the pointer is entering the region.
        case willEnter
        /// `pointerInteraction(_:willExit:animator:)`: the pointer is leaving it.
        case willExit
    }

    /// Entering or leaving.
    public var phase: Phase
    /// The view the interaction is attached to.
    public var view: String
    /// The region's identifier.
    public var region: String
    /// The region's rectangle, screen points.
    public var rect: Rect
    /// The style in force inside it.
    public var style: PointerStyle
    /// Where the app sees the pointer: for `willEnter`, already held or pulled by the style.
    public var location: Point

    /// The pointer entering or leaving (`phase`) `view`'s region `region` at `rect` with `style`,
    /// the app seeing it at `location`.
    public init(phase: Phase, view: String, region: String, rect: Rect, style: PointerStyle, location: Point) {
        self.phase = phase
        self.view = view
        self.region = region
        self.rect = rect
        self.style = style
        self.location = location
    }

    /// "view/region" (``PointerRegion/path(_:in:)``).
    public var regionPath: String { PointerRegion.path(region, in: view) }
}
