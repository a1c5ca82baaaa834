import Histograms
import LibinputEvents

/// How a replay went, measured by the harness.
public struct ReplayReport: Sendable {
    /// Exit status of the program (128 + signal if it was killed by one).
    public var exitStatus: Int32
    /// Frames written (a frame the kernel would drop whole is not).
    public var framesDelivered: Int
    /// In real time, the delay between each frame's scheduled write (``ReplayTiming/writeAhead``
    /// before its timestamp) and the write, in microseconds; empty on the virtual clock, where
    /// frames have no schedule.
    public var lateness: DelayHistogram
    /// Worst delay between a frame's scheduled write and the write, in microseconds.
    public var maxLatenessMicros: Int64 { lateness.maximum }
    /// From starting the program to its exit, in seconds.
    public var wallSeconds: Double
    /// From starting the program to it being ready for the first frame, in seconds.
    public var startupSeconds: Double
    /// The program's peak resident memory in KiB (``PeakMemory``), read as it ran until it was
    /// asked to stop; nil if it was never read.
    public var programPeakKiB: Int?
    /// SIGINT or SIGTERM, when this process got one during the run and passed it on to the
    /// program: the run ended early, on the user's word.
    public var interruption: Int32?
    /// The clock the program lived on.
    public var clock: ReplayClock
    /// CPU time this process spent on the run (user and system), in seconds.
    public var harnessCPUSeconds: Double
    /// The system (kernel) part of ``harnessCPUSeconds``.
    public var harnessSystemCPUSeconds: Double
    /// CPU time the program used (user and system), in seconds; 0 if it could not be reaped.
    public var programCPUSeconds: Double
    /// On the virtual clock, the instants the harness moved the clock to for the program's
    /// timers, in microseconds of the recording's time (its first event at 0): where libinput's
    /// tap, hold and gesture timers fired. Empty in real time, where they run on their own.
    public var timerInstants: [Int64]
    /// Where the recording's first frame fell on libinput's clock (the events' `time`), in
    /// microseconds: how a frame's time maps onto the events' (at ``ReplayTiming/speed`` 1);
    /// nil when the run ended before delivering.
    public var recordingStart: UInt64?
    /// What reading the recording guessed or repaired (``Recording/notes``), one line each.
    public var notes: [String] = []
    /// The lines libinput logged in a replay through the libinput side (info and errors).
    public var libinputLog: [LibinputLogMessage] = []

    /// libinput's errors and timing warnings among ``libinputLog``: what a user is told of.
    public var warnings: [LibinputLogMessage] { libinputLog.filter(\.isWarning) }
}
