/// Why a client of the window system (Wayland's, X11's) could not do what it was asked, in one
/// sentence.
public struct WindowSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No compositor or X server to connect to, or it lacks what the client needs.
        case unavailable
        /// The connection failed or a system call did.
        case system
    }

    /// What kind of failure, for the status a command ends with.
    public var kind: Kind
    /// The sentence for the user.
    public var message: String

    /// A failure of `kind`, told in `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
