import AppEvents

/// A region's `pointerInteraction`: `UIPointerInteraction` on that view (seed 000).
///
/// ```yaml
/// pointerInteraction:
///   style: {effect: highlight}          # for regions without their own; default automatic
///   magnetism: 1                        # 0…1, how far a content effect pulls from the padding
///   regions:                            # default: one region, the view's frame
///     - {name: back, padding: [8, 4]}   # the view's frame grown by 8 and 4 points
///     - {name: line, rect: [0, 100, 600, 200], rows: 10,
///        style: {shape: verticalBeam, constrainedAxes: [vertical]}}
/// ```
/// A region gives `rect` (screen points) or `padding` (`[dx, dy]` around the view's frame), or
/// neither for the view's frame; `rows: N` cuts it into N contiguous lines, named `name.1`…;
/// an interaction has at most 10,000 regions.
public struct PointerInteractionDescription: Codable, Equatable, Sendable {
    /// The style of regions that give none.
    public var style: PointerStyleDescription?
    /// 0…1; default 1 (``PointerInteraction/magnetism``).
    public var magnetism: Double?
    /// Tried in order; absent, one region covering the view.
    public var regions: [PointerRegionDescription]?

    public init(style: PointerStyleDescription? = nil, magnetism: Double? = nil, regions: [PointerRegionDescription]? = nil) {
        self.style = style
        self.magnetism = magnetism
        self.regions = regions
    }

    /// The most pointer regions one interaction may have, rows counted one by one.
    static let maximumRegions = 10_000

    func makeInteraction(view: String, frame: Rect) throws -> PointerInteraction {
        func invalid(_ index: Int?, _ option: String, _ problem: String) -> SurfaceDescriptionError {
            .invalidPointerInteraction(region: view, pointerRegion: index, option: option, problem: problem)
        }
        let magnetism = magnetism ?? 1
        guard (0...1).contains(magnetism) else { throw invalid(nil, "magnetism", "must lie between 0 and 1") }
        let defaultStyle = style ?? PointerStyleDescription(effect: .automatic)
        guard let regions else {
            let style = try defaultStyle.makeStyle(for: frame) { invalid(nil, "style", $0) }
            return PointerInteraction(view: view, viewFrame: frame, regions: [PointerRegion(identifier: view, rect: frame, style: style)], magnetism: magnetism)
        }
        var built: [PointerRegion] = []
        var identifiers: Set<String> = []
        for (index, region) in regions.enumerated() {
            let name = region.name ?? (regions.count == 1 ? view : "\(view).\(index + 1)")
            let rect: Rect
            switch (region.rect, region.padding) {
            case (_?, _?):
                throw invalid(index, "padding", "give rect or padding, not both")
            case (let values?, nil):
                guard values.count == 4, values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0 else {
                    throw invalid(index, "rect", "must be [x, y, width, height] with finite values and no negative size")
                }
                rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
            case (nil, let padding?):
                guard padding.count == 2, padding.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                    throw invalid(index, "padding", "must be [dx, dy], finite and not negative")
                }
                rect = Rect(x: frame.x - padding[0], y: frame.y - padding[1], width: frame.width + 2 * padding[0], height: frame.height + 2 * padding[1])
            case (nil, nil):
                rect = frame
            }
            let rows = region.rows ?? 1
            guard (1...10_000).contains(rows) else { throw invalid(index, "rows", "must lie between 1 and 10000") }
            // A bound on what a description can make the translator search at every motion.
            guard built.count + rows <= Self.maximumRegions else {
                throw invalid(index, "rows", "an interaction has at most \(Self.maximumRegions) pointer regions")
            }
            let height = rect.height / Double(rows)
            for row in 0..<rows {
                let line = Rect(x: rect.x, y: rect.y + Double(row) * height, width: rect.width, height: height)
                let style = try (region.style ?? defaultStyle).makeStyle(for: line) { invalid(index, "style", $0) }
                let identifier = rows == 1 ? name : "\(name).\(row + 1)"
                guard identifiers.insert(identifier).inserted else {
                    throw invalid(index, "name", "two pointer regions are called \(identifier)")
                }
                built.append(PointerRegion(identifier: identifier, rect: line, style: style))
            }
        }
        return PointerInteraction(view: view, viewFrame: frame, regions: built, magnetism: magnetism)
    }
}

