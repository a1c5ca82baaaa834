import ArgumentParser
import Recordings

/// `--quirks FILE` and `--dmi`: device quirks tried on a replay, on top of that libinput
/// version's own, and the machine they are matched against.
struct QuirksOptions: ParsableArguments {
    @Option(
        name: .customLong("quirks"),
        help: ArgumentHelp(
            "A libinput quirks file read after the libinput version's own, as a local override would be "
                + "(repeatable): what it changes, without installing it.",
            valueName: "file"))
    var files: [String] = []
    @Option(
        help: ArgumentHelp(
            "The recording machine's DMI modalias (dmi:bvn…:svn…:pn…:), which MatchDMIModalias quirks match, for a "
                + "recording that does not carry it.",
            valueName: "dmi"))
    var dmi: String?

    func validate() throws {
        if let problem = dmi.flatMap(MachineDMI.problem) { throw ValidationError("--dmi: \(problem)") }
    }
}
