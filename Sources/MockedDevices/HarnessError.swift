import Recordings

/// Why the mocked-device harness could not run: the kind of problem, for the program to act on,
/// and one line for a person.
public struct HarnessError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The recording is malformed, or longer than a replay may be.
        case badData
        /// The recording holds nothing an app would see: no events, or a device that neither
        /// points nor touches (``ReplayOptions/refusesEmpty``). Bad data to a command line.
        case nothingToShow
        /// The recording file does not exist.
        case missingFile
        /// The recording file cannot be read.
        case permission
        /// The harness was asked for what it cannot do: an event number out of range, a device
        /// added twice, a fault on a device it does not have, no command.
        case usage
        /// A part is missing: the preload library, the program, or the device the program never opened.
        case unavailable
        /// The libinput version asked for is not built yet (``LibinputBuild/resolve(_:)``); the
        /// message names the command that builds it.
        case notBuilt
        /// libinput would not use the recording's device: its description breaks one of libinput's
        /// rules (an axis whose minimum is its maximum). Bad data to a command line.
        case deviceRejected
        /// A quirks file tried on the replay (``MockedDevice/quirks``) that libinput would refuse,
        /// and so drop every quirk: bad data to a command line.
        case quirksRefused
        /// The program failed: it ended before it was ready (``HarnessError/programStatus``), or
        /// stopped reading the device.
        case programFailed
        /// A system call or umockdev failed.
        case system
        /// A stop signal (``HarnessError/signal``) came while the recording was read, before any
        /// program ran to take it: a pipe whose writer goes on is read no further.
        case interrupted
    }

    public var kind: Kind
    public var message: String
    /// The program's own exit status, when it ended before it was ready: a program that signals
    /// its readiness itself has then said why on its stderr, or stopped as asked (0).
    public var programStatus: Int32?
    /// The stop signal that interrupted the reading (``Kind/interrupted``).
    public internal(set) var signal: Int32?
    /// The node of the device libinput rejected (``Kind/deviceRejected``), when it said which.
    public var device: String?
    /// Why a program could not be started (`posix_spawn`'s error), when that is the failure.
    var spawnErrno: Int32?
    /// What reading the recording `file` guessed or repaired before the replay failed: it may say
    /// why (a description inferred from keys alone is no touchpad).
    public var recordingNotes: (file: String, notes: [String])?

    package init(_ kind: Kind, _ message: String, programStatus: Int32? = nil) {
        self.kind = kind
        // Messages quote what they read (a file's line, libinput's log): one line a terminal shows as it is.
        self.message = RecordingError.oneLine(message)
        self.programStatus = programStatus
    }

    /// A recording that turned out bad as it streamed, in the harness's terms.
    package init(_ error: RecordingError) {
        let kind: Kind =
            switch error.kind {
            case .badData: .badData
            case .missingFile: .missingFile
            case .permission: .permission
            case .usage: .usage
            }
        self.init(kind, error.description)
    }

    public var description: String { message }

    /// The error with `notes`, what reading `file` guessed or repaired.
    package func noting(_ notes: [String], in file: String) -> HarnessError {
        var noted = self
        noted.recordingNotes = (file, notes)
        return noted
    }
}

/// `body`'s result, its error as a ``HarnessError`` of the same kind.
package func harnessError<T>(_ body: () throws(RecordingError) -> T) throws(HarnessError) -> T {
    do {
        return try body()
    } catch {
        throw HarnessError(error)
    }
}
