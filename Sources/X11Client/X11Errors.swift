import CX11Input

/// Xlib's errors kept rather than fatal: Xlib's default handler ends the process on any error
/// the server sends, where the client should say what was refused.
enum X11Errors {
    nonisolated(unsafe) private static var last: String?

    /// Puts the handler in place; Xlib keeps one for the process.
    static func install() {
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
