import ArgumentParser
import Recordings

/// `--desc` and `--device`: what a log may need besides itself.
struct LogInputOptions: ParsableArguments {
    @Option(help: Help.desc) var desc: String?
    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "A device by node (event2 or /dev/input/event2): the one to read of a getevent log of several.",
            valueName: "node"))
    var node: String?
}

/// Ends the command at once when an input file is missing or unreadable: before a libinput build
/// that may take a minute, not after it.
func requireReadable(_ paths: [String?]) throws {
    for case let path? in paths { try checkReadable(path) }
}
