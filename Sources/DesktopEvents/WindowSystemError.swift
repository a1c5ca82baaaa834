/// Why a client of the window system (Wayland's, X11's) could not do what it was asked, in one
/// sentence.
public struct WindowSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No compositor or X server to connect to, or it lacks what the client needs.
        case unavailable
        /// The connection failed or a system call did.
        case system
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
