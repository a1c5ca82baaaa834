import Histograms
import LibinputEvents
import TextTables

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
    /// The program (not the libinput side) ended with status 0 before it opened the device: it did
    /// its work without it (`echo {devnode}`), and no frame was played.
    public var endedBeforeReady = false
    /// The program was still running when the recording was over, and the harness's SIGINT
    /// killed it: its status (130) is its answer to that, not an end of its own. A program that
    /// caught the signal and exited ends with its own status.
    public var stoppedByHarness = false
    /// The program was still running this many seconds after that SIGINT, and the harness
    /// killed it and the processes it started (SIGKILL); nil if it ended otherwise.
    public var killedAfterSeconds: Double?

    /// The program's status as its own end: 0 when the harness stopped it once the recording was
    /// over (``stoppedByHarness``), its usual end, else the status it ended with.
    public var programStatus: Int32 { stoppedByHarness ? 0 : exitStatus }
    /// What reading the recording guessed or repaired (``Recording/notes``), one line each.
    public var notes: [String] = []
    /// What the replay itself gives reason to say, one line each: libinput lines that the way it
    /// was played made (touch jumps at a faster speed), not the recording, and what of the
    /// recording the kernel's input core passed over (a recorded `SYN_DROPPED`).
    public var replayNotes: [String] = []
    /// What reading each other device's file (``MockedDevice/addDevice(file:description:node:eventNumber:)``)
    /// guessed or repaired, by file.
    public var otherDevicesNotes: [(file: String, notes: [String])] = []
    /// The lines libinput logged in a replay through the libinput side (info and errors).
    public var libinputLog: [LibinputLogMessage] = []
    /// Each device's bus, by its node's name (``MockedDevice/buses``): libinput takes a mouse on
    /// USB or Bluetooth for external.
    public var buses: [String: UInt16] = [:]

    /// The events libinput reported of the devices' input: all but devices added and removed.
    public var inputEventsReported = 0

    /// What `replay` says of a whole replay of whose frames libinput reported nothing but its
    /// devices: the replay went as it should, and `touchsynth explain` says why; nil otherwise.
    public var nothingReportedNote: String? {
        guard inputEventsReported == 0, framesDelivered > 0, interruption == nil else { return nil }
        let played = TextTable.counted(framesDelivered, "frame")
        return "libinput reported nothing of the \(played) played: `touchsynth explain` of the recording says why"
    }

    /// libinput's errors and timing warnings among ``libinputLog``: what a user is told of.
    public var warnings: [LibinputLogMessage] { libinputLog.filter(\.isWarning) }

    /// What a user of `touchsynth mock` is told of how its program, `program`, ended, one line
    /// each: killed for not ending, or ended before it opened the device.
    public func programWarnings(named program: String) -> [String] {
        var warnings: [String] = []
        if let seconds = killedAfterSeconds {
            warnings.append(
                "\(program) was still running \(Int(seconds)) s after the SIGINT that ends it once the recording "
                    + "is over: killed, with what it started")
        }
        if endedBeforeReady { warnings.append("\(program) ended before it opened the device: no frame was played") }
        return warnings
    }
}

extension ReplayReport {
    /// The run's measurements in one line, as `--stats` prints them: frames and their delivery,
    /// start-up, wall and CPU time, both processes' peak memory (this one's `harnessPeakKiB`),
    /// the program's exit status.
    public func measurements(harnessPeakKiB: Int?) -> String {
        func mebibytes(_ kib: Int?) -> String { kib.map { String(format: "%.1f MiB", Double($0) / 1024) } ?? "unknown" }
        let delivery =
            switch clock {
            case .virtual: "on the virtual clock (\(timerInstants.count) timer instants)"
            case .real:
                String(
                    format: "lateness p50 %lld µs p99 %lld µs max %lld µs", lateness.percentile(0.5),
                    lateness.percentile(0.99), maxLatenessMicros)
            }
        let timing = String(
            format: "%d frames delivered %@, start-up %.3f s, wall time %.3f s, CPU %.3f s (program %.3f s)",
            framesDelivered, delivery, startupSeconds, wallSeconds, harnessCPUSeconds, programCPUSeconds)
        let stopped = stoppedByHarness ? ", stopped by the harness at the end" : ""
        return timing + ", peak RSS \(mebibytes(harnessPeakKiB)) (program \(mebibytes(programPeakKiB))), "
            + "exit status \(exitStatus)\(stopped)"
    }
}
