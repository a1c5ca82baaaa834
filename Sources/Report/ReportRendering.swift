import Foundation
import Gestures
import AppEvents
import LibinputEvents
import ModeComparison
import TextTables

/// The report's plots, each a standalone SVG document, and the page that holds them all.
public enum ReportPlot: String, CaseIterable, Sendable {
    /// Every finger's track on the touchpad, in millimetres.
    case touchpad
    /// Compatibility mode's touches over the screen, in points.
    case screen
    /// Scale over time: libinput, indirect transform, compat recovered.
    case scale
    /// Angle over time, degrees: libinput, indirect transform, compat recovered.
    case angle
    /// Each recognizer's states over time, per mode.
    case recognizers
    /// The pointer's path over the screen with the pointer regions and the style along it.
    case pointer
}

extension ReportData {
    /// One plot as an SVG document.
    public func svg(_ plot: ReportPlot) -> String {
        switch plot {
        case .touchpad: return touchpadSVG()
        case .screen: return screenSVG()
        case .scale:
            return timelineSVG(scaleSeries, title: "Scale over time", yTitle: "scale (× at begin)", plot: .scale)
        case .angle:
            return timelineSVG(
                angleSeries, title: "Angle over time", yTitle: "angle (degrees, clockwise)", plot: .angle)
        case .recognizers: return recognizersSVG()
        case .pointer: return pointerSVG()
        }
    }

    // MARK: Touchpad

    private func touchpadSVG() -> String {
        var svg = SVG()
        let title = "Touchpad: finger tracks"
        guard let geometry else {
            svg.text("\(title): the device has no absolute position axes", x: 10, y: 24, cls: "heading")
            return svg.document(width: 720, height: 40, title: title)
        }
        // The pad keeps its aspect ratio inside at most 640 × 400 pixels.
        let fit = min(640 / max(geometry.width, 1), 400 / max(geometry.height, 1))
        let width = geometry.width * fit, height = geometry.height * fit
        let frame = PlotFrame(
            xDomain: (0, geometry.width), yDomain: (0, geometry.height), left: 64, top: 36, width: width,
            height: height, yDown: true)
        svg.text("\(title) (\(fingerTracks.count) contacts, \(frameCount) frames)", x: 10, y: 20, cls: "heading")
        frame.drawAxes(into: &svg, xTitle: "x (\(geometry.unit.rawValue))", yTitle: "y (\(geometry.unit.rawValue))")
        for (index, track) in fingerTracks.enumerated() {
            drawTrack(
                &svg, track.points.map { (frame.x($0.x), frame.y($0.y)) }, colour: Palette.colour(track.slot),
                dash: nil,
                attributes: [
                    ("class", "finger-track"), ("data-slot", String(track.slot)),
                    ("data-tracking-id", String(track.trackingID)),
                    ("data-index", String(index)),
                ])
        }
        let slots = Array(Set(fingerTracks.map(\.slot))).sorted()
        var legend = slots.map { (label: "slot \($0)", colour: Palette.colour($0), dash: "") }
        legend += [("● start, □ end", "#222", "")]
        drawLegend(&svg, legend, x: 64 + width + 16, y: 44)
        return svg.document(width: 64 + width + 150, height: 36 + height + 48, title: title)
    }

    // MARK: Screen

    /// The screen, points with y down, drawn at most 720 × 450 beside the y axis and below the
    /// heading; `fit` is drawn units per point.
    private func screenFrame() -> (frame: PlotFrame, fit: Double) {
        let fit = min(720 / screen.width, 450 / screen.height)
        return (
            PlotFrame(
                xDomain: (0, screen.width), yDomain: (0, screen.height), left: 64, top: 36,
                width: screen.width * fit, height: screen.height * fit, yDown: true), fit
        )
    }

