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
}
