import Foundation
import Recordings

/// Reads one statement's `key=value` arguments, checking each against what the verb accepts.
struct ArgumentReader {
    let file: String
    let line: Int
    let verb: String
    var values: [String: String] = [:]
    var positional: [String] = []
    /// Keys given by position (`pause 200ms`), which a message quotes as written.
    var byPosition: Set<String> = []
    /// The first key given twice: which one was meant is not for the reader to guess.
    var repeated: String?
    /// The first word whose `=` has no key before it (`scale = 2` is three words).
    var unkeyed: String?
    /// The sizes read by their defaults.
    var defaulted: Set<GestureScript.Size> = []

    init(file: String, line: Int, verb: String, words: [String]) {
        self.file = file
        self.line = line
        self.verb = verb
        for word in words {
            if let eq = word.firstIndex(of: "=") {
                let key = String(word[..<eq]).lowercased()
                if key.isEmpty { unkeyed = unkeyed ?? word }
                if !key.isEmpty, values[key] != nil, repeated == nil { repeated = key }
                values[key] = String(word[word.index(after: eq)...])
            } else {
                positional.append(word)
            }
        }
    }

    func fail(_ message: String) -> RecordingError { RecordingError(.badData, file: file, line: line, message) }

    mutating func action() throws(RecordingError) -> GestureScript.Action {
        if let repeated { throw fail("\(repeated)= is given twice") }
        if let unkeyed { throw fail("\"\(unkeyed)\" has no key before the =: write key=value with no spaces") }
        let action: GestureScript.Action
        switch verb.lowercased() {
        case "pinch", "rotate":
            try allow(["fingers", "scale", "angle", "separation", "axis", "dx", "dy", "at", "duration"])
            var p = GestureScript.Pinch()
            let rotate = verb.lowercased() == "rotate"
            p.fingers = try count("fingers", default: 2, range: 2...5)
            p.scale = try scale("scale", default: rotate ? 1 : 2)
            p.angle = try angle("angle", default: rotate ? 90 : 0)
            p.separation = try size(.separation, "separation", default: 30)
            // Three fingers or more: a thumb below the others, as a hand pinches, not one finger
            // beside two that libinput would follow moving the same way (a swipe).
            p.axis = try angle("axis", default: p.fingers > 2 ? 90 : 0)
            p.travel = GestureScript.Point(x: try length("dx", default: 0), y: try length("dy", default: 0))
            p.at = try position()
            p.duration = try time("duration", default: 0.5)
            // As a swipe of no distance is: what libinput would make of it is a hold.
            if p.scale == 1 && p.angle == 0 {
                throw fail("a \(verb) with scale=1 and angle=0 neither spreads nor turns: hold rests fingers still")
            }
            // Each finger moves half the separation's change, and along its arc: under a
            // hundredth of a millimetre both ways, as short a length is refused, it moves none.
            let spread = abs(p.scale - 1) * p.separation / 2, turn = abs(p.angle) * p.separation / 2
            if max(spread, turn) < 0.01 {
                throw fail(
                    "a \(verb) whose fingers move under a hundredth of a millimetre, less than a touchpad's unit: "
                        + "it neither spreads nor turns (hold rests fingers still)")
            }
            action = .pinch(p)
        case "swipe":
            try allow(["fingers", "direction", "distance", "spacing", "at", "duration"])
            let fingers = try count("fingers", default: 3, range: 1...5)
            let direction = try self.direction()
            let distance = try size(.distance, "distance", default: 40)
            action = .translate(
                fingers: fingers,
                travel: GestureScript.Point(x: distance * cos(direction), y: distance * sin(direction)),
                spacing: try spacing(), at: try position(),
                duration: try time("duration", default: 0.3))
        case "scroll", "move":
            try allow(["fingers", "dx", "dy", "spacing", "at", "duration"])
            let scroll = verb.lowercased() == "scroll"
            // One axis given, the other stays still: `scroll dx=30mm` scrolls sideways.
            let given = values["dx"] != nil || values["dy"] != nil
            if !given { defaulted.insert(.distance) }
            let travel = GestureScript.Point(
                x: try length("dx", default: given || scroll ? 0 : 20),
                y: try length("dy", default: given || !scroll ? 0 : 30))
            if travel.x == 0 && travel.y == 0 {
                throw fail("a \(verb) with dx=0 and dy=0 goes nowhere: hold rests fingers still")
            }
            action = .translate(
                fingers: try count("fingers", default: scroll ? 2 : 1, range: 1...5), travel: travel,
                spacing: try spacing(), at: try position(), duration: try time("duration", default: scroll ? 0.5 : 0.3))
        case "hold":
            try allow(["fingers", "spacing", "at", "duration"])
            action = .hold(
                fingers: try count("fingers", default: 2, range: 1...5), spacing: try spacing(), at: try position(),
                duration: try time("duration", default: 0.6))
        case "tap":
            try allow(["fingers", "spacing", "at", "duration"])
            action = .tap(
                fingers: try count("fingers", default: 1, range: 1...5), spacing: try spacing(), at: try position(),
                duration: try time("duration", default: 0.06))
        case "click":
            try allow(["fingers", "spacing", "dx", "dy", "at", "duration", "button"])
            let button = try clickButton()
            action = .click(
                fingers: try count("fingers", default: 1, range: 1...5), spacing: try spacing(),
                travel: GestureScript.Point(x: try length("dx", default: 0), y: try length("dy", default: 0)),
                at: try position(), duration: try time("duration", default: 0.1), button: button)
        case "rest":
            try allow(["fingers", "spacing", "at"])
            action = .rest(
                fingers: try count("fingers", default: 1, range: 1...5),
                spacing: try spacing(), at: try position())
        case "lift":
            try allow([])
            action = .lift
        case "pause":
            try allow(["duration"])
            if !positional.isEmpty, values["duration"] == nil {
                values["duration"] = positional.removeFirst()
                byPosition.insert("duration")
            }
            guard values["duration"] != nil else { throw fail("pause needs a duration, e.g. \"pause 200ms\"") }
            action = .pause(try time("duration", default: 0))
        case "set":
            try allow(["rate", "jitter", "seed", "gap", "leadin"])
            var settings = GestureScript.Settings()
            if values["rate"] != nil { settings.rate = try rate() }
            if let text = values["jitter"] {
                let jitter = try length("jitter", default: 0, nonNegative: true, floored: false)
                if let problem = GestureSynthesizer.Options.problem(rate: nil, jitter: jitter) {
                    throw fail("jitter=\(text): \(problem)")
                }
                settings.jitter = jitter
            }
            if let seed = values["seed"] {
                guard let s = UInt64(seed) else { throw fail("seed must be a non-negative integer, not \"\(seed)\"") }
                settings.seed = s
            }
            if values["gap"] != nil { settings.gap = try time("gap", default: 0.3, allowZero: true) }
            if let text = values["leadin"] {
                let leadIn = try length("leadin", default: 0, nonNegative: true)
                // The motion before libinput decides (1.5 to 4 mm), made in three frames: past 10 mm
                // it is a gesture of its own.
                guard leadIn <= 10 else { throw fail("leadin=\(text): must be at most 10 mm") }
                settings.leadIn = leadIn
            }
            guard settings != GestureScript.Settings() else {
                throw fail("set needs rate=, jitter=, seed=, gap= or leadin=")
            }
            action = .set(settings)
        default:
            throw fail("unknown gesture \"\(verb)\" (known: \(GestureScript.verbs.joined(separator: ", ")))")
        }
        if let extra = positional.first { throw fail("unexpected \"\(extra)\" (arguments are key=value)") }
        return action
    }

