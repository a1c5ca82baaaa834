import ArgumentParser
import Foundation
import Recordings
import UinputDevices

/// `touchsynth play REC`: a recording on a real uinput device, for every program on the machine.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract:
            "Play a recording on a real uinput device, as `libinput replay` does, from any format TouchSynth reads.",
        discussion: """
            The device is made from the recording's whole description but force feedback (EV_FF): a header's axis \
            values (ABS_MT_SLOT's among them) and the switches and LEDs on are where the kernel starts, which YAML \
            cannot say. Prints "NODE: NAME" once the device exists; with --wait, plays when a line (or the end of \
            input) arrives on stdin, so that readers can open the node first. The device is removed --linger-ms after \
            the last frame, or when the command ends. A file's other devices and --with ones play too, on one clock, \
            a line printed for each, all at once. Needs write access to /dev/uinput.
            """)

    @Argument(help: Help.recording) var recording: String
    @OptionGroup var input: LogInputOptions
    @OptionGroup var window: WindowOptions
    @Flag(help: "Wait for a line on stdin before playing.") var wait = false
    @Option(
        parsing: .unconditional,
        help: "Milliseconds to keep the device after the last frame, for readers' timers (libinput's tap and hold).")
    var lingerMs = 300
    @Option(help: "The uinput node.") var uinput = "/dev/uinput"
    @OptionGroup var with: OtherDevicesOptions

    func validate() throws {
        guard (0...60_000).contains(lingerMs) else { throw ValidationError("--linger-ms must be within 0 and 60000") }
    }

    func run() throws {
        try checkReadable([recording, input.desc] + with.others)
        let loaded = try window.cut(input.load(recording), path: recording)
        let playback = try UinputPlayback(loaded, with: with.recordings(window: window), path: uinput)
        for played in playback.played { warn(played.device.notes, in: ([recording] + with.others)[played.file]) }
        // One write: a reader that sees the first line has them all.
        try emit(playback.played.map { "\($0.device.devnode): \($0.recording.device.name)" }.joined(separator: "\n"))
        if wait { _ = readLine() }
        try playback.play(linger: .milliseconds(lingerMs))
    }
}
