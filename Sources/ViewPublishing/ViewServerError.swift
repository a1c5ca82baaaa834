/// Why the view's server could not serve.
public struct ViewServerError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable {
        /// The port is taken by another program.
        case portInUse
        /// This user may not listen on the port: a privileged one (below 1024 by default).
        case permission
        /// `--listen` named something that is not an IP address of this machine.
        case badAddress
        /// The socket could not be made or bound for another reason.
        case system
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
