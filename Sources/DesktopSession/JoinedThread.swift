import DesktopEvents

#if canImport(Glibc)
import Glibc
#endif

/// A thread that is waited for to its very end (`pthread_join`), its closure and whatever that
/// holds released before ``join()`` returns. Foundation's `Thread` lets its closure go as the
/// thread's own storage is torn down, after its work signalled that it was done: a window
/// system's client released there closed its connection while the process exited, in libraries
/// already finalized.
final class JoinedThread {
    private let handle: pthread_t
    private var joined = false

    /// Starts `body` on a new thread.
    init(_ body: @escaping () -> Void) throws(WindowSystemError) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(
            &handle, nil,
            { context in
                // Released here, on the thread, once the work is done.
                context.map { Unmanaged<Body>.fromOpaque($0).takeRetainedValue().run() }
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw WindowSystemError(.system, "a thread for the window system: \(String(cString: strerror(status)))")
        }
        self.handle = handle
    }

    /// Waits until the thread has ended.
    func join() {
        guard !joined else { return }
        joined = true
        pthread_join(handle, nil)
    }

    deinit { join() }

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}
