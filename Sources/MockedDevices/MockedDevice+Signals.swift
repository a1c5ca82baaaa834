import Recordings

extension MockedDevice {
    /// Runs `body` with this process's SIGINT and SIGTERM held, as ``Replay`` does around each
    /// replay: one that comes while a device is set up or taken down, with no program running
    /// to take it, goes to the next program ``run(_:timing:standardOutput:)`` starts (which then
    /// reports it as its ``ReplayReport/interruption``), or is raised again when `body` returns.
    /// Make and drop the devices inside `body`, so that their testbeds are gone by then. Not for
    /// a device kept across calls: while signals are held, this process's own handlers wait.
    public static func holdingSignals<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        SignalForwarding.hold()
        defer { SignalForwarding.release() }
        return try body()
    }

    /// `read`, the first pass over `file` (its loop stops at a pending stop signal), in the
    /// harness's terms; ``HarnessError/Kind/interrupted`` when a stop signal came meanwhile, while
    /// the signals are held and no program ran to take it, whatever the reading said. The signal
    /// is then the error's to tell (not raised again when the signals are released).
    static func firstPass<T>(of file: String, _ read: () throws(RecordingError) -> T) throws(HarnessError) -> T {
        let result = Result { () throws(HarnessError) in try harnessError(read) }
        guard let signal = SignalForwarding.takePendingStop() else { return try result.get() }
        var error = HarnessError(
            .interrupted,
            "\(file): stopped by signal \(signal) (\(signalName(signal))) while it was read, before the replay began")
        error.signal = signal
        throw error
    }
}