    private func allow(_ keys: Set<String>) throws(RecordingError) {
        // Every gesture's fingers have a pressure and a size.
        let keys = ["pause", "set", "lift"].contains(verb.lowercased()) ? keys : keys.union(Self.touchKeys)
        if let unknown = values.keys.sorted().first(where: { !keys.contains($0) }) {
            let takes = keys.isEmpty ? "it takes none" : "it takes \(keys.sorted().joined(separator: ", "))"
            throw fail("\(verb) has no parameter \"\(unknown)\" (\(takes))")
        }
    }

    static let touchKeys: Set<String> = ["pressure", "size"]

    /// A click's `button=`: left by default; right or middle leave the fingers, their spacing and
    /// the place to the synthesizer, which presses them where the pad makes that button.
    private func clickButton() throws(RecordingError) -> GestureScript.ClickButton {
        guard let text = values["button"] else { return .left }
        guard let button = GestureScript.ClickButton(rawValue: text.lowercased()) else {
            throw fail("button=\(text): expected left, right or middle")
        }
        if button != .left, let given = ["fingers", "spacing", "at"].first(where: { values[$0] != nil }) {
            throw fail(
                "button=\(text) chooses the fingers, their spacing and the place that make a \(text) click on the pad: "
                    + "leave out "
                    + "\(given)=")
        }
        return button
    }

