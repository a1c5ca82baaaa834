import Foundation
import LibinputDecisions
import Recordings

extension GestureSynthesizer {
    /// The least share of its default lengths a statement is shortened to: below, fingers side
    /// by side would overlap and the moves grow too short for libinput to tell one from another.
    static let leastFit = 0.5
    /// How far a shortened gesture's fingers keep from the pad's edges, mm: about where a
    /// fingertip's centre is when its side reaches the edge.
    static let edgeClearance = 3.0

    /// A statement's contact as made on the pad.
    struct Fit {
        var contact: Contact
        /// What shrank, and why.
        var note: String?
        /// The lengths left out that, even at ``leastFit``, do not keep the contact on the pad.
        var leaving: [GestureScript.Size] = []
    }

    /// The statement's contact. Where the lengths it leaves to their defaults
    /// (``GestureScript/Statement/defaulted``) take its fingers within ``edgeClearance`` of the
    /// pad's edges or into libinput's palm edge zones, they shrink by one share, in whole percent
    /// down to ``leastFit``, until the fingers stay clear; failing that, until they stay on the
    /// pad.
    static func fitted(
        _ statement: GestureScript.Statement, pad: Pad, options: Options, fail: (String) -> RecordingError
    ) throws(RecordingError) -> Fit {
        let action = statement.action
        let whole = try plan(action, pad: pad, options: options, fail: fail)
        let sizes = GestureScript.Size.allCases.filter { statement.defaulted.contains($0) && action.length($0) != nil }
        guard !sizes.isEmpty else { return Fit(contact: whole) }
        func planned(_ percent: Int) throws(RecordingError) -> Contact {
            try plan(action.scaled(Double(percent) / 100, Set(sizes)), pad: pad, options: options, fail: fail)
        }
        for area in [Area.clear(of: pad), Area.whole(pad)] {
            if area.holds(whole) { return Fit(contact: whole) }
            var fits = Int(leastFit * 100), leaves = 100
            guard area.holds(try planned(fits)) else { continue }
            while leaves - fits > 1 {
                let middle = (fits + leaves) / 2
                if area.holds(try planned(middle)) { fits = middle } else { leaves = middle }
            }
            let shrunk = action.scaled(Double(fits) / 100, Set(sizes))
            let lengths = sizes.compactMap { shrunk.length($0) }.map { String(format: "%.1f mm", $0) }
            let one = sizes.count == 1
            let note =
                "the \(action.verb)'s default \(sizes.map(\.rawValue).joined(separator: " and ")) "
                + "shrink\(one ? "s" : "") to \(fits) % (\(lengths.joined(separator: ", "))) to keep its fingers "
                + "\(area.purpose) (lengths given are kept)"
            return Fit(contact: try planned(fits), note: note)
        }
        return Fit(contact: whole, leaving: sizes)
    }

    /// Where a shortened gesture's fingers stay, mm from the pad's centre, +y down.
    struct Area {
        /// The least and the most of each coordinate; on a pad narrower than its clearances, the
        /// least is above the most and the area holds nothing.
        let x: (least: Double, most: Double)
        let y: (least: Double, most: Double)
        /// Where the fingers are kept, for the note.
        let purpose: String

        /// ``edgeClearance`` inside the pad, and outside libinput's palm edge zones.
        static func clear(of pad: Pad) -> Area {
            let (width, height) = pad.size
            let zones = PalmEdgeZones(width: width, height: height, device: pad.device)
            let side = max(edgeClearance, zones.side ?? 0), top = max(edgeClearance, zones.top ?? 0)
            let mm = { (v: Double) in String(format: "%.1f", v) }
            var purpose =
                String(format: "%g mm from the edges of the ", edgeClearance) + "\(mm(width)) × \(mm(height)) mm pad"
            if let sides = zones.side {
                purpose +=
                    " and out of libinput's palm edge zones (\(mm(sides)) mm from each side"
                    + (zones.top.map { ", \(mm($0)) mm from the top" } ?? "")
                    + "; tp_init_palmdetect_edge, src/evdev-mt-touchpad.c"
                    + (pad.quirks.appleTouchpadModel
                        ? ", which from libinput 1.24.0 sets none on an Apple touchpad)" : ")")
            }
            return Area(
                x: (-width / 2 + side, width / 2 - side), y: (-height / 2 + top, height / 2 - edgeClearance),
                purpose: purpose)
        }

        /// The whole pad, but for a rounding error.
        static func whole(_ pad: Pad) -> Area {
            let half = (x: pad.size.width / 2 + 1e-9, y: pad.size.height / 2 + 1e-9)
            return Area(
                x: (-half.x, half.x), y: (-half.y, half.y),
                purpose: String(format: "on the %.1f × %.1f mm pad", pad.size.width, pad.size.height))
        }

        /// The first of the contact's finger positions outside the area.
        func outside(_ contact: Contact) -> GestureScript.Point? {
            let inside = { (p: GestureScript.Point) in
                p.x >= x.least && p.x <= x.most && p.y >= y.least && p.y <= y.most
            }
            for sample in contact.samples {
                if let p = sample.points.first(where: { !inside($0) }) { return p }
            }
            return nil
        }

        func holds(_ contact: Contact) -> Bool { outside(contact) == nil }
    }
}

extension GestureScript.Action {
    /// The action with its lengths among `sizes` multiplied by `share`.
    func scaled(_ share: Double, _ sizes: Set<GestureScript.Size>) -> Self {
        func by(_ size: GestureScript.Size) -> Double { sizes.contains(size) ? share : 1 }
        switch self {
        case .pinch(var p):
            p.separation *= by(.separation)
            return .pinch(p)
        case .translate(let fingers, let travel, let spacing, let at, let duration):
            let d = by(.distance)
            return .translate(
                fingers: fingers, travel: .init(x: travel.x * d, y: travel.y * d), spacing: spacing * by(.spacing),
                at: at, duration: duration)
        case .hold(let fingers, let spacing, let at, let duration):
            return .hold(fingers: fingers, spacing: spacing * by(.spacing), at: at, duration: duration)
        case .tap(let fingers, let spacing, let at, let duration):
            return .tap(fingers: fingers, spacing: spacing * by(.spacing), at: at, duration: duration)
        case .click(let fingers, let spacing, let travel, let at, let duration, let button):
            return .click(
                fingers: fingers, spacing: spacing * by(.spacing), travel: travel, at: at, duration: duration,
                button: button)
        case .rest(let fingers, let spacing, let at):
            return .rest(fingers: fingers, spacing: spacing * by(.spacing), at: at)
        case .lift, .pause, .set:
            return self
        }
    }

    /// The action's length of `size`, mm; nil where it has none (the spacing of one finger).
    func length(_ size: GestureScript.Size) -> Double? {
        switch (self, size) {
        case (.pinch(let p), .separation): return p.separation
        case (.translate(_, let travel, _, _, _), .distance): return hypot(travel.x, travel.y)
        case (.translate(let fingers, _, let spacing, _, _), .spacing),
            (.hold(let fingers, let spacing, _, _), .spacing),
            (.tap(let fingers, let spacing, _, _), .spacing), (.click(let fingers, let spacing, _, _, _, _), .spacing),
            (.rest(let fingers, let spacing, _), .spacing):
            return fingers > 1 ? spacing : nil
        default: return nil
        }
    }
}
