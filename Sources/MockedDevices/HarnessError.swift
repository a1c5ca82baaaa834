/// Why the mocked-device harness could not run.
public struct HarnessError: Error, CustomStringConvertible, Sendable {
    public var message: String
    /// sysexits: 69 (EX_UNAVAILABLE) for missing parts, 71 (EX_OSERR) for system failures.
    public var exitCode: Int32
    /// The program's own exit status, when it ended before it was ready: a program that signals
    /// its readiness itself has then said why on its stderr, or stopped as asked (0).
    public var programStatus: Int32?

    public init(_ message: String, exitCode: Int32 = 71, programStatus: Int32? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.programStatus = programStatus
    }

    public var description: String { message }
}
