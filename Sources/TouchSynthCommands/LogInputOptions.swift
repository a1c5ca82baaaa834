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