    /// The statement's `pressure=` (device units, or `%` of the axis's range) and `size=` (a length).
    func touch() throws(RecordingError) -> GestureScript.Touch {
        var touch = GestureScript.Touch()
        if let text = values["pressure"] {
            if text.hasSuffix("%") {
                let v = try number("pressure", text, units: [("%", 0.01)], bare: 0.01)
                guard (0...1).contains(v) else { throw fail("pressure=\(text): must be within 0% and 100%") }
                touch.pressure = .fraction(v)
            } else {
                guard let v = Int32(text) else {
                    throw fail("pressure=\(text): expected the device's units (a whole number) or a percentage")
                }
                touch.pressure = .units(v)
            }
        }
        if values["size"] != nil { touch.size = try length("size", default: 0, nonNegative: true) }
        return touch
    }

    /// A finite number followed by one of `units` (each with its factor to the canonical unit);
    /// a bare number takes the factor of `bare`.
    private func number(
        _ key: String, _ text: String, units: [(String, Double)], bare: Double
    ) throws(RecordingError) -> Double {
        let lower = text.lowercased()
        for (suffix, factor) in units where lower.hasSuffix(suffix) {
            guard let v = Self.decimal(lower.dropLast(suffix.count)) else { continue }
            guard v.isFinite else { throw fail("\(written(key, text)): not a finite number") }
            return v * factor
        }
        if let v = Self.decimal(Substring(lower)) {
            guard v.isFinite else { throw fail("\(written(key, text)): not a finite number") }
            return v * bare
        }
        let names = units.map(\.0).joined(separator: ", ")
        throw fail("\(written(key, text)): expected a number with a unit (\(names))")
    }

    /// A value as the script wrote it: `pause 200ms` for one given by position, else `key=value`.
    private func written(_ key: String, _ text: String) -> String {
        byPosition.contains(key) ? "\(verb) \(text)" : "\(key)=\(text)"
    }

    /// `text` as a number written in decimals (`-1.5`, `2e3`), or `nan` or `inf` for the message
    /// that refuses them; nil for anything else, such as the hexadecimal `0x10` Double reads.
    private static func decimal(_ text: Substring) -> Double? {
        guard text.wholeMatch(of: decimalPattern) != nil else { return nil }
        return Double(text)
    }

