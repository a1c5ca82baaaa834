import AppEvents

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

    /// A region; nil leaves each option at its default.
    public init(
        name: String? = nil, rect: [Double]? = nil, padding: [Double]? = nil, rows: Int? = nil,
        style: PointerStyleDescription? = nil
    ) {
        self.name = name
        self.rect = rect
        self.padding = padding
        self.rows = rows
        self.style = style
    }

    /// Its rectangle: `rect`, the view's `frame` grown by `padding`, or the frame; `invalid`
    /// makes the error for an option and a problem.
    func rect(
        around frame: Rect,
        invalid: (String, String) -> SurfaceDescriptionError
    ) throws(SurfaceDescriptionError) -> Rect {
        switch (rect, padding) {
        case (_?, _?):
            throw invalid("padding", "give rect or padding, not both")
        case (let values?, nil):
            guard let rect = Rect(frame: values) else {
                throw invalid("rect", "must be [x, y, width, height] with finite values and no negative size")
            }
            return rect
        case (nil, let padding?):
            let grown =
                padding.count == 2
                ? Rect(
                    x: frame.x - padding[0], y: frame.y - padding[1],
                    width: frame.width + 2 * padding[0], height: frame.height + 2 * padding[1]) : nil
            guard let grown, padding.allSatisfy({ $0 >= 0 }), grown.isFrame else {
                throw invalid("padding", "must be [dx, dy], not negative, growing the frame to a finite size")
            }
            return grown
        case (nil, nil):
            return frame
        }
    }
}
