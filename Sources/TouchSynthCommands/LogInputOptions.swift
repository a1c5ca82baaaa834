import ArgumentParser
import Recordings

/// `--desc` and `--device`: what a log may need besides itself.
struct LogInputOptions: ParsableArguments {
    static let descHelp: ArgumentHelp = """
        Device description for a log without one (evemu or evtest events, getevent without -p, a ChromeOS log): any description or recording TouchSynth reads, \
        or a bare evemu A: axis list. Without it, one is inferred from the events (a warning says what was guessed).
        """

    @Option(help: descHelp) var desc: String?
    @Option(name: .customLong("device"), help: ArgumentHelp("A device by node (event2 or /dev/input/event2): the one to read of a getevent log of several.", valueName: "node"))
    var node: String?
}

/// A live device node as given: `event2` is short for `/dev/input/event2`, as in a getevent log.
func deviceNode(_ given: String) -> String {
    given.hasPrefix("event") && !given.contains("/") && Int(given.dropFirst(5)) != nil ? "/dev/input/" + given : given
}

/// Ends the command at once when an input file is missing or unreadable: before a libinput build
/// that may take a minute, not after it.
func requireReadable(_ paths: [String?]) throws {
    for case let path? in paths { try checkReadable(path) }
}
