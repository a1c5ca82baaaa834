import ArgumentParser
import DeviceRecording
import Foundation

/// `touchsynth replay REC`: a recording through real libinput, printed like `debug`.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recording through real libinput (mocked device, no root) and print the events.")

    @Argument(help: "The recording (evemu, libinput record YAML or evtest text).") var recording: String
    @Option(help: "Device description for an evemu .events file without a header.") var desc: String?
    @OptionGroup var output: OutputOptions
    @Flag(help: "Turn tap-to-click on (libinput's default is off).") var enableTap = false
    @Flag(help: "Print the harness's measurements to stderr.") var stats = false
    @Option(help: "Playback speed, up to 10 (2 = twice as fast; libinput's timers then see compressed time).") var speed = 1.0

    func validate() throws {
        // Faster, libinput falls behind the pty's 4 KiB buffer and evdev framing breaks.
        guard speed.isFinite, speed >= 0.01, speed <= 10 else { throw ValidationError("--speed must be within 0.01 and 10") }
    }

    func run() throws {
        let report = reportingErrors { () throws -> ReplayReport in
            let device = try MockedDevice.forFile(recording, description: desc)
            var command = [currentExecutable(), "debug", "--device", device.devnode] + output.arguments
            if enableTap { command.append("--enable-tap") }
            var timing = ReplayTiming.programSignalsReady
            timing.speed = speed
            return try device.run(command, timing: timing, readiness: .programSignals)
        }
        if stats { printStats(report) }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
