import Foundation
import AppEvents

/// How app events are shown: a short phrase for tables, every field for JSON.
enum AppEventFormat {
    static func p(_ point: Point) -> String { String(format: "(%.1f,%.1f)", point.x, point.y) }

    /// Whole points: enough to follow a touch by eye in a terminal (JSON keeps every digit).
    static func whole(_ point: Point) -> String { String(format: "(%.0f,%.0f)", point.x, point.y) }

    /// Short enough for a terminal column: a touch's type is the mode's (direct in compat,
    /// indirectPointer in indirect), so it is left out; `*` marks a simulated touch.
    static func short(_ e: AppEvent) -> String {
        var text: String
        switch e.payload {
        case .touches(let touches):
            text = "touches " + touches.map { t in
                "\(t.id) \(t.phase.rawValue)\(t.isSimulated ? "*" : "") \(whole(t.location))" + (t.tapCount > 1 ? " tap\(t.tapCount)" : "")
            }.joined(separator: " ")
        case .hover(let t):
            text = "hover \(t.id) \(t.phase.rawValue) \(whole(t.location))"
        case .scroll(let s):
            text = "scroll \(s.phase.rawValue) \(s.type.rawValue) Δ\(p(s.delta)) Σ\(p(s.translation))" + (s.value120.map { " v120\(p($0))" } ?? "")
        case .transform(let t):
            text = String(format: "transform %@ scale %.3f rotation %.1f°", t.phase.rawValue, t.scale, t.rotation * 180 / .pi)
        case .systemGesture(let g):
            text = "system \(g.kind.rawValue)(\(g.fingers)) \(g.phase.rawValue)" + (g.kind == .hold ? "" : " Σ\(p(g.translation))")
                + (g.kind == .pinch ? String(format: " scale %.3f", g.scale) : "")
        case .pointerLock(let locked):
            text = "pointerLock " + (locked ? "locked" : "unlocked")
        case .relativeMotion(let dx, let dy):
            text = String(format: "relative (%.2f,%.2f)", dx, dy)
        }
        if !e.buttonMask.isEmpty { text += " [\(e.buttonMask)]" }
        if !e.modifierFlags.isEmpty { text += " {\(e.modifierFlags)}" }
        return text
    }

    static func point(_ point: Point) -> JSON { .array([.number(point.x), .number(point.y)]) }

    static func json(_ e: AppEvent) -> JSON {
        var pairs: [(String, JSON)] = [
            ("type", .string(e.type.rawValue)), ("timestamp", .number(e.timestamp)),
            ("buttonMask", .int(Int64(e.buttonMask.rawValue))), ("modifierFlags", .int(Int64(e.modifierFlags.rawValue))),
        ]
        func touch(_ t: Touch) -> JSON {
            .object([("id", .int(Int64(t.id.rawValue))), ("phase", .string(t.phase.rawValue)), ("touchType", .string(t.type.rawValue)),
                     ("simulated", .bool(t.isSimulated)), ("location", point(t.location)),
                     ("previousLocation", point(t.previousLocation)), ("tapCount", .int(Int64(t.tapCount)))])
        }
        switch e.payload {
        case .touches(let touches):
            pairs.append(("touches", .array(touches.map(touch))))
        case .hover(let t):
            pairs.append(("touches", .array([touch(t)])))
        case .scroll(let s):
            pairs += [("phase", .string(s.phase.rawValue)), ("scrollType", .string(s.type.rawValue)), ("delta", point(s.delta)),
                      ("translation", point(s.translation)), ("value120", s.value120.map(point) ?? .null), ("location", point(s.location))]
        case .transform(let t):
            pairs += [("phase", .string(t.phase.rawValue)), ("scale", .number(t.scale)), ("rotation", .number(t.rotation)), ("location", point(t.location))]
        case .systemGesture(let g):
            pairs += [("kind", .string(g.kind.rawValue)), ("phase", .string(g.phase.rawValue)), ("fingers", .int(Int64(g.fingers))),
                      ("translation", point(g.translation)), ("scale", .number(g.scale))]
        case .pointerLock(let locked):
            pairs.append(("isLocked", .bool(locked)))
        case .relativeMotion(let dx, let dy):
            pairs += [("dx", .number(dx)), ("dy", .number(dy))]
        }
        return .object(pairs)
    }
}
