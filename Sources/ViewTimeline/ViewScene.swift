import AppEvents
import Recordings

/// What does not change while the view plays: the pad, the screen and what is on it, the lanes.
public struct ViewScene: Equatable, Sendable {
    /// The recording's path, or "live".
    public var title: String
    /// The touchpad's name, and its plane (nil for a device without position axes).
    public var device: String
    public var geometry: TouchpadGeometry?
    /// The app's screen, in points.
    public var screen: Size
    /// The surface's regions, bottom to top.
    public var regions: [Area]
    /// The pointer interactions' regions, named "view/region", with their style's name.
    public var pointerRegions: [Area]
    /// One lane per recognizer, named "region/name", with its kind; each mode has a row of them.
    public var lanes: [Lane]
    /// What differs between the modes over a whole replay, and why, in words (`compare`'s lines
    /// under its table); empty live, where the replay has no end yet.
    public var differences: [String] = []
    /// Why the recognizers that failed and activated in neither mode failed, in words (`compare`'s "why they
    /// failed" lines); empty live.
    public var failures: [String] = []

    /// A named rectangle on the screen.
    public struct Area: Equatable, Sendable {
        public var name: String
        public var frame: Rect
        /// A pointer region's style (`verticalBeam(20) constrained vertical`); nil for a surface region.
        public var style: String?
    }

    /// A recognizer: "region/name" and its kind.
    public struct Lane: Equatable, Sendable {
        public var name: String
        public var kind: String
    }
}