/// One pointer region of a ``PointerInteractionDescription``.
public struct PointerRegionDescription: Codable, Equatable, Sendable {
    /// Its identifier; default the view's name (a lone region) or `view.N`.
    public var name: String?
    /// `[x, y, width, height]`, screen points.
    public var rect: [Double]?
    /// `[dx, dy]`: the view's frame grown by dx left and right and dy above and below.
    public var padding: [Double]?
    /// Cuts the region into this many contiguous lines of equal height (a text view's lines).
    public var rows: Int?
    /// Default: the interaction's.
    public var style: PointerStyleDescription?

    public init(name: String? = nil, rect: [Double]? = nil, padding: [Double]? = nil, rows: Int? = nil, style: PointerStyleDescription? = nil) {
        self.name = name
        self.rect = rect
        self.padding = padding
        self.rows = rows
        self.style = style
    }
}

/// A ``PointerStyle``: `effect` (a content effect, optionally with a `shape`) or `shape` alone
/// (a shape customization, optionally with `constrainedAxes`).
public struct PointerStyleDescription: Codable, Equatable, Sendable {
    public enum ShapeName: String, Codable, Sendable {
        case roundedRect, verticalBeam, horizontalBeam, path
    }

    public enum AxisName: String, Codable, Sendable {
        case horizontal, vertical
    }

    public var effect: PointerStyle.Effect?
    public var shape: ShapeName?
    /// A beam's length, points; default the line's height (vertical) or width (horizontal).
    public var length: Double?
    /// A rounded rectangle's corner radius, points; default 8.
    public var cornerRadius: Double?
    /// A rounded rectangle's `[x, y, width, height]`; default the region's rectangle.
    public var rect: [Double]?
    /// A path's points, `[[x, y], …]`, at least three.
    public var path: [[Double]]?
    /// A shape customization's constrained axes.
    public var constrainedAxes: [AxisName]?

    public init(effect: PointerStyle.Effect? = nil, shape: ShapeName? = nil, length: Double? = nil, cornerRadius: Double? = nil,
                rect: [Double]? = nil, path: [[Double]]? = nil, constrainedAxes: [AxisName]? = nil) {
        self.effect = effect
        self.shape = shape
        self.length = length
        self.cornerRadius = cornerRadius
        self.rect = rect
        self.path = path
        self.constrainedAxes = constrainedAxes
    }

    /// The style in a region at `rect`; `invalid` makes the error for a problem.
    func makeStyle(for region: Rect, invalid: (String) -> SurfaceDescriptionError) throws -> PointerStyle {
        if effect != nil && constrainedAxes != nil { throw invalid("a content effect has no constrainedAxes; use a shape alone") }
        if length != nil && shape != .verticalBeam && shape != .horizontalBeam { throw invalid("length is for verticalBeam and horizontalBeam") }
        if (cornerRadius != nil || rect != nil) && shape != .roundedRect { throw invalid("cornerRadius and rect are for roundedRect") }
        if path != nil && shape != .path { throw invalid("path is for the path shape") }
        let madeShape: PointerStyle.Shape?
        switch shape {
        case nil:
            madeShape = nil
        case .roundedRect:
            let values = rect ?? [region.x, region.y, region.width, region.height]
            let radius = cornerRadius ?? 8
            guard values.count == 4, values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0, radius >= 0, radius.isFinite else {
                throw invalid("roundedRect needs a finite rect with no negative size and a corner radius not negative")
            }
            madeShape = .roundedRect(Rect(x: values[0], y: values[1], width: values[2], height: values[3]), cornerRadius: radius)
        case .verticalBeam, .horizontalBeam:
            let length = length ?? (shape == .verticalBeam ? region.height : region.width)
            guard length.isFinite, length >= 0 else { throw invalid("a beam's length must be finite and not negative") }
            madeShape = shape == .verticalBeam ? .verticalBeam(length: length) : .horizontalBeam(length: length)
        case .path:
            let points = path ?? []
            guard points.count >= 3, points.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) else {
                throw invalid("a path needs at least three [x, y] points, finite")
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

extension PointerStyle.Effect: Codable {}
