import DesktopEvents
import DeviceCorpus
import Foundation
import LibinputKit
import MockedDevices
import OutputFiles
import Recordings
import UinputDevices
import ViewPublishing

/// The exit statuses of sysexits.h, and the one place that turns an error into what the user
/// sees: the libraries say what went wrong (a kind and a message); the command chooses the
/// status a script gets and the advice a person needs.
enum ExitStatus {
    /// What `diff` and `cmp` answer when their inputs differ; also a check that failed (the
    /// modes differ under `--fail-on-diff`, an invariant broken, `bridge --check`).
    static let differs: Int32 = 1
    /// EX_USAGE: the command line asks for something impossible.
    static let usage: Int32 = 64
    /// EX_DATAERR: an input is malformed.
    static let badData: Int32 = 65
    /// EX_NOINPUT: an input file or device does not exist.
    static let missingInput: Int32 = 66
    /// EX_UNAVAILABLE: a part the command needs is missing.
    static let unavailable: Int32 = 69
    /// EX_SOFTWARE: an internal error, or a program the command ran failed.
    static let internalError: Int32 = 70
    /// EX_OSERR: a system call failed.
    static let systemError: Int32 = 71
    /// EX_CANTCREAT: an output file cannot be created.
    static let cannotCreate: Int32 = 73
    /// EX_IOERR: writing an output failed.
    static let ioError: Int32 = 74
    /// EX_NOPERM: permission was refused.
    static let permission: Int32 = 77

    /// `error` as the user sees it: one sentence, with advice where a person can act on it, and
    /// the exit status. An error of no known type is an internal error, told in Foundation's words
    /// rather than as a Swift value.
    private static func failure(for error: any Error) -> (message: String, code: Int32) {
        switch error {
        case let error as RecordingError: (error.description, code(for: error.kind))
        case let error as HarnessError:
            (error.description + (error.kind == .nothingToShow ? allowEmptyAdvice : ""), code(for: error))
        case let error as LibinputError: (error.description + advice(for: error.kind), code(for: error.kind))
        case let error as UinputError: (error.description + advice(for: error.kind), code(for: error.kind))
        case let error as CommandError: (error.description, unavailable)
        case let error as ViewServerError: (error.description, code(for: error.kind))
        case let error as WindowSystemError: (error.description, error.kind == .unavailable ? unavailable : systemError)
        case let error as CorpusError: (error.description, error.isBadData ? badData : usage)
        case let error as OutputFileError: (error.description, code(for: error.kind))
        default: ("a bug in TouchSynth (please report it): \(error.localizedDescription)", internalError)
        }
    }

    /// Says `error` on stderr, after what came before it that may say why (what reading the
    /// recording guessed or repaired, as warnings), and returns its exit status; a reading stopped
    /// as asked (Ctrl-C) is told by its status alone, as a replay the signal stops is.
    static func tell(_ error: any Error) -> Int32 {
        let failure = failure(for: error)
        if let noted = (error as? HarnessError)?.recordingNotes { warn(noted.notes, in: noted.file) }
        if (error as? HarnessError)?.kind != .interrupted { writeStderr("touchsynth: \(failure.message)") }
        return failure.code
    }

    /// What a user can do about a recording with nothing to show.
    static let allowEmptyAdvice = " (--allow-empty replays it all the same)"

    private static func code(for kind: RecordingError.Kind) -> Int32 {
        switch kind {
        case .badData: badData
        case .missingFile: missingInput
        case .permission: permission
        case .usage: usage
        }
    }

    /// A program that ended before it was ready with a status of its own ends this one with it.
    private static func code(for error: HarnessError) -> Int32 {
        switch error.kind {
        case .badData, .nothingToShow, .quirksRefused, .deviceRejected: badData
        case .missingFile: missingInput
        case .permission: permission
        case .usage: usage
        case .unavailable, .notBuilt: unavailable
        case .programFailed: error.programStatus.flatMap { $0 == 0 ? nil : $0 } ?? internalError
        case .system: systemError
        case .interrupted: 128 + (error.signal ?? SIGINT)
        }
    }

    private static func code(for kind: LibinputError.Kind) -> Int32 {
        switch kind {
        case .badData: badData
        case .missingFile: missingInput
        case .permission: permission
        // A live device libinput will not take; a recording's comes as HarnessError, bad data.
        case .unavailable, .deviceRejected: unavailable
        case .system: systemError
        }
    }

    private static func code(for kind: UinputError.Kind) -> Int32 {
        switch kind {
        case .permission: permission
        case .unavailable: unavailable
        case .notADevice: missingInput
        case .system: systemError
        }
    }

    private static func code(for kind: ViewServerError.Kind) -> Int32 {
        switch kind {
        case .portInUse: unavailable
        case .permission: permission
        case .badAddress: usage
        case .system: systemError
        }
    }

    private static func code(for kind: OutputFileError.Kind) -> Int32 {
        switch kind {
        case .cannotCreate: cannotCreate
        case .permission: permission
        case .io: ioError
        case .overwritesInput, .givenTwice, .noPath: usage
        }
    }

    /// What to do about an input device node this user may not open.
    private static func advice(for kind: LibinputError.Kind) -> String {
        guard kind == .permission else { return "" }
        return "; join the 'input' group (sudo usermod -aG input $USER, then log in again) or run with sudo"
    }

    /// What to do about /dev/uinput: let this user write it, or load the module that makes it.
    private static func advice(for kind: UinputError.Kind) -> String {
        switch kind {
        case .permission:
            ". Run with sudo, or let your user write it: a udev rule KERNEL==\"uinput\", GROUP=\"input\", "
                + "MODE=\"0660\" and membership of the input group (sudo usermod -aG input $USER, then log in again)"
        case .unavailable: ": load the uinput module (sudo modprobe uinput)"
        case .notADevice, .system: ""
        }
    }
}
