import AppEvents

/// A ``PointerStyle``: `effect` (a content effect, optionally with a `shape`) or `shape` alone
/// (a shape customization, optionally with `constrainedAxes`).
public struct PointerStyleDescription: Codable, Equatable, Sendable {
    /// A ``PointerStyle/Shape`` by name.
    public enum ShapeName: String, Codable, Sendable, NamedChoice {
        case roundedRect, verticalBeam, horizontalBeam, path
    }

    /// A ``PointerStyle/Axes`` member by name.
    public enum AxisName: String, Codable, Sendable, NamedChoice {
        case horizontal, vertical
    }

    /// A content effect; with it, `shape` is optional and `constrainedAxes` not allowed.
    public var effect: PointerStyle.Effect?
    /// The shape; alone, a shape customization.
    public var shape: ShapeName?
    /// A beam's length, points; default the line's height (vertical) or width (horizontal).
    public var length: Double?
    /// A rounded rectangle's corner radius, points; default 8.
    public var cornerRadius: Double?
    /// A rounded rectangle's `[x, y, width, height]`; default the region's rectangle.
    public var rect: [Double]?
    /// A path's points, `[[x, y], …]`, three to 1,000.
    public var path: [[Double]]?
    /// A shape customization's constrained axes.
    public var constrainedAxes: [AxisName]?

    /// A style; nil leaves each option out.
    public init(
        effect: PointerStyle.Effect? = nil, shape: ShapeName? = nil, length: Double? = nil, cornerRadius: Double? = nil,
        rect: [Double]? = nil, path: [[Double]]? = nil, constrainedAxes: [AxisName]? = nil
    ) {
        self.effect = effect
        self.shape = shape
        self.length = length
        self.cornerRadius = cornerRadius
        self.rect = rect
        self.path = path
        self.constrainedAxes = constrainedAxes
    }

    /// Decodes the options; an effect is one of ``PointerStyle/Effect``'s names, which an
    /// unknown one is refused with.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        effect = try c.decodeIfPresent(EffectName.self, forKey: .effect)?.effect
        shape = try c.decodeIfPresent(ShapeName.self, forKey: .shape)
        length = try c.decodeIfPresent(Double.self, forKey: .length)
        cornerRadius = try c.decodeIfPresent(Double.self, forKey: .cornerRadius)
        rect = try c.decodeIfPresent([Double].self, forKey: .rect)
        path = try c.decodeIfPresent([[Double]].self, forKey: .path)
        constrainedAxes = try c.decodeIfPresent([AxisName].self, forKey: .constrainedAxes)
    }

    /// A ``PointerStyle/Effect`` read by name.
    private struct EffectName: Decodable {
        var effect: PointerStyle.Effect
        init(from decoder: any Decoder) throws {
            effect = try decodeChoice(decoder.singleValueContainer())
        }
    }

    /// Whether the style's shape takes its rectangle from the region: a rounded rect without its own.
    var takesRectFromRegion: Bool { shape == .roundedRect && rect == nil }

    /// The style in a region at `rect`; `invalid` makes the error for a problem.
    func makeStyle(
        for region: Rect,
        invalid: (String) -> SurfaceDescriptionError
    ) throws(SurfaceDescriptionError) -> PointerStyle {
        if effect != nil && constrainedAxes != nil {
            throw invalid("a content effect has no constrainedAxes; use a shape alone")
        }
        if length != nil && shape != .verticalBeam && shape != .horizontalBeam {
            throw invalid("length is for verticalBeam and horizontalBeam")
        }
        if (cornerRadius != nil || rect != nil) && shape != .roundedRect {
            throw invalid("cornerRadius and rect are for roundedRect")
        }
        if path != nil && shape != .path { throw invalid("path is for the path shape") }
        let madeShape: PointerStyle.Shape?
        switch shape {
        case nil:
            madeShape = nil
        case .roundedRect:
            let values = rect ?? [region.x, region.y, region.width, region.height]
            let radius = cornerRadius ?? 8
            guard let shape = Rect(frame: values), radius >= 0, radius.isFinite else {
                throw invalid("roundedRect needs a finite rect with no negative size and a corner radius not negative")
            }
            madeShape = .roundedRect(shape, cornerRadius: radius)
        case .verticalBeam, .horizontalBeam:
            let length = length ?? (shape == .verticalBeam ? region.height : region.width)
            guard length.isFinite, length >= 0 else { throw invalid("a beam's length must be finite and not negative") }
            madeShape = shape == .verticalBeam ? .verticalBeam(length: length) : .horizontalBeam(length: length)
        case .path:
            let points = path ?? []
            guard (3...1000).contains(points.count), points.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) })
            else {
                throw invalid("a path needs three to 1000 [x, y] points, finite")
            }
            madeShape = .path(points.map { Point(x: $0[0], y: $0[1]) })
        }
        if let effect { return .effect(effect, shape: madeShape) }
        guard let madeShape else { throw invalid("give an effect or a shape") }
        var axes: PointerStyle.Axes = []
        for axis in constrainedAxes ?? [] { axes.insert(axis == .vertical ? .vertical : .horizontal) }
        return .shape(madeShape, constrainedAxes: axes)
    }
}
