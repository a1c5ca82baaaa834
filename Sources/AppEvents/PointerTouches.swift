/// The pointer's hover touch: regionEntered when it appears over the window, regionMoved while
/// it moves with no button held (and at the release of a drag, where it left the pointer),
/// regionExited when it is hidden (locked, its last device removed, a reset).
/// Each stay in the window is a new touch.
struct HoverTracker {
    private var live: (id: TouchID, location: Point)?

    /// Follows the pointer after a buttonless motion; nil when nothing is to be reported. A
    /// touch that enters takes `nextID`, which then moves on.
    mutating func follow(to location: Point, type: TouchType, nextID: inout Int) -> Touch? {
        guard live == nil else { return move(to: location, type: type) }
        let id = TouchID(nextID)
        nextID += 1
        live = (id, location)
        return Touch(id: id, phase: .regionEntered, type: type, location: location, previousLocation: location)
    }

    /// The live hover's move to `location`; nil, changing nothing, when no hover is live or it
    /// is there already.
    mutating func move(to location: Point, type: TouchType) -> Touch? {
        guard let hover = live, hover.location != location else { return nil }
        live = (hover.id, location)
        return Touch(
            id: hover.id, phase: .regionMoved, type: type, location: location, previousLocation: hover.location)
    }

    /// The pointer is hidden: locked, its last device removed, or the translator reset.
    mutating func exit(at location: Point, type: TouchType) -> Touch? {
        guard let hover = live else { return nil }
        live = nil
        return Touch(
            id: hover.id, phase: .regionExited, type: type, location: location, previousLocation: hover.location)
    }
}

/// The touch a click or drag makes: began when the first button goes down, moved while the
/// pointer moves, stationary when another button joins or leaves, ended when the last one is
/// released.
///
/// `tapCount` counts multi-clicks. A press continues the previous click's count when it is the
/// same button, comes at most ``MultiClick/interval`` after that click's release (0.5 s by
/// default, the default double-click interval of macOS), and is within ``MultiClick/slop`` of it
/// (8 points by default, about a fingertip's jitter on an iPad); a touch that ever strayed
/// farther than the slop from where it began was a drag and starts no sequence.
struct PointerTouchTracker {
    struct MultiClick {
        /// Microseconds, so that a gap of exactly the interval counts whatever the clock reads.
        var interval: UInt64
        var slop: Double
    }

    private struct Live {
        var id: TouchID
        var type: TouchType
        var button: UInt32
        var start: Point
        var location: Point
        var tapCount: Int
        var strayed = false
    }

    private struct Click {
        var button: UInt32
        var location: Point
        var releaseTime: UInt64
        var tapCount: Int
    }

    let multiClick: MultiClick
    private var live: Live?
    private var lastClick: Click?

    init(multiClick: MultiClick) {
        self.multiClick = multiClick
    }

    mutating func begin(id: TouchID, type: TouchType, button: UInt32, at location: Point, time: UInt64) -> Touch {
        var tapCount = 1
        if let click = lastClick, click.button == button, time - click.releaseTime <= multiClick.interval,
            click.location.distance(to: location) <= multiClick.slop
        {
            tapCount = click.tapCount + 1
        }
        let touch = Live(id: id, type: type, button: button, start: location, location: location, tapCount: tapCount)
        live = touch
        return make(touch, .began, previous: location)
    }

    /// The pointer moved while pressed; nil when there is no touch or it did not actually move.
    mutating func move(to location: Point) -> Touch? {
        guard var touch = live, touch.location != location else { return nil }
        let previous = touch.location
        touch.location = location
        touch.strayed = touch.strayed || touch.start.distance(to: location) > multiClick.slop
        live = touch
        return make(touch, .moved, previous: previous)
    }

    /// The buttons changed but the touch goes on.
    func stationary() -> Touch? {
        live.map { make($0, .stationary, previous: $0.location) }
    }

    mutating func end(time: UInt64) -> Touch? {
        guard let touch = live else { return nil }
        live = nil
        lastClick =
            touch.strayed
            ? nil
            : Click(button: touch.button, location: touch.location, releaseTime: time, tapCount: touch.tapCount)
        return make(touch, .ended, previous: touch.location)
    }

    mutating func cancel() -> Touch? {
        guard let touch = live else { return nil }
        live = nil
        lastClick = nil
        return make(touch, .cancelled, previous: touch.location)
    }

    private func make(_ touch: Live, _ phase: TouchPhase, previous: Point) -> Touch {
        Touch(
            id: touch.id, phase: phase, type: touch.type, location: touch.location,
            previousLocation: previous, tapCount: touch.tapCount, isPointer: true
        )
    }
}