    private func screenSVG() -> String {
        var svg = SVG()
        let title = "Screen: compatibility mode's touches"
        let (frame, _) = screenFrame()
        let (width, height) = (frame.width, frame.height)
        let simulated = screenTracks.filter(\.isSimulated).count
        svg.text(
            "\(title) (\(simulated) simulated, \(screenTracks.count - simulated) from clicks)", x: 10, y: 20,
            cls: "heading")
        frame.drawAxes(into: &svg, xTitle: "x (points)", yTitle: "y (points)")
        // Simulated touches are not clamped to the screen (their geometry is libinput's); the plot is.
        frame.openClippedGroup(into: &svg, id: "screen-clip")
        for track in screenTracks {
            drawTrack(
                &svg, track.points.map { (frame.x($0.x), frame.y($0.y)) },
                colour: track.isSimulated ? Palette.colour(track.pairIndex) : "#555555",
                dash: track.isSimulated ? nil : "4 3",
                attributes: [
                    ("class", track.isSimulated ? "simulated-track" : "pointer-track"),
                    ("data-touch-id", String(track.id.rawValue)),
                ])
        }
        svg.close("g")
        drawLegend(
            &svg,
            [
                ("simulated touch 1", Palette.colour(0), ""), ("simulated touch 2", Palette.colour(1), ""),
                ("click or drag", "#555555", "4 3"), ("● start, □ end", "#222", ""),
            ], x: 64 + width + 16, y: 44)
        return svg.document(width: 64 + width + 170, height: 36 + height + 48, title: title)
    }

    // MARK: Pointer

    private func pointerSVG() -> String {
        var svg = SVG()
        let title = "Pointer: path and pointer regions"
        let (frame, fit) = screenFrame()
        let (width, height) = (frame.width, frame.height)
        let regionCount = pointerInteractions.reduce(0) { $0 + $1.regions.count }
        let transitions = comparison.pointerRegions?.indirect.count ?? 0
        let counted =
            TextTable.counted(regionCount, "region") + ", "
            + Self.entriesAndExits(transitions)
        svg.text("\(title) (\(counted))", x: 10, y: 20, cls: "heading")
        frame.drawAxes(into: &svg, xTitle: "x (points)", yTitle: "y (points)")
        let styles = Self.styleNames(pointerInteractions, pointerPath)
        func colour(_ style: String?) -> String {
            style.map { Palette.colour(2 + (styles.firstIndex(of: $0) ?? 0)) } ?? "#555555"
        }
        frame.openClippedGroup(into: &svg, id: "pointer-clip")
        for interaction in pointerInteractions {
            for region in interaction.regions {
                let r = region.rect
                let name = PointerRegion.path(region.identifier, in: interaction.view)
                svg.element(
                    "rect",
                    [
                        ("class", "pointer-region"), ("data-region", name), ("data-style", region.style.name),
                        ("x", SVG.n(frame.x(r.x))), ("y", SVG.n(frame.y(r.y))), ("width", SVG.n(r.width * fit)),
                        ("height", SVG.n(r.height * fit)),
                        ("fill", colour(region.style.name)), ("fill-opacity", "0.12"),
                        ("stroke", colour(region.style.name)), ("stroke-width", "1"),
                    ])
                if !region.style.constrainedAxes.isEmpty {
                    // The rail the constrained axes hold the pointer on.
                    let mid = (x: frame.x(r.x + r.width / 2), y: frame.y(r.y + r.height / 2))
                    let vertical = region.style.constrainedAxes.contains(.vertical)
                    svg.element(
                        "line",
                        [
                            ("class", "rail"), ("data-region", name),
                            ("x1", SVG.n(vertical ? frame.x(r.x) : mid.x)),
                            ("y1", SVG.n(vertical ? mid.y : frame.y(r.y))),
                            ("x2", SVG.n(vertical ? frame.x(r.x + r.width) : mid.x)),
                            ("y2", SVG.n(vertical ? mid.y : frame.y(r.y + r.height))),
                            ("stroke", colour(region.style.name)), ("stroke-dasharray", "2 3"),
                        ])
                }
            }
        }
        for (index, segment) in pointerPath.segments.enumerated() {
            svg.polyline(
                segment.points.map { (frame.x($0.x), frame.y($0.y)) }, cls: "pointer-path",
                stroke: colour(segment.style),
                extra: [
                    ("stroke-width", segment.isPressed ? "3.5" : "1.8"), ("data-index", String(index)),
                    ("data-region", segment.region ?? ""), ("data-style", segment.style ?? ""),
                    ("data-pressed", String(segment.isPressed)),
                ]
                    + (segment.isPressed ? [] : [("stroke-dasharray", "5 3")]))
        }
        for (mode, records) in [(DeliveryMode.compatibility, compatRecords), (.indirectInput, indirectRecords)] {
            for record in records {
                for start in record.starts {
                    // Menus as circles, drags as smaller squares (both show where they coincide);
                    // compat hollow, indirect filled.
                    let x = frame.x(start.location.x), y = frame.y(start.location.y)
                    let fill = mode == .indirectInput ? Palette.colour(1) : "white"
                    let attributes = [
                        ("class", "interaction-start"), ("data-recognizer", "\(record.region)/\(record.name)"),
                        ("data-kind", record.kind.rawValue),
                        ("data-mode", mode.rawValue), ("data-input", start.input.rawValue),
                        ("data-time", SVG.n(timeBase.seconds(atTimestamp: start.time))),
                        ("fill", fill), ("stroke", Palette.colour(1)), ("stroke-width", "2"),
                    ]
                    if record.kind == .drag {
                        svg.element(
                            "rect",
                            attributes + [("x", SVG.n(x - 5)), ("y", SVG.n(y - 5)), ("width", "10"), ("height", "10")])
                    } else {
                        svg.element("circle", attributes + [("cx", SVG.n(x)), ("cy", SVG.n(y)), ("r", "10")])
                    }
                }
            }
        }
        svg.close("g")
        var legend = styles.map { (label: $0, colour: colour($0), dash: "") }
        legend += [
            ("no pointer region", "#555555", ""), ("hover (dashed), pressed (thick)", "#222", "5 3"),
            ("○ menu opened, □ drag began", Palette.colour(1), ""),
            ("hollow compat, filled indirect", Palette.colour(1), ""),
        ]
        drawLegend(&svg, legend, x: 64 + width + 16, y: 44)
        return svg.document(width: 64 + width + 260, height: 36 + height + 48, title: title)
    }

