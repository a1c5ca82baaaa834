import AppEvents
import Gestures
import LibinputEvents

/// One failure of a recognizer as `compare --json` writes it: when, the rule the input broke
/// (``Gestures/FailureReason/rule``) and its numbers under their own keys, the winner of a lost
/// arbitration.
struct FailureEntry: Encodable {
    /// What the recognizer followed as it failed, its reason with it.
    var input: ActivationInput
    /// The arbitration it lost then, if it lost one.
    var loss: ArbitrationLoss?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NamedKey.self)
        try c.encode(input.time, forKey: NamedKey("time"))
        guard let reason = input.failure else { return }
        try c.encode(reason.rule.rawValue, forKey: NamedKey("reason"))
        let (counts, measures) = Self.numbers(of: reason)
        for (key, value) in counts { try c.encode(value, forKey: NamedKey(key)) }
        for (key, value) in measures { try c.encode(value, forKey: NamedKey(key)) }
        switch reason {
        case .buttons(let pressed, let required):
            try c.encode(pressed.description, forKey: NamedKey("pressedButtons"))
            try c.encode(required.description, forKey: NamedKey("requiredButtons"))
        case .acrossItsAxis(let motion, let axis):
            try c.encode(motion, forKey: NamedKey("motion"))
            try c.encode(axis.rawValue, forKey: NamedKey("axis"))
        case .offDirection(let motion, let allowed):
            try c.encode(motion, forKey: NamedKey("motion"))
            try c.encode(allowed.description, forKey: NamedKey("directions"))
        case .lostArbitration:
            if let loss {
                try c.encode(loss.winner.description, forKey: NamedKey("winner"))
                try c.encode(loss.required, forKey: NamedKey("requiredToFail"))
            }
        default: break
        }
    }

    /// The reason's counts and measures, named as its case names them.
    private static func numbers(of reason: FailureReason) -> (counts: [(String, Int)], measures: [(String, Double)]) {
        switch reason {
        case .tooManyTouches(let count, let maximum): ([("count", count), ("maximum", maximum)], [])
        case .tooFewTouches(let count, let required): ([("count", count), ("required", required)], [])
        case .moved(let distance, let allowed): ([], [("distance", distance), ("allowed", allowed)])
        case .liftedTooSoon(let held, let needed): ([], [("held", held), ("needed", needed)])
        case .liftedBeforeMoving(let moved, let needed): ([], [("moved", moved), ("needed", needed)])
        case .nextTapLate(let taps, let required, let interval):
            ([("taps", taps), ("required", required)], [("interval", interval)])
        case .tooSlow(let allowed): ([], [("allowed", allowed)])
        default: ([], [])
        }
    }
}
