import CX11Input
import Foundation

/// Xlib's errors kept rather than fatal: Xlib's default handlers end the process on any error
/// the server sends and on a lost connection, where the client should say what happened. Xlib
/// keeps one handler of each for the process, so what they learn is kept by display, under a
/// lock: each client runs on a thread of its own.
enum X11Errors {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var refused: [OpaquePointer: String] = [:]
    nonisolated(unsafe) private static var lost: Set<OpaquePointer> = []

    /// Puts the handlers in place and keeps `display`'s lost connection from ending the process
    /// (libX11 1.7's exit handler): Xlib then answers from what it had queued, and no more.
    static func install(for display: OpaquePointer) {
        // The default one prints "XIO: fatal IO error"; the client says it in its own words.
        XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(
            display,
            { display, _ in if let display { _ = X11Errors.lock.withLock { X11Errors.lost.insert(display) } } },
            nil)
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let error = String(decoding: bytes, as: UTF8.self) + " (request \(event.pointee.request_code))"
            X11Errors.lock.withLock { X11Errors.refused[display] = error }
            return 0
        }
    }

    /// The error `display`'s server sent since the last call, if any.
    static func take(_ display: OpaquePointer) -> String? {
        lock.withLock { refused.removeValue(forKey: display) }
    }

    /// Whether `display`'s connection was lost.
    static func isLost(_ display: OpaquePointer) -> Bool {
        lock.withLock { lost.contains(display) }
    }

    /// Lets go of what was kept for `display`, which is being closed.
    static func forget(_ display: OpaquePointer) {
        lock.withLock {
            refused[display] = nil
            lost.remove(display)
        }
    }
}
