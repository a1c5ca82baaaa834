import Foundation

/// How app events are shown in tables, snapshots and the view: a short phrase each (JSON: `AppEvent+JSON.swift`).
public enum AppEventFormat {
    static func p(_ point: Point) -> String {
        String(format: "(%.1f,%.1f)", point.x.shown(places: 1), point.y.shown(places: 1))
    }

    /// Whole points: enough to follow a touch by eye in a terminal (JSON keeps every digit).
    static func whole(_ point: Point) -> String {
        String(format: "(%.0f,%.0f)", point.x.shown(places: 0), point.y.shown(places: 0))
    }

    /// Short enough for a terminal column: a touch's type is the mode's (direct in compat,
    /// indirectPointer in indirect), which the table's titles say, so it is left out; `*` marks a
    /// simulated touch.
    public static func short(_ e: AppEvent) -> String {
        var text: String
        switch e.payload {
        case .touches(let touches):
            text =
                "touches "
                + touches.map { t in
                    "\(t.id) \(t.phase.rawValue)\(t.isSimulated ? "*" : "") \(whole(t.location))"
                        + (t.tapCount > 1 ? " tap\(t.tapCount)" : "")
                }.joined(separator: " ")
        case .hover(let t):
            text = "hover \(t.id) \(t.phase.rawValue) \(whole(t.location))"
        case .scroll(let s):
            text =
                "scroll \(s.phase.rawValue) \(s.type.rawValue) Δ\(p(s.delta)) Σ\(p(s.translation))"
                + (s.value120.map { " v120\(p($0))" } ?? "")
        case .transform(let t):
            text = String(
                format: "transform %@ scale %.3f rotation %.1f°", t.phase.rawValue, t.scale,
                (t.rotation * 180 / .pi).shown(places: 1))
        case .systemGesture(let g):
            text =
                "system \(g.kind.rawValue)(\(g.fingers)) \(g.phase.rawValue)"
                + (g.kind == .hold ? "" : " Σ\(p(g.translation))")
                + (g.kind == .pinch ? String(format: " scale %.3f", g.scale) : "")
        case .pointerLock(let locked):
            text = "pointerLock " + (locked ? "locked" : "unlocked")
        case .relativeMotion(let dx, let dy):
            text = String(format: "relative (%.2f,%.2f)", dx.shown(places: 2), dy.shown(places: 2))
        case .pointerRegion(let r):
            text = "\(r.phase.rawValue) \(r.regionPath) \(r.style.name) \(whole(r.location))"
        }
        if !e.buttonMask.isEmpty { text += " [\(e.buttonMask)]" }
        if !e.modifierFlags.isEmpty { text += " {\(e.modifierFlags)}" }
        return text
    }
}
