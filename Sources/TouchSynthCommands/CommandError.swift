/// A failure the command finds itself, outside the libraries: a line of a file only it reads, a
/// temporary file it cannot create, a replay it ran for its own use that failed.
struct CommandError: Error, CustomStringConvertible {
    enum Kind {
        /// A file the command reads is malformed.
        case badData
        /// The command's own machinery failed: a temporary file, a replay it ran.
        case system
        /// A part the command needs is missing and it could not make it (a libinput build).
        case unavailable
    }

    var kind: Kind
    var message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    var description: String { message }
}
