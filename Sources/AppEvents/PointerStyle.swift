/// `UIPointerStyle`: how the pointer looks and moves over a region (WWDC20 10093 "Build for the
/// iPadOS pointer"). Either a content effect (the pointer morphs into the view and applies a visual
/// treatment to it) or a shape customization (the pointer takes a shape and, with
/// ``constrainedAxes``, is held on those axes while it stays in the region).
public struct PointerStyle: Equatable, Sendable, CustomStringConvertible {
    /// `UIPointerEffect`: a content effect's visual treatment.
    public enum Effect: String, Codable, Sendable, CaseIterable {
        /// The system picks one from the view's appearance (the default when a delegate gives no style).
        case automatic
        /// The pointer morphs into a rounded rectangle under the view (bar buttons).
        case highlight
        /// The view lifts under a shadow and the pointer fades into it (views with their own shape).
        case lift
        /// The view is tinted, scaled or shadowed under an unchanged pointer.
        case hover

        /// Whether the pointer snaps to the view (WWDC20 10093 "Build for the iPadOS pointer"):
        /// it morphs into the view (highlight) or under it (lift, and the system's pick); a hover
        /// leaves the pointer as it is, so nothing snaps.
        public var snapsToView: Bool { self != .hover }
    }

    /// `UIPointerShape`.
    public enum Shape: Equatable, Sendable, CustomStringConvertible {
        /// A rounded rectangle in screen points.
        case roundedRect(Rect, cornerRadius: Double)
        /// The text beam of a line of `length` points.
        case verticalBeam(length: Double)
        /// The beam of vertical text.
        case horizontalBeam(length: Double)
        /// A custom path, its points in screen coordinates, closed.
        case path([Point])

        /// The case's name, as descriptions write it.
        public var name: String {
            switch self {
            case .roundedRect: "roundedRect"
            case .verticalBeam: "verticalBeam"
            case .horizontalBeam: "horizontalBeam"
            case .path: "path"
            }
        }

        public var description: String {
            switch self {
            case .roundedRect(let rect, let radius): "roundedRect\(rect) r\(radius.rounded2)"
            case .verticalBeam(let length): "verticalBeam(\(length.rounded2))"
            case .horizontalBeam(let length): "horizontalBeam(\(length.rounded2))"
            case .path(let points): "path(\(points.count) points)"
            }
        }
    }

    /// `UIAxis`: the axes a shape customization holds the pointer on.
    public struct Axes: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// Bit 0 horizontal, bit 1 vertical.
        public let rawValue: Int
        /// The axes of `rawValue`'s bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The pointer's x stays put: a rail running up and down.
        public static let horizontal = Axes(rawValue: 1 << 0)
        /// The pointer's y stays put: a rail along a line of text.
        public static let vertical = Axes(rawValue: 1 << 1)

        public var description: String {
            [(Axes.horizontal, "horizontal"), (.vertical, "vertical")].filter { contains($0.0) }.map(\.1).joined(
                separator: "+")
        }
    }

    /// The content effect; nil for a shape customization.
    public let effect: Effect?
    /// The shape the pointer morphs into; nil for a content effect taking the view's own shape.
    public let shape: Shape?
    /// Axes held while the pointer stays in the region; always empty for a content effect.
    public let constrainedAxes: Axes

    /// A content effect, in `shape` or, when nil, the view's own.
    public static func effect(_ effect: Effect, shape: Shape? = nil) -> PointerStyle {
        PointerStyle(effect: effect, shape: shape, constrainedAxes: [])
    }

    /// A shape customization holding the pointer on `constrainedAxes`.
    public static func shape(_ shape: Shape, constrainedAxes: Axes = []) -> PointerStyle {
        PointerStyle(effect: nil, shape: shape, constrainedAxes: constrainedAxes)
    }

    /// What a view gets when its interaction's delegate gives no style (WWDC20 10093 "Build for the iPadOS pointer").
    public static let automatic = PointerStyle.effect(.automatic)

    /// "highlight", "lift roundedRect[…]", "verticalBeam(20) constrained vertical".
    public var description: String {
        var parts: [String] = []
        if let effect { parts.append(effect.rawValue) }
        if let shape { parts.append(shape.description) }
        if !constrainedAxes.isEmpty { parts.append("constrained \(constrainedAxes)") }
        return parts.joined(separator: " ")
    }

    /// Its short name for tables and plots: the effect, else the shape.
    public var name: String { effect?.rawValue ?? shape?.name ?? "" }
}
