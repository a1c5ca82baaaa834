/// Why libinput could not be used: the kind of problem, for the program to act on, and one line
/// for a person.
public struct LibinputError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        /// A file was given where an input device node goes.
        case badData
        /// No device node at the path (or a directory there).
        case missingFile
        /// The device node exists but this user may not open it.
        case permission
        /// There is no device to use.
        case unavailable
        /// libinput would not use the device: its description breaks one of libinput's rules
        /// (an axis whose minimum is its maximum, one resolution of two), a kernel bug in its terms.
        case deviceRejected
        /// A system call, or setting up udev or libinput, failed.
        case system
    }

    public var kind: Kind
    public var message: String
    /// The node of the device libinput rejected (``Kind/deviceRejected``): of several, which.
    public var device: String?

    init(_ kind: Kind, _ message: String, device: String? = nil) {
        self.kind = kind
        self.message = message
        self.device = device
    }

    public var description: String { message }

    /// `path` (under `/dev/input`) may not be opened by this user.
    public static func permission(_ path: String) -> LibinputError {
        LibinputError(.permission, "cannot open \(path): permission denied")
    }
}