    /// Every style name of the regions and the path, in order of first appearance: one colour each.
    private static func styleNames(_ interactions: [PointerInteraction], _ path: PointerPath) -> [String] {
        var names: [String] = []
        for name in interactions.flatMap({ $0.regions.map(\.style.name) }) + path.segments.compactMap(\.style)
        where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    // MARK: Timelines

    private func timelineSVG(_ series: [Series], title: String, yTitle: String, plot: ReportPlot) -> String {
        var svg = SVG()
        let values = series.flatMap { $0.segments.flatMap { $0.map(\.1) } }.filter(\.isFinite)
        let neutral = plot == .scale ? 1.0 : 0.0
        var low = min(values.min() ?? neutral, neutral), high = max(values.max() ?? neutral, neutral)
        let pad = max((high - low) * 0.08, plot == .scale ? 0.05 : 2)
        low -= pad
        high += pad
        let frame = PlotFrame(xDomain: (0, duration), yDomain: (low, high), left: 64, top: 36, width: 720, height: 220)
        svg.text(
            "\(title) (\(series.map { "\($0.name): \($0.pointCount)" }.joined(separator: ", ")) points)", x: 10, y: 20,
            cls: "heading")
        frame.drawAxes(into: &svg, xTitle: "time since the first libinput event (s)", yTitle: yTitle)
        // Drawn so that all three stay visible where they agree: wide and light, then dashed, then thin.
        let styles: [(colour: String, width: String, dash: String)] = [
            ("#9ecae1", "6", ""), ("#D55E00", "2.5", "7 4"), ("#000000", "1.2", ""),
        ]
        for (index, s) in series.enumerated() {
            let style = styles[index % styles.count]
            svg.open("g", [("class", "series"), ("data-series", s.name), ("data-points", String(s.pointCount))])
            for segment in s.segments {
                svg.polyline(
                    segment.map { (frame.x($0.0), frame.y($0.1.isFinite ? $0.1 : neutral)) }, cls: "series-line",
                    stroke: style.colour,
                    extra: [("stroke-width", style.width)]
                        + (style.dash.isEmpty ? [] : [("stroke-dasharray", style.dash)]))
            }
            svg.close("g")
        }
        drawLegend(
            &svg,
            series.enumerated().map { (index, s) in
                (s.name, styles[index % styles.count].colour, styles[index % styles.count].dash)
            },
            x: 64 + 720 + 16, y: 44)
        return svg.document(width: 64 + 720 + 250, height: 36 + 220 + 48, title: title)
    }

    // MARK: Recognizers

    private func recognizersSVG() -> String {
        var svg = SVG()
        let title = "Recognizers: states per mode"
        let rows = comparison.rows
        let laneHeight = 14.0, rowHeight = 2 * laneHeight + 10
        let left = 250.0, width = 640.0, top = 36.0
        let height = max(Double(rows.count) * rowHeight, rowHeight)
        let frame = PlotFrame(
            xDomain: (0, duration), yDomain: (0, height), left: left, top: top, width: width, height: height,
            yDown: true)
        svg.text(title, x: 10, y: 20, cls: "heading")
        frame.drawAxes(into: &svg, xTitle: "time since the first libinput event (s)", yTitle: "", yTicks: false)
        let records = [
            DeliveryMode.compatibility: ComparisonReport.recordsByRecognizer(compatRecords),
            .indirectInput: ComparisonReport.recordsByRecognizer(indirectRecords),
        ]
        for (rowIndex, row) in rows.enumerated() {
            let rowTop = top + Double(rowIndex) * rowHeight + 5
            svg.text(
                row.recognizer, x: left - 62, y: rowTop + laneHeight + 4, anchor: "end", cls: "label recognizer-name")
            for (laneIndex, mode) in DeliveryMode.allCases.enumerated() {
                let laneTop = rowTop + Double(laneIndex) * laneHeight
                let colour = mode == .compatibility ? Palette.colour(0) : Palette.colour(1)
                svg.text(mode.rawValue, x: left - 6, y: laneTop + 10, anchor: "end", cls: "tick")
                svg.open("g", [("class", "lane"), ("data-recognizer", row.recognizer), ("data-mode", mode.rawValue)])
                let transitions = records[mode]?[row.path]?.transitions ?? []
                for mark in Self.marks(transitions, timeBase: timeBase, end: duration) {
                    switch mark {
                    case .bar(let from, let to, let end):
                        let x0 = frame.x(from), x1 = max(frame.x(to), x0 + 2)
                        svg.element(
                            "rect",
                            [
                                ("class", "bar"), ("data-end", end.rawValue), ("x", SVG.n(x0)),
                                ("y", SVG.n(laneTop + 2)),
                                ("width", SVG.n(x1 - x0)),
                                ("height", SVG.n(laneHeight - 4)), ("fill", colour),
                                ("fill-opacity", end == .cancelled ? "0.4" : "0.85"),
                            ])
                    case .recognized(let at):
                        let x = frame.x(at), y = laneTop + laneHeight / 2
                        svg.element(
                            "path",
                            [
                                ("class", "recognized"), ("d", "M\(SVG.n(x)) \(SVG.n(y - 6)) l6 6 l-6 6 l-6 -6 z"),
                                ("fill", colour),
                            ])
                    case .failed(let at):
                        let x = frame.x(at), y = laneTop + laneHeight / 2
                        svg.element(
                            "path",
                            [
                                ("class", "failed"), ("d", "M\(SVG.n(x - 3)) \(SVG.n(y - 3)) l6 6 m0 -6 l-6 6"),
                                ("stroke", "#999999"), ("stroke-width", "1.5"),
                            ])
                    }
                }
                for time in row.accidentalIn == mode ? row.accidentalTimes : [] {
                    let x = frame.x(timeBase.seconds(atTimestamp: time)), y = laneTop + 1
                    svg.element(
                        "path",
                        [
                            ("class", "accidental"), ("d", "M\(SVG.n(x)) \(SVG.n(y)) l-7 -11 l14 0 z"),
                            ("fill", "#E31A1C"),
                            ("stroke", "white"), ("stroke-width", "1"),
                        ])
                }
                svg.close("g")
            }
        }
        drawLegend(
            &svg,
            [
                ("compat: began → ended", Palette.colour(0), ""),
                ("indirect: began → ended", Palette.colour(1), ""),
                ("◆ recognized (discrete)", "#222", ""), ("× failed", "#999999", ""),
                ("▼ accidental activation", "#E31A1C", ""),
            ],
            x: left + width + 16, y: 44)
        return svg.document(width: left + width + 230, height: top + height + 48, title: title)
    }

    private enum Mark {
        case bar(from: Double, to: Double, end: BarEnd)
        case recognized(Double)
        case failed(Double)
    }

    /// How a recognizer's bar ends: as its gesture did, or still going at the recording's end.
    private enum BarEnd: String {
        case ended, cancelled, open
    }

    /// A record's transitions as bars (began … ended/cancelled, or to the end when still going),
    /// recognitions and failures, in seconds since `timeBase`.
    private static func marks(_ transitions: [GestureTransition], timeBase: TimeBase, end: Double) -> [Mark] {
        var marks: [Mark] = []
        var began: Double?
        for transition in transitions {
            let t = timeBase.seconds(atTimestamp: transition.time)
            switch transition.state {
            case .began: began = t
            case .changed: break
            case .ended, .cancelled:
                marks.append(.bar(from: began ?? t, to: t, end: transition.state == .ended ? .ended : .cancelled))
                began = nil
            case .recognized: marks.append(.recognized(t))
            case .failed: marks.append(.failed(t))
            }
        }
        if let began { marks.append(.bar(from: began, to: end, end: .open)) }
        return marks
    }

    /// A group with the track's line (a point per sample), a dot where it starts and a square
    /// where it ends.
    private func drawTrack(
        _ svg: inout SVG, _ points: [(Double, Double)], colour: String, dash: String?, attributes: [(String, String)]
    ) {
        svg.open("g", attributes + [("data-points", String(points.count))])
        svg.polyline(
            points, cls: "track-line", stroke: colour,
            extra: [("stroke-width", "2"), ("stroke-linejoin", "round")]
                + (dash.map { [("stroke-dasharray", $0)] } ?? []))
        if let start = points.first {
            svg.element(
                "circle",
                [("class", "start"), ("cx", SVG.n(start.0)), ("cy", SVG.n(start.1)), ("r", "4"), ("fill", colour)])
        }
        if let end = points.last {
            svg.element(
                "rect",
                [
                    ("class", "end"), ("x", SVG.n(end.0 - 4)), ("y", SVG.n(end.1 - 4)), ("width", "8"), ("height", "8"),
                    ("fill", "white"), ("stroke", colour), ("stroke-width", "2"),
                ])
        }
        svg.close("g")
    }

    private func drawLegend(
        _ svg: inout SVG, _ items: [(label: String, colour: String, dash: String)], x: Double, y: Double
    ) {
        svg.open("g", [("class", "legend")])
        for (index, item) in items.enumerated() {
            let rowY = y + Double(index) * 18
            svg.element(
                "line",
                [
                    ("x1", SVG.n(x)), ("y1", SVG.n(rowY)), ("x2", SVG.n(x + 22)), ("y2", SVG.n(rowY)),
                    ("stroke", item.colour),
                    ("stroke-width", "3"),
                ] + (item.dash.isEmpty ? [] : [("stroke-dasharray", item.dash)]))
            svg.text(item.label, x: x + 28, y: rowY + 4)
        }
        svg.close("g")
    }
}
