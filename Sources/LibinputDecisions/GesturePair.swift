/// The two touches libinput follows for a gesture (`tp_gesture_handle_state_none`,
/// src/evdev-mt-touchpad-gestures.c, unchanged from 1.22 to 1.31): of two, both in slot order;
/// of more, among the first four active ones in slot order, the first highest up and the last
/// lowest down (a pinch's fingers and thumb, as its comment reasons).
public enum GesturePair {
    /// The indices, into `ys` (the touches' y in slot order, where they are when the fingers are
    /// detected), of the touches libinput follows: the top one first.
    public static func followed(ys: [Double]) -> [Int] {
        guard ys.count > 2 else { return Array(ys.indices) }
        var (top, bottom) = (0, 0)
        for i in 1..<min(ys.count, 4) {
            if ys[i] < ys[top] {
                top = i
            } else if ys[i] >= ys[bottom] {
                bottom = i
            }
        }
        return [top, bottom]
    }
}
