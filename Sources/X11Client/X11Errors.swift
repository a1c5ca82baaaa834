import CX11Input

/// Xlib's errors kept rather than fatal: Xlib's default handlers end the process on any error
/// the server sends and on a lost connection, where the client should say what happened.
enum X11Errors {
    nonisolated(unsafe) private static var last: String?
    /// Whether a connection was lost: Xlib then answers from what it had queued, and no more.
    nonisolated(unsafe) private(set) static var connectionLost = false

    /// Keeps `display`'s lost connection from ending the process (libX11 1.7's exit handler).
    static func survive(_ display: OpaquePointer) {
        XSetIOErrorExitHandler(display, { _, _ in X11Errors.connectionLost = true }, nil)
    }

    /// Puts the handlers in place; Xlib keeps one of each for the process.
    static func install() {
        // The default one prints "XIO: fatal IO error"; the client says it in its own words.
        XSetIOErrorHandler { _ in 0 }
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            X11Errors.last = String(decoding: bytes, as: UTF8.self) + " (request \(event.pointee.request_code))"
            return 0
        }
    }

    /// The error since the last call, if any.
    static func take() -> String? {
        defer { last = nil }
        return last
    }
}
