import ArgumentParser
import LibinputEventText
import Quirks
import Recordings
import Replays
import Report

/// `touchsynth quirks REC`: the libinput quirks that apply to a recording's device.
struct QuirksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quirks",
        abstract:
            "The libinput quirks that apply to a recording's device, as libinput quirks list says on its machine.",
        discussion: """
            That libinput version's own tool runs against the mocked device, with the DMI the recording carries (or \
            --dmi) and any --quirks files after the version's own: each section that matched, and each quirk with \
            the file that set it.
            """)

    @Argument(help: Help.recording) var recording: String
    @OptionGroup var input: LogInputOptions
    @Flag(help: Help.json) var json = false
    @OptionGroup(title: "Device configuration") var quirks: QuirksOptions
    @OptionGroup var libinput: LibinputOption
    @Flag(help: "Print the quirks a libinput record lists (its machine's) as a quirks file for --quirks.")
    var recorded = false

    func validate() throws {
        try libinput.check(several: false)
        let passedOver = given([
            "--json": json, "--quirks": !quirks.files.isEmpty, "--dmi": quirks.dmi != nil,
            "--udev-property": !quirks.udevProperty.isEmpty, "--libinput": !libinput.versions.isEmpty,
        ])
        if recorded, let option = passedOver.first {
            throw ValidationError("--recorded prints the recording's own quirks: \(option) cannot go with it")
        }
    }

    func run() throws {
        try checkReadable([recording, input.desc] + quirks.files)
        if recorded { return try emit(RecordedQuirksFile.text(for: input.device(recording), file: recording)) }
        let options = replayOptions(libinput: try libinput.build(), quirks: quirks)
        let listing = try QuirksListing.list(
            .file(recording, description: input.desc, device: input.node), options: options)
        warn(listing.notes, in: recording)
        guard json else {
            return try emit(QuirksListingText.lines(listing, recording: recording).joined(separator: "\n"))
        }
        try emit(try JSONLines.document("quirks", [QuirksListingText.Line(listing, recording: recording)]))
    }
}
