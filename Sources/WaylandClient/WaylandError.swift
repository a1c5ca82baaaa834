/// Why the Wayland client could not do what it was asked, in one sentence.
public struct WaylandError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No compositor to connect to, or it lacks what the client needs.
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
