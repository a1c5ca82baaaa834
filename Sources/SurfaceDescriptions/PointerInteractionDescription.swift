import AppEvents
import LibinputEvents

/// A region's `pointerInteraction`: `UIPointerInteraction` on that view (WWDC20 10093 "Build for the iPadOS pointer").
///
/// ```yaml
/// pointerInteraction:
///   style: {effect: highlight}          # for regions without their own; default automatic
///   magnetism: 0                        # 0…1 (default 0), how far an effect but hover pulls from the padding
///   regions:                            # default: one region, the view's frame
///     - {name: back, padding: [8, 4]}   # the view's frame grown by 8 and 4 points
///     - {name: line, rect: [0, 100, 600, 200], rows: 10,
///        style: {shape: verticalBeam, constrainedAxes: [vertical]}}
/// ```
/// A region gives `rect` (screen points) or `padding` (`[dx, dy]` around the view's frame), or
/// neither for the view's frame; `rows: N` cuts it into N contiguous lines, named `name.1`…;
/// a surface has at most ``maximumRegions`` regions.
public struct PointerInteractionDescription: Codable, Equatable, Sendable {
    /// The style of regions that give none.
    public var style: PointerStyleDescription?
    /// 0…1; default 0 (``PointerInteraction/magnetism``).
    public var magnetism: Double?
    /// Tried in order; absent, one region covering the view.
    public var regions: [PointerRegionDescription]?

    /// An interaction with the given default style, magnetism and regions; nil leaves each at its default.
    public init(
        style: PointerStyleDescription? = nil, magnetism: Double? = nil, regions: [PointerRegionDescription]? = nil
    ) {
        self.style = style
        self.magnetism = magnetism
        self.regions = regions
    }

    /// The most pointer regions a surface may have, rows counted one by one: every motion
    /// searches them.
    public static let maximumRegions = 10_000

    /// The interaction on `view` at `frame`; `budget` is how many more regions the surface may
    /// have, and goes down by those made.
    func makeInteraction(
        view: String, frame: Rect,
        budget: inout Int
    ) throws(SurfaceDescriptionError) -> PointerInteraction {
        func invalid(_ index: Int?, _ option: String, _ problem: String) -> SurfaceDescriptionError {
            .invalidPointerInteraction(region: view, pointerRegion: index, option: option, problem: problem)
        }
        let magnetism = magnetism ?? 0
        guard (0...1).contains(magnetism) else { throw invalid(nil, "magnetism", "must lie between 0 and 1") }
        let defaultStyle = style ?? PointerStyleDescription(effect: .automatic)
        // Checked here even when every region has its own, so that a mistake never goes unseen.
        let viewStyle = try defaultStyle.makeStyle(for: frame) { invalid(nil, "style", $0) }
        guard let regions else {
            budget -= 1
            guard budget >= 0 else {
                throw invalid(nil, "regions", "a surface has at most \(Self.maximumRegions) pointer regions")
            }
            return PointerInteraction(
                view: view, viewFrame: frame, regions: [PointerRegion(identifier: view, rect: frame, style: viewStyle)],
                magnetism: magnetism)
        }
        guard !regions.isEmpty else {
            throw invalid(
                nil, "regions",
                "no region leaves the interaction nothing to do; leave regions out for one covering the view")
        }
        var built: [PointerRegion] = []
        var identifiers: Set<String> = []
        for (index, region) in regions.enumerated() {
            let name = region.name ?? (regions.count == 1 ? view : "\(view).\(index + 1)")
            if let problem = OneLineText.breaking(name) {
                throw invalid(index, "name", "\(name.debugDescription) holds \(problem)")
            }
            let rect = try region.rect(around: frame) { invalid(index, $0, $1) }
            let rows = region.rows ?? 1
            guard (1...10_000).contains(rows) else { throw invalid(index, "rows", "must lie between 1 and 10000") }
            budget -= rows
            guard budget >= 0 else {
                throw invalid(index, "rows", "a surface has at most \(Self.maximumRegions) pointer regions")
            }
            let style = region.style ?? defaultStyle
            let height = rect.height / Double(rows)
            // Lines differ only in position: one style serves them all unless it takes its
            // rectangle from the line (a rounded rect without its own).
            var shared: PointerStyle?
            for row in 0..<rows {
                let line = Rect(x: rect.x, y: rect.y + Double(row) * height, width: rect.width, height: height)
                let lineStyle =
                    if let shared { shared } else {
                        try style.makeStyle(for: line) { invalid(region.style == nil ? nil : index, "style", $0) }
                    }
                if !style.takesRectFromRegion { shared = lineStyle }
                let identifier = rows == 1 ? name : "\(name).\(row + 1)"
                guard identifiers.insert(identifier).inserted else {
                    throw invalid(index, "name", "two pointer regions are called \(identifier)")
                }
                built.append(PointerRegion(identifier: identifier, rect: line, style: lineStyle))
            }
        }
        return PointerInteraction(view: view, viewFrame: frame, regions: built, magnetism: magnetism)
    }
}
