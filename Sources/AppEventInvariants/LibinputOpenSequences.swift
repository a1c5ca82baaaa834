import LibinputEvents

/// What libinput's own stream holds open at an instant: gestures begun and not ended, a finger or
/// continuous scroll without its stop, buttons pressed, touches down. A stream that ends with one
/// open (a recording cut with fingers still on the pad) leaves the app's sequences that follow it
/// open too, rightly: libinput sent no end for the translation to follow.
public struct LibinputOpenSequences: Equatable, Sendable {
    public private(set) var pinch = false
    public private(set) var swipe = false
    public private(set) var hold = false
    public private(set) var scroll = false
    public private(set) var buttonsHeld: Set<UInt32> = []
    public private(set) var touchesDown: Set<Int32> = []

    public init() {}

    /// Follows `event`.
    public mutating func apply(_ event: LibinputEvent) {
        switch event.kind {
        case .gesturePinchBegin: pinch = true
        case .gesturePinchEnd: pinch = false
        case .gestureSwipeBegin: swipe = true
        case .gestureSwipeEnd: swipe = false
        case .gestureHoldBegin: hold = true
        case .gestureHoldEnd: hold = false
        case .pointerScroll(let s) where s.source != .wheel: scroll = !s.isStop
        case .pointerButton(let button, let state, _):
            if state == .pressed { buttonsHeld.insert(button) } else { buttonsHeld.remove(button) }
        case .touchDown(_, let seatSlot, _, _): touchesDown.insert(seatSlot)
        case .touchUp(_, let seatSlot), .touchCancel(_, let seatSlot): touchesDown.remove(seatSlot)
        case .deviceRemoved: self = LibinputOpenSequences()
        default: break
        }
    }

    /// Whether nothing is open.
    public var isEmpty: Bool { self == LibinputOpenSequences() }

    /// What is open, in words: "a pinch and a button press".
    public var inWords: String {
        var open: [String] = []
        if pinch { open.append("a pinch") }
        if swipe { open.append("a swipe") }
        if hold { open.append("a hold") }
        if scroll { open.append("a scroll") }
        if !buttonsHeld.isEmpty { open.append(buttonsHeld.count == 1 ? "a button press" : "button presses") }
        if !touchesDown.isEmpty { open.append(touchesDown.count == 1 ? "a touch" : "touches") }
        guard let last = open.popLast() else { return "nothing" }
        return open.isEmpty ? last : open.joined(separator: ", ") + " and " + last
    }
}
