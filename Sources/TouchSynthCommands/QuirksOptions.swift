import ArgumentParser

/// `--quirks FILE`: device quirks tried on a replay, on top of that libinput version's own.
struct QuirksOptions: ParsableArguments {
    @Option(
        name: .customLong("quirks"),
        help: ArgumentHelp(
            "A libinput quirks file read after the libinput version's own, as a local override would be "
                + "(repeatable): what it changes, without installing it.",
            valueName: "file"))
    var files: [String] = []
}
