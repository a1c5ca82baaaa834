import Foundation
import Gestures
import LibinputEvents

extension InteractionStart {
    /// "longPress (direct, simulated) at 1.520s, 0.500s after its touch came down": how a menu
    /// opened or a drag began, its touch's type and whether it was simulated, at seconds since
    /// `timeBase`, told as every other time of the table and its words is.
    public func summary(timeBase: TimeBase) -> String {
        let touch = touchType.rawValue + (isSimulated ? ", simulated" : "")
        return "\(input.rawValue) (\(touch)) at \(timeBase.text(atTimestamp: time)), "
            + String(format: "%.3fs", liftDelay) + " after its touch came down"
    }
}
