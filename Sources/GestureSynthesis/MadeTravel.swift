import Foundation
import LibinputEvents

/// Which way libinput took a translation's fingers: the sum of the unaccelerated deltas of the
/// events it made of one (pointer motion for one finger, two-finger scrolling for two, a swipe
/// for more), as the pad's axes run (x right, y down). Their units are libinput's, so only the
/// way is held against the script's, not the distance.
struct MadeTravel {
    var x = 0.0
    var y = 0.0

    /// The travel of `events` made of a `fingers`-finger translation; a scroll's sign taken back
    /// to the fingers' where `naturalScrolling` turned it.
    init(_ events: ArraySlice<LibinputEvent>, fingers: Int, naturalScrolling: Bool) {
        for event in events {
            switch event.kind {
            case .pointerMotion(_, _, let dx, let dy) where fingers == 1:
                (x, y) = (x + dx, y + dy)
            case .pointerScroll(let scroll) where fingers == 2 && scroll.source == .finger:
                let sign = naturalScrolling ? -1.0 : 1.0
                (x, y) = (x + sign * (scroll.horizontal ?? 0), y + sign * (scroll.vertical ?? 0))
            case .gestureSwipeUpdate(let n, let delta) where n == fingers:
                (x, y) = (x + delta.unacceleratedDx, y + delta.unacceleratedDy)
            default:
                break
            }
        }
    }

    /// The widest angle between the way asked and the way made that is still the way asked:
    /// libinput locks a scroll to one axis, so a diagonal asked may come out 45° off.
    static let widestAngle = 60.0

    /// The angle in degrees between the way made and `asked` (millimetres on the pad) where it is
    /// wider than ``widestAngle``; nil for the way asked, a travel too short to have a way (under
    /// 1 mm), or nothing made.
    func angleOff(from asked: GestureScript.Point) -> Double? {
        let askedLength = hypot(asked.x, asked.y), madeLength = hypot(x, y)
        guard askedLength >= 1, madeLength > 0 else { return nil }
        let cosine = (asked.x * x + asked.y * y) / (askedLength * madeLength)
        let degrees = acos(min(1, max(-1, cosine))) * 180 / .pi
        return degrees > Self.widestAngle ? degrees : nil
    }

    /// The way `x`, `y` point, to the nearest eighth of a turn: right, down-right, down … up-right.
    static func way(x: Double, y: Double) -> String {
        let names = ["right", "down-right", "down", "down-left", "left", "up-left", "up", "up-right"]
        let eighth = Int((atan2(y, x) / (.pi / 4)).rounded())
        return names[(eighth % 8 + 8) % 8]
    }
}