    /// Built once (a regex literal matched in place is parsed at each match); never mutated.
    nonisolated(unsafe) private static let decimalPattern =
        /[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?|[+-]?(nan|inf|infinity)/

    private func count(_ key: String, default value: Int, range: ClosedRange<Int>) throws(RecordingError) -> Int {
        guard let text = values[key] else { return value }
        guard let n = Int(text), range.contains(n) else {
            throw fail("\(key)=\(text): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// A length `key=` gives, `value` without; `floored`, one under a touchpad's unit is refused
    /// (a jitter, a spread and not a move, is held to ``GestureSynthesizer/Options/problem(rate:jitter:)``
    /// alone, as `--jitter` is).
    private func length(
        _ key: String, default value: Double, positive: Bool = false, nonNegative: Bool = false, floored: Bool = true
    ) throws(RecordingError) -> Double {
        guard let text = values[key] else { return value }
        let v = try number(key, text, units: [("mm", 1), ("cm", 10)], bare: 1)
        guard abs(v) <= 1000 else { throw fail("\(key)=\(text): more than a metre; no touchpad is that big") }
        // Less than a unit of the finest pad described under Tests/Fixtures (69 units a millimetre):
        // it would round to nothing.
        guard !floored || v == 0 || abs(v) >= 0.01 else {
            throw fail("\(key)=\(text): under a hundredth of a millimetre, less than a touchpad's unit")
        }
        if positive && v <= 0 { throw fail("\(key)=\(text): must be greater than 0") }
        if nonNegative && v < 0 { throw fail("\(key)=\(text): must not be negative") }
        return v
    }

    /// A positive length that the synthesizer may shorten when the script leaves it out.
    private mutating func size(
        _ size: GestureScript.Size, _ key: String, default value: Double
    ) throws(RecordingError) -> Double {
        if values[key] == nil { defaulted.insert(size) }
        return try length(key, default: value, positive: true)
    }

    /// How far apart fingers side by side are (`spacing=`, 18 mm by default).
    private mutating func spacing() throws(RecordingError) -> Double {
        try size(.spacing, "spacing", default: GestureScript.defaultSpacing)
    }

    private func time(_ key: String, default value: Double, allowZero: Bool = false) throws(RecordingError) -> Double {
        guard let text = values[key] else { return value }
        let v = try number(key, text, units: [("ms", 0.001), ("s", 1)], bare: 0.001)
        guard allowZero ? v >= 0 : v > 0 else {
            throw fail("\(written(key, text)): " + (allowZero ? "must not be negative" : "must be greater than 0"))
        }
        guard v <= 3600 else { throw fail("\(written(key, text)): longer than an hour") }
        return v
    }

    private func angle(_ key: String, default degrees: Double) throws(RecordingError) -> Double {
        guard let text = values[key] else { return degrees * .pi / 180 }
        let v = try number(key, text, units: [("deg", .pi / 180), ("°", .pi / 180), ("rad", 1)], bare: .pi / 180)
        guard abs(v) <= 20 * .pi else { throw fail("\(key)=\(text): more than ten turns") }
        return v
    }

    private func scale(_ key: String, default value: Double) throws(RecordingError) -> Double {
        guard let text = values[key] else { return value }
        let v = try number(key, text, units: [("%", 0.01), ("x", 1)], bare: 1)
        guard v >= 0.05, v <= 20 else { throw fail("\(key)=\(text): must be within 0.05 and 20") }
        return v
    }

    private func rate() throws(RecordingError) -> Double {
        let text = values["rate"] ?? ""
        let v = try number("rate", text, units: [("hz", 1)], bare: 1)
        if let problem = GestureSynthesizer.Options.problem(rate: v, jitter: nil) {
            throw fail("rate=\(text): \(problem)")
        }
        return v
    }

    /// `left`, `right`, `up`, `down` or an angle clockwise from +x (right).
    private func direction() throws(RecordingError) -> Double {
        guard let text = values["direction"] else { return .pi }
        switch text.lowercased() {
        case "right": return 0
        case "down": return .pi / 2
        case "left": return .pi
        case "up": return -.pi / 2
        default:
            // A number is an angle, and what is wrong with it is said as for any angle.
            guard let first = text.first, first.isNumber || "+-.".contains(first) else {
                throw fail(
                    "direction is left, right, up, down or an angle (0 points right, 90deg down), not \"\(text)\"")
            }
            return try angle("direction", default: 0)
        }
    }

    /// `center`, `top`, `bottom-left`…, `X,Y` in millimetres from the centre, or `X%,Y%` of the pad.
    private func position() throws(RecordingError) -> GestureScript.Position {
        guard let text = values["at"] else { return .center }
        let named: [String: (Double, Double)] = [
            "center": (0.5, 0.5), "centre": (0.5, 0.5), "top": (0.5, 0.25), "bottom": (0.5, 0.75), "left": (0.25, 0.5),
            "right": (0.75, 0.5), "top-left": (0.25, 0.25), "top-right": (0.75, 0.25), "bottom-left": (0.25, 0.75),
            "bottom-right": (0.75, 0.75),
        ]
        if text.lowercased() == "center" || text.lowercased() == "centre" { return .center }
        if let (x, y) = named[text.lowercased()] { return .fraction(GestureScript.Point(x: x, y: y)) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            throw fail(
                "at=\(text): expected center, top, bottom, left, right, top-left…, X,Y in mm from the centre, "
                    + "or X%,Y%")
        }
        guard parts.allSatisfy({ $0.hasSuffix("%") }) || !parts.contains(where: { $0.hasSuffix("%") }) else {
            throw fail("at=\(text): give X and Y both in mm or both in %")
        }
        if parts.allSatisfy({ $0.hasSuffix("%") }) {
            let x = try number("at", parts[0], units: [("%", 0.01)], bare: 0.01),
                y = try number("at", parts[1], units: [("%", 0.01)], bare: 0.01)
            guard (0...1).contains(x), (0...1).contains(y) else {
                throw fail("at=\(text): percentages must be within 0% and 100%")
            }
            return .fraction(GestureScript.Point(x: x, y: y))
        }
        let x = try number("at", parts[0], units: [("mm", 1), ("cm", 10)], bare: 1)
        let y = try number("at", parts[1], units: [("mm", 1), ("cm", 10)], bare: 1)
        guard abs(x) <= 1000, abs(y) <= 1000 else { throw fail("at=\(text): more than a metre from the centre") }
        return .offset(GestureScript.Point(x: x, y: y))
    }
}
