import AppEvents
import Foundation
import Gestures

extension GestureValues.Entry {
    /// The one form people read it in, in tables and reports: `scale 1.500`, `rotation 12.3°`,
    /// `translation (12.0, -3.0)`, `selected rows 2–5`.
    public var text: String {
        let label = name.reduce(into: "") { label, c in label += c.isUppercase ? " " + c.lowercased() : String(c) }
        switch value {
        case .scale(let v): return String(format: "%@ %.3f", label, v)
        case .angle(let v): return String(format: "%@ %.1f°", label, (v * 180 / .pi).shown(places: 1))
        case .vector(let p): return String(format: "%@ (%.1f, %.1f)", label, p.x.shown(places: 1), p.y.shown(places: 1))
        case .rows(let rows):
            return rows.count == 1 ? "\(label) \(rows.lowerBound)" : "\(label) \(rows.lowerBound)–\(rows.upperBound)"
        }
    }
}
