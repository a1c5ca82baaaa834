import Foundation

/// The program's pid, for the signal handler; 0 when no run is in progress.
nonisolated(unsafe) private var forwardedSignalTarget: pid_t = 0
/// The last signal the handler passed on during the run; 0 for none.
nonisolated(unsafe) private var forwardedSignal: Int32 = 0

/// Passes SIGINT and SIGTERM on to the program while a run is in progress.
struct SignalForwarding {
    private var previousInt = sigaction()
    private var previousTerm = sigaction()

    init(to pid: pid_t) {
        forwardedSignalTarget = pid
        forwardedSignal = 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            let saved = errno
            if forwardedSignalTarget > 0 {
                kill(forwardedSignalTarget, signal)
                forwardedSignal = signal
            }
            errno = saved
        }
        sigaction(SIGINT, &action, &previousInt)
        sigaction(SIGTERM, &action, &previousTerm)
    }

    /// The signal passed on so far, if any.
    var received: Int32? { forwardedSignal == 0 ? nil : forwardedSignal }

    func end() {
        var int = previousInt, term = previousTerm
        sigaction(SIGINT, &int, nil)
        sigaction(SIGTERM, &term, nil)
        forwardedSignalTarget = 0
    }
}
