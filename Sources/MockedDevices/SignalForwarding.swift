import Foundation

/// The programs of the runs in progress, for the signal handler: a fixed table, as a handler
/// may neither allocate nor lock. A slot holds a pid, 0 when free.
private let forwardingSlots = 64
nonisolated(unsafe) private let forwardedPIDs: UnsafeMutablePointer<pid_t> = {
    let table = UnsafeMutablePointer<pid_t>.allocate(capacity: forwardingSlots)
    table.initialize(repeating: 0, count: forwardingSlots)
    return table
}()
/// The signal passed on to the program of each slot, 0 for none.
nonisolated(unsafe) private let forwardedSignals: UnsafeMutablePointer<Int32> = {
    let table = UnsafeMutablePointer<Int32>.allocate(capacity: forwardingSlots)
    table.initialize(repeating: 0, count: forwardingSlots)
    return table
}()
/// Guards the slots' allocation and the handlers' installation (never taken in the handler).
private let forwardingLock = NSLock()
nonisolated(unsafe) private var runsForwarding = 0
nonisolated(unsafe) private var previousInt = sigaction()
nonisolated(unsafe) private var previousTerm = sigaction()

/// Passes SIGINT and SIGTERM on to the program of every run in progress (several replays may run
/// at once, each on a thread of its own), and tells each run whether its program got one.
struct SignalForwarding {
    /// The run's slot; nil when every slot is taken, and then its program gets no signal.
    private let slot: Int?

    init(to pid: pid_t) {
        forwardingLock.lock()
        defer { forwardingLock.unlock() }
        slot = (0..<forwardingSlots).first { forwardedPIDs[$0] == 0 }
        guard let slot else { return }
        forwardedSignals[slot] = 0
        forwardedPIDs[slot] = pid
        runsForwarding += 1
        guard runsForwarding == 1 else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let saved = errno
            for i in 0..<forwardingSlots where forwardedPIDs[i] > 0 {
                kill(forwardedPIDs[i], signal)
                forwardedSignals[i] = signal
            }
            errno = saved
        }
        sigaction(SIGINT, &action, &previousInt)
        sigaction(SIGTERM, &action, &previousTerm)
    }

    /// The signal passed on so far, if any.
    var received: Int32? {
        guard let slot, forwardedSignals[slot] != 0 else { return nil }
        return forwardedSignals[slot]
    }

    func end() {
        guard let slot else { return }
        forwardingLock.lock()
        defer { forwardingLock.unlock() }
        forwardedPIDs[slot] = 0
        runsForwarding -= 1
        if runsForwarding == 0 {
            sigaction(SIGINT, &previousInt, nil)
            sigaction(SIGTERM, &previousTerm, nil)
        }
    }
}
