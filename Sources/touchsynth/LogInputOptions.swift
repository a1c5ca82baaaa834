import ArgumentParser

/// `--desc` and `--device`: what a log may need besides itself.
struct LogInputOptions: ParsableArguments {
    @Option(help: """
        Device description for a log without one (evemu or evtest events, getevent without -p, a ChromeOS log): any description or recording TouchSynth reads, \
        or a bare evemu A: axis list. Without it, one is inferred from the events (a warning says what was guessed).
        """)
    var desc: String?
    @Option(name: .customLong("device"), help: ArgumentHelp("The device of a getevent log of several, by node (event2 or /dev/input/event2).", valueName: "node"))
    var node: String?
}
