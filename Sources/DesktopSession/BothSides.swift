import DesktopEvents
import Foundation
import LibinputKit
import ProcessSignals

/// What the window system (a compositor, an X server) delivers to the client's window and, where
/// a device is given, libinput's own events from it at once: the device read on this thread, the
/// window system on another, until SIGINT or SIGTERM. Each event goes to `handle`, one at a time,
/// with whether it is the window's.
public enum BothSides {
    /// Runs until stopped; returns each side's events, for ``CompositorComparison``: none without
    /// a device, when there is nothing to compare and a long session should not grow.
    public static func run(
        _ context: LibinputContext?, _ client: any DesktopWindowClient,
        _ handle: @escaping (_ event: LibinputEvent, _ window: Bool) -> Void, noted: @escaping (String) -> Void
    ) throws -> (libinput: [LibinputEvent], window: [LibinputEvent]) {
        let collected = Collected(handle, keeps: context != nil)
        guard let context else {
            let stop = try StopSignal()
            defer { stop.end() }
            try client.runAsLibinputEvents(
                stoppingOn: stop.fileDescriptor, { collected.add($0, window: true) }, noted: noted)
            return try collected.result()
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw WindowSystemError(.system, "pipe: \(String(cString: strerror(errno)))") }
        defer { ends.forEach { close($0) } }
        // The client is used on the other thread only, until it is done.
        nonisolated(unsafe) let client = client, noted = noted
        let stop = ends[0]
        let thread = try JoinedThread {
            do {
                try client.runAsLibinputEvents(stoppingOn: stop, { collected.add($0, window: true) }, noted: noted)
            } catch {
                collected.fail(error)
            }
        }
        do {
            try context.run { event in
                collected.add(event, window: false)
                return true
            }
        } catch {
            collected.fail(error)
        }
        _ = write(ends[1], "x", 1)
        thread.join()
        return try collected.result()
    }
}

/// Both sides' events, gathered from two threads and handed on one at a time.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private let handle: (LibinputEvent, Bool) -> Void
    private let keeps: Bool
    private var libinput: [LibinputEvent] = []
    private var window: [LibinputEvent] = []
    private var error: (any Error)?

    init(_ handle: @escaping (LibinputEvent, Bool) -> Void, keeps: Bool) {
        self.handle = handle
        self.keeps = keeps
    }

    func add(_ event: LibinputEvent, window isWindow: Bool) {
        lock.withLock {
            if keeps { if isWindow { window.append(event) } else { libinput.append(event) } }
            handle(event, isWindow)
        }
    }

    func fail(_ error: any Error) { lock.withLock { self.error = self.error ?? error } }

    func result() throws -> (libinput: [LibinputEvent], window: [LibinputEvent]) {
        try lock.withLock {
            if let error { throw error }
            return (libinput, window)
        }
    }
}
