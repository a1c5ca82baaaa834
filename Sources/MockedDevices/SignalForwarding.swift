import Foundation
import ProcessSignals

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
/// A signal that came when no program was running to take it, 0 for none: passed to the next
/// program started, or raised again once nothing holds the signals.
nonisolated(unsafe) private let pendingSignal: UnsafeMutablePointer<Int32> = {
    let pending = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    pending.initialize(to: 0)
    return pending
}()
/// Guards the slots' allocation and the handlers' installation (never taken in the handler).
private let forwardingLock = NSLock()
/// Runs in progress and holds (``SignalForwarding/hold()``): the handlers are installed while
/// there are any.
nonisolated(unsafe) private var holders = 0
nonisolated(unsafe) private var previousActions = StopSignal.signals.map { _ in sigaction() }

/// Passes the stop signals (``StopSignal/signals``, but those this process leaves ignored,
/// ``StopSignal/staysIgnored(_:)``) on to the program of every run in progress (several replays
/// may run at once, each on a thread of its own), and tells each run whether its program got one.
/// Around a whole replay the signals are held too (``hold()``), so that one coming while its
/// testbed is set up or taken down does not end the process with the testbed left behind.
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
        Self.holdLocked()
        let pending = pendingSignal.pointee
        if pending != 0 {
            pendingSignal.pointee = 0
            kill(pid, pending)
            forwardedSignals[slot] = pending
        }
    }

    /// Holds the stop signals until ``release()``: one that no program takes goes to
    /// the next program started, or is raised again by the last release.
    static func hold() {
        forwardingLock.lock()
        defer { forwardingLock.unlock() }
        holdLocked()
    }

    /// Ends a ``hold()``; the last one restores the handlers there were and raises a signal that
    /// no program took.
    static func release() { release(freeing: nil) }

    private static func holdLocked() {
        holders += 1
        guard holders == 1 else { return }
        // The handler must not be the first to touch these lazily made globals: that allocates.
        _ = forwardedPIDs
        _ = forwardedSignals
        pendingSignal.pointee = 0
        StopSignal.take(
            { signal in
                let saved = errno
                var taken = false
                for i in 0..<forwardingSlots where forwardedPIDs[i] > 0 {
                    kill(forwardedPIDs[i], signal)
                    forwardedSignals[i] = signal
                    taken = true
                }
                if !taken { pendingSignal.pointee = signal }
                errno = saved
            }, saving: &previousActions)
    }

    /// ``release()``, with a run's `slot` freed first under the same lock.
    private static func release(freeing slot: Int?) {
        forwardingLock.lock()
        if let slot { forwardedPIDs[slot] = 0 }
        holders -= 1
        var pending: Int32 = 0
        if holders == 0 {
            StopSignal.restore(previousActions)
            pending = pendingSignal.pointee
            pendingSignal.pointee = 0
        }
        forwardingLock.unlock()
        // Raised with the lock given up: the restored handler runs at once, and may replay.
        if pending != 0 { raise(pending) }
    }

    /// A stop signal that came while the signals are held with no program to take it, if any.
    static var pendingStop: Int32? { pendingSignal.pointee == 0 ? nil : pendingSignal.pointee }

    /// Takes ``pendingStop``: the caller tells it (as an error), so that the last release does
    /// not raise it again.
    static func takePendingStop() -> Int32? {
        forwardingLock.lock()
        defer { forwardingLock.unlock() }
        let signal = pendingStop
        pendingSignal.pointee = 0
        return signal
    }

    /// The signal passed on so far, if any.
    var received: Int32? {
        guard let slot, forwardedSignals[slot] != 0 else { return nil }
        return forwardedSignals[slot]
    }

    func end() {
        guard let slot else { return }
        Self.release(freeing: slot)
    }
}
