import Foundation
import Gestures
import LibinputEvents

extension InteractionStart {
    /// "longPress (direct*) at 1.52 s after 0.50 s": how a menu opened or a drag began, `*`
    /// marking a simulated touch, at seconds since `timeBase`.
    public func summary(timeBase: TimeBase) -> String {
        String(
            format: "%@ (%@%@) at %.2f s after %.2f s", input.rawValue, touchType.rawValue, isSimulated ? "*" : "",
            timeBase.seconds(atTimestamp: time), liftDelay)
    }
}
