import LibinputEvents

/// Turns libinput scroll events into began → changed* → ended|cancelled scroll sequences.
///
/// - Finger and continuous scrolling (``ScrollType/continuous``): the first non-stop event
///   begins a sequence, the following ones change it, libinput's scroll stop ends it.
/// - Wheels (``ScrollType/discrete``): libinput has no stop, so the first wheel event begins a
///   sequence, the following ones change it, and it ends when a pointer event that is not a wheel
///   event arrives, or once ``wheelTimeout`` has passed since the last wheel event, which the
///   translator notices on the next event's timestamp or in `flush(at:)`.
///
/// libinput's scroll units are already about one point, so deltas are used 1:1:
/// `delta = (horizontal, vertical)`, and `translation` is their sum since began. A scroll from
/// another device, or of the other type, ends the live sequence first: one scroll at a time.
///
/// The sign is an iPad's with its default, natural scrolling: content follows the fingers, two
/// fingers moving down give a translation down, whatever the Linux side prefers. libinput's
/// values have that sign with its natural scrolling off; from a device it reverses them for
/// (its natural scrolling on, the default on Apple touchpads from libinput 1.24) they are
/// reversed back.
struct ScrollSequencer {
    struct Sequence {
        var type: ScrollType
        var translation = Point.zero
        /// Microseconds of the last event, for the wheel timeout.
        var lastTime: UInt64
    }

    /// Microseconds of silence after which a wheel sequence is over.
    let wheelTimeout: UInt64
    private(set) var live: Sequence?
    /// The live sequence's device.
    private(set) var liveDevice: String?
    /// The devices whose scroll values libinput reverses (its natural scrolling).
    private var reversing: Set<String> = []

    init(wheelTimeout: UInt64) {
        self.wheelTimeout = wheelTimeout
    }

    /// Notes whether libinput reverses the scroll values of `device`, just added.
    mutating func noteDevice(_ device: String, reversesScrolling: Bool) {
        if reversesScrolling { reversing.insert(device) } else { reversing.remove(device) }
    }

    /// When a live wheel sequence times out, in microseconds; nil when none is live.
    var discreteDeadline: UInt64? {
        guard let live, live.type == .discrete else { return nil }
        let (deadline, overflow) = live.lastTime.addingReportingOverflow(wheelTimeout)
        return overflow ? .max : deadline
    }

    /// Ends the live sequence, if any, when `scroll`, from `device`, cannot continue it: it is
    /// of the other type or from another device (one scroll at a time).
    mutating func endUnlessContinued(by scroll: Scroll, from device: String, location: Point) -> ScrollEvent? {
        guard let current = live, current.type != Self.type(of: scroll) || liveDevice != device else { return nil }
        return end(.ended, location: location)
    }

    /// Follows `scroll`, from `device`, after ``endUnlessContinued(by:from:location:)``: the
    /// sequence's next event, or at a finger scroll's stop its end (nil when none is live).
    mutating func follow(_ scroll: Scroll, from device: String, time: UInt64, location: Point) -> ScrollEvent? {
        let type = Self.type(of: scroll)
        if type == .continuous && scroll.isStop { return end(.ended, location: location) }
        let reverse = reversing.contains(device)
        // 0 − v: a value of 0 reversed stays 0, not −0.
        func signed(_ value: Double?) -> Double { reverse ? 0 - (value ?? 0).finiteOrZero : (value ?? 0).finiteOrZero }
        let delta = Point(x: signed(scroll.horizontal), y: signed(scroll.vertical))
        let value120: Point? =
            type == .discrete && (scroll.horizontal120 != nil || scroll.vertical120 != nil)
            ? Point(x: signed(scroll.horizontal120), y: signed(scroll.vertical120))
            : nil
        var sequence = live ?? Sequence(type: type, lastTime: time)
        let phase: GesturePhase = live == nil ? .began : .changed
        if live == nil { liveDevice = device }
        let translation = sequence.translation.adding(delta)
        if translation.x.isFinite && translation.y.isFinite { sequence.translation = translation }
        sequence.lastTime = time
        live = sequence
        return ScrollEvent(
            phase: phase, type: type, delta: delta, translation: sequence.translation,
            value120: value120, location: location
        )
    }

    private static func type(of scroll: Scroll) -> ScrollType {
        scroll.source == .wheel ? .discrete : .continuous
    }

    /// Ends (or cancels) the live sequence, if any.
    mutating func end(_ phase: GesturePhase, location: Point) -> ScrollEvent? {
        guard let sequence = live else { return nil }
        live = nil
        liveDevice = nil
        return ScrollEvent(
            phase: phase, type: sequence.type, delta: .zero, translation: sequence.translation,
            value120: sequence.type == .discrete ? .zero : nil, location: location
        )
    }

    /// Whether a wheel sequence is live.
    var isDiscreteLive: Bool { live?.type == .discrete }

    /// Ends a live wheel sequence, leaving a continuous one alone.
    mutating func endDiscrete(location: Point) -> ScrollEvent? {
        isDiscreteLive ? end(.ended, location: location) : nil
    }
}
