/// How a replay went, measured by the harness.
public struct ReplayReport: Sendable {
    /// Exit status of the program (128 + signal if it was killed by one).
    public var exitStatus: Int32
    /// Frames written (a frame the kernel would drop whole is not).
    public var framesDelivered: Int
    /// Delay between each frame's scheduled write (``ReplayTiming/writeAhead`` before its
    /// timestamp) and the write, in microseconds.
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
}
