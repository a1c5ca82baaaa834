import Foundation
import Gestures
import LibinputEvents

extension InteractionStart {
    /// "longPress (direct*) at 1.52 s, 0.50 s after its touch came down": how a menu opened or a
    /// drag began, `*` marking a simulated touch, at seconds since `timeBase`.
    public func summary(timeBase: TimeBase) -> String {
        String(
            format: "%@ (%@%@) at %.2f s, %.2f s after its touch came down", input.rawValue, touchType.rawValue,
            isSimulated ? "*" : "",
            timeBase.seconds(atTimestamp: time), liftDelay)
    }
}
