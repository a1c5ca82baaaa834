import Foundation
import MarkupText

/// A little SVG writer: elements as text, attributes escaped, numbers rounded to what a screen
/// can show.
struct SVG {
    private(set) var body = ""

    /// Two decimals: a hundredth of a pixel. Values far off any plot (a surface description may
    /// place a region anywhere) print as they are, and non-finite ones as 0: `Int` would trap.
    static func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        guard abs(value) < 1e15 else { return String(value) }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(MarkupText.escape($0.1))\"" }.joined()
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil) {
        if let text {
            body += "<\(name)\(Self.attributes(attributes))>\(MarkupText.escape(text))</\(name)>\n"
        } else {
            body += "<\(name)\(Self.attributes(attributes))/>\n"
        }
    }

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        body += "<\(name)\(Self.attributes(attributes))>\n"
    }

    mutating func close(_ name: String) {
        body += "</\(name)>\n"
    }

    mutating func text(
        _ string: String, x: Double, y: Double, anchor: String = "start", cls: String = "label",
        extra: [(String, String)] = []
    ) {
        element(
            "text", [("x", Self.n(x)), ("y", Self.n(y)), ("text-anchor", anchor), ("class", cls)] + extra, text: string)
    }

    mutating func polyline(_ points: [(Double, Double)], cls: String, stroke: String, extra: [(String, String)] = []) {
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        element("polyline", [("class", cls), ("points", list), ("fill", "none"), ("stroke", stroke)] + extra)
    }

    /// A whole `<svg>` document of `width` × `height` with this body.
    func document(width: Double, height: Double, title: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Self.n(width)) \(Self.n(height))" \
        width="\(Self.n(width))" height="\(Self.n(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" \
        font-size="12">
        <title>\(MarkupText.escape(title))</title>
        <style>.label{fill:#222}.tick{fill:#444;font-size:11px}.axis{stroke:#222;stroke-width:1}\
        .grid{stroke:#ddd;stroke-width:1}.heading{font-size:14px;font-weight:bold;fill:#111}</style>
        \(body)</svg>
        """
    }
}

/// A linear map from data values to pixels.
struct LinearScale {
    var domain: (Double, Double)
    var range: (Double, Double)

    func callAsFunction(_ value: Double) -> Double {
        let span = domain.1 - domain.0
        guard span != 0 else { return (range.0 + range.1) / 2 }
        return range.0 + (value - domain.0) / span * (range.1 - range.0)
    }

    /// Ticks at 1, 2 or 5 × 10ⁿ, about `count` of them, within the domain.
    func ticks(_ count: Int = 6) -> [Double] {
        let (low, high) = (min(domain.0, domain.1), max(domain.0, domain.1))
        guard high > low, high.isFinite, low.isFinite else { return [low] }
        let rough = (high - low) / Double(max(count, 1))
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        var ticks: [Double] = []
        var value = (low / step).rounded(.up) * step
        while value <= high + step * 1e-9 && ticks.count < 100 {
            ticks.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        return ticks
    }

    /// A tick label with as many decimals as the step needs.
    static func label(_ value: Double, step: Double) -> String {
        let decimals = step >= 1 ? 0 : min(4, Int(ceil(-log10(step))))
        return String(format: "%.\(decimals)f", value)
    }
}

/// A plot area inside an SVG: margins, both scales, axes with ticks, grid and labels.
struct PlotFrame {
    var x: LinearScale
    var y: LinearScale
    var left: Double
    var top: Double
    var width: Double
    var height: Double

    init(
        xDomain: (Double, Double), yDomain: (Double, Double), left: Double, top: Double, width: Double, height: Double,
        yDown: Bool = false
    ) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        x = LinearScale(domain: xDomain, range: (left, left + width))
        y = LinearScale(domain: yDomain, range: yDown ? (top, top + height) : (top + height, top))
    }

    /// Opens a group clipped to the plot area, `id` naming its clip path; close it with
    /// `svg.close("g")`.
    func openClippedGroup(into svg: inout SVG, id: String) {
        svg.open("clipPath", [("id", id)])
        svg.element(
            "rect", [("x", SVG.n(left)), ("y", SVG.n(top)), ("width", SVG.n(width)), ("height", SVG.n(height))])
        svg.close("clipPath")
        svg.open("g", [("clip-path", "url(#\(id))")])
    }

    /// Grid, axis lines, ticks and the axis titles (with units).
    /// `yTicks` false: the y axis holds rows, not values.
    func drawAxes(into svg: inout SVG, xTitle: String, yTitle: String, yTicks showsYTicks: Bool = true) {
        svg.open("g", [("class", "axes")])
        let xTicks = x.ticks(8), yTicks = showsYTicks ? y.ticks(6) : []
        let xStep = xTicks.count > 1 ? xTicks[1] - xTicks[0] : 1
        let yStep = yTicks.count > 1 ? yTicks[1] - yTicks[0] : 1
        for t in xTicks {
            svg.element(
                "line",
                [
                    ("class", "grid"), ("x1", SVG.n(x(t))), ("y1", SVG.n(top)), ("x2", SVG.n(x(t))),
                    ("y2", SVG.n(top + height)),
                ])
            svg.text(LinearScale.label(t, step: xStep), x: x(t), y: top + height + 15, anchor: "middle", cls: "tick")
        }
        for t in yTicks {
            svg.element(
                "line",
                [
                    ("class", "grid"), ("x1", SVG.n(left)), ("y1", SVG.n(y(t))), ("x2", SVG.n(left + width)),
                    ("y2", SVG.n(y(t))),
                ])
            svg.text(LinearScale.label(t, step: yStep), x: left - 6, y: y(t) + 4, anchor: "end", cls: "tick")
        }
        svg.element(
            "rect",
            [
                ("class", "axis"), ("x", SVG.n(left)), ("y", SVG.n(top)), ("width", SVG.n(width)),
                ("height", SVG.n(height)), ("fill", "none"),
            ])
        svg.text(xTitle, x: left + width / 2, y: top + height + 34, anchor: "middle", extra: [("data-axis", "x")])
        svg.text(
            yTitle, x: left - 44, y: top + height / 2, anchor: "middle",
            extra: [("data-axis", "y"), ("transform", "rotate(-90 \(SVG.n(left - 44)) \(SVG.n(top + height / 2)))")])
        svg.close("g")
    }
}

/// Colours told apart by most eyes (Okabe–Ito), then a few more.
enum Palette {
    static let colours = [
        "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000", "#8C564B", "#7F7F7F",
    ]

    static func colour(_ index: Int) -> String { colours[((index % colours.count) + colours.count) % colours.count] }
}
