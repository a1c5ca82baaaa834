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

    /// Throws ``HarnessError/Kind/interrupted`` when a stop signal came while the signals are
    /// held and no program ran to take it: `file`, being read, is read no further, and the
    /// signal is the error's to tell (not raised again when the signals are released).
    static func stopIfSignalled(reading file: String) throws(HarnessError) {
        guard let signal = SignalForwarding.takePendingStop() else { return }
        var error = HarnessError(
            .interrupted,
            "\(file): stopped by signal \(signal) (\(signalName(signal))) while it was read, before the replay began")
        error.signal = signal
        throw error
    }
}
