import ArgumentParser
import Recordings

/// `--quirks FILE`, `--dmi` and `--udev-property`: quirks tried on a replay over that libinput
/// version's own, and the machine and udev properties they match (which libinput reads too).
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
            "The recording machine's DMI modalias (dmi:bvn…:svn…:pn…:), which MatchDMIModalias quirks match, "
                + "for a recording that does not carry it.",
            valueName: "dmi"))
    var dmi: String?
    @Option(
        help: ArgumentHelp(
            "A udev property for the recording's device, as a udev rule would set it: ID_INPUT_* or LIBINPUT_*, what "
                + "libinput reads (repeatable).",
            valueName: "key=value"), transform: { try UdevProperty(parsing: $0) }) var udevProperty: [UdevProperty] = []

    func validate() throws {
        if let problem = dmi.flatMap(MachineDMI.problem) { throw ValidationError("--dmi: \(problem)") }
        if let twice = UdevProperty.repeatedKey(in: udevProperty) {
            throw ValidationError("--udev-property names \(twice) twice")
        }
    }
}
