import Foundation

/// The clock a replay's program lives on.
public enum ReplayClock: Sendable, Equatable {
    /// The harness's time: the program's CLOCK_MONOTONIC and timers move only when the harness
    /// moves them, to the next frame or the next timer, once the program has handled everything
    /// before. A replay gives the same events, timestamps included, on any machine at any load,
    /// and takes only the time the work does. The program must wait for input on the main thread
    /// that opens the device, in poll, ppoll, select, pselect, epoll_wait, epoll_pwait or a
    /// blocking read of the device, as libinput's tools, evtest and `touchsynth debug` do
    /// (Preload/virtual-clock.c).
    case virtual
    /// The machine's time: frames are written on a wall-clock schedule and timers race them, as
    /// on a real device; any program.
    case real
}

/// Timing of a replay.
public struct ReplayTiming: Sendable {
    /// Which clock the program lives on.
    public var clock = ReplayClock.virtual
    /// Pause between the program being ready and the first frame: 20 ms, so that a program's
    /// libinput adds the device as long before the first frame as in a replay, and its times are
    /// `replay`'s. On the virtual clock a program's set-up after it opens the device takes no
    /// time; in real time it takes tens of milliseconds (quirks, configuration), so a program
    /// taken to be ready when it opens the device gets 150 ms there (``init(clock:tail:)``).
    public var leadIn: Duration = .milliseconds(20)
    /// Time after the last frame for libinput's timers (tap 180 ms, hold, gesture decisions) to fire.
    public var tail: Duration = .milliseconds(300)
    /// How long the program may take to open the device.
    public var openTimeout: Duration = .seconds(10)
    /// On the virtual clock, how long (wall-clock) the program may go without taking a step or
    /// reporting: a program that takes longer is dead, wedged or not reading, and the replay ends
    /// with an error.
    public var idleTimeout: Duration = .seconds(5)
    /// Playback speed: 2 delivers the frames twice as fast, their timestamps as close together;
    /// within ``speeds``.
    public var speed = 1.0
    /// The speeds a replay plays at: faster, libinput falls behind the pty's 4 KiB buffer and
    /// evdev framing breaks.
    public static let speeds: ClosedRange<Double> = 0.01...10
    /// In real time, how long before its timestamp each frame (and each SYN_DROPPED) is written;
    /// a removal, which has none, comes at its instant. libinput runs a timer that expires before
    /// a frame's timestamp ahead of the frame whenever it reads the frame late
    /// (`libinput_timer_flush`), but it cannot know of a frame not yet readable: a
    /// timer expiring just after a frame's timestamp fires first if the frame arrives after it.
    /// A real evdev node is read within microseconds; the harness's writes come 0.15 ms late
    /// (p50) and the pty hands data on from a work queue, 0.57 ms from timestamp to app event
    /// (p50, 0.87 ms p99), so a hold timer 0.19 ms after a finger's lift fired before the lift
    /// here and not in the VM (docs/testing.md, the VM tier). Written this far ahead, libinput handles each
    /// frame and timer in the order of their times, as a prompt reader would. The virtual clock
    /// orders them exactly and needs none.
    public var writeAhead: Duration = .milliseconds(2)

    public init() {}

    /// ``speeds`` in words: `within 0.01 and 10`.
    public static var speedsInWords: String {
        "within " + String(format: "%g", speeds.lowerBound) + " and " + String(format: "%g", speeds.upperBound)
    }

    /// Refuses what no replay can be timed by: a ``speed`` outside ``speeds`` (or not a number).
    public func check() throws(HarnessError) {
        guard Self.speeds.contains(speed) else {
            throw HarnessError(.usage, "a replay's speed must be \(Self.speedsInWords), not \(speed)")
        }
    }

    /// For a program taken to be ready when it opens the device, on `clock`, with `tail` after the
    /// last frame for libinput's timers.
    public init(clock: ReplayClock, tail: Duration) {
        self.clock = clock
        self.tail = tail
        if clock == .real { leadIn = .milliseconds(150) }
    }

    /// Timing for the libinput side, which says when libinput has set its devices up: the
    /// default lead-in on either clock.
    public static var libinputSide: ReplayTiming { ReplayTiming() }
}
