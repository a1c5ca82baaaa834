/// `UIPointerInteraction` on one view: the regions its delegate gives (`regionFor request`) and
/// the style of each (`styleFor region`), as plain values for the translator.
///
/// Regions are in screen points and may reach past the view (padding, WWDC20 10093 "Build for the
/// iPadOS pointer"); TouchSynth takes it that the app makes such padding hit-test to the view, as
/// the talk requires, so a region counts wherever it lies (and a surface's `Region.hitAreas`).
public struct PointerInteraction: Equatable, Sendable {
    /// The view the interaction is attached to: a surface region's name.
    public var view: String
    /// The view's frame: where a content effect's magnetism pulls the pointer.
    public var viewFrame: Rect
    /// The regions, in the order they are tried: the first containing the pointer is its region.
    public var regions: [PointerRegion]
    /// How far, 0…1, a content effect that snaps (``PointerStyle/Effect/snapsToView``: not a
    /// hover) pulls the location the app sees from a padded region's margin towards the view; at
    /// 1 it sits on the view's edge as soon as the pointer enters the padding. At 0, the default,
    /// the app sees the pointer where it is: the talk asks the app to make its padding hit-test
    /// to the view, which it would not need if the location moved. Above 0 is TouchSynth's model
    /// of a location that follows the snap the talk shows.
    public var magnetism: Double

    /// An interaction on `view` at `viewFrame`; with no region given, one covering the view with
    /// the automatic effect, as UIKit's default (WWDC20 10093 "Build for the iPadOS pointer").
    public init(view: String, viewFrame: Rect, regions: [PointerRegion]? = nil, magnetism: Double = 0) {
        self.view = view
        self.viewFrame = viewFrame
        self.regions = regions ?? [PointerRegion(identifier: view, rect: viewFrame, style: .automatic)]
        self.magnetism = magnetism
    }

    /// Where the app sees a pointer whose unconstrained location is `free`, in `region`: held
    /// at the middle of the region on each constrained axis, or pulled towards the view by the
    /// magnetism of a content effect that snaps.
    func location(of free: Point, in region: PointerRegion) -> Point {
        var location = free
        let style = region.style
        if style.constrainedAxes.contains(.vertical) { location.y = region.rect.y + region.rect.height / 2 }
        if style.constrainedAxes.contains(.horizontal) { location.x = region.rect.x + region.rect.width / 2 }
        if style.effect?.snapsToView == true && magnetism > 0 && !viewFrame.contains(free) {
            location = free.adding(viewFrame.nearest(to: free).subtracting(free).scaled(by: min(magnetism, 1)))
        }
        return location
    }
}

/// `UIPointerRegion`: an area of a pointer interaction with its identifier and style.
public struct PointerRegion: Equatable, Sendable {
    /// Names the region in events and reports (`UIPointerRegion.identifier`).
    public var identifier: String
    /// Screen points.
    public var rect: Rect
    /// The style the pointer takes in it.
    public var style: PointerStyle

    /// A region called `identifier` at `rect` with `style`.
    public init(identifier: String, rect: Rect, style: PointerStyle) {
        self.identifier = identifier
        self.rect = rect
        self.style = style
    }
}

extension PointerRegion {
    /// How reports name a region of `view`'s interaction: "view/region", or the region alone
    /// when it is named as its view (a view's only region by default).
    public static func path(_ region: String, in view: String) -> String {
        view == region ? region : "\(view)/\(region)"
    }
}
