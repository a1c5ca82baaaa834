import Foundation

/// How explain writes a length in millimetres, in its findings and in the touches it lists.
public enum Millimetres {
    /// A length to a tenth of a millimetre: `5.7`, `-0.3`; one that is not 0 but would print as
    /// `0.0` to a hundredth, `0.03`, or as `under 0.01` (`over -0.01`), so that a small move is not
    /// said as none.
    public static func text(_ value: Double) -> String {
        // An Int holds moderate values only: others print as they are.
        guard abs(value) < 1e15 else { return String(value) }
        let tenths = Int((value * 10).rounded())
        if tenths == 0, value != 0 {
            let hundredths = Int((value * 100).rounded())
            guard hundredths != 0 else { return value < 0 ? "over -0.01" : "under 0.01" }
            return (hundredths < 0 ? "-" : "") + String(format: "0.%02d", abs(hundredths))
        }
        // Between -1 and 0 the whole part is 0, which carries no sign of its own.
        return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
