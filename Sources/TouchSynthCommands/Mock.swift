import ArgumentParser
import Foundation
import MockedDevices

/// `touchsynth mock REC -- COMMAND`: any program (e.g. `libinput debug-events`) against a recorded device.
struct Mock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Run a command against a recording presented as a real device (no root).",
        discussion: """
            In COMMAND, {devnode} is replaced by the mocked device node. Example:
              touchsynth mock pinch.yml -- libinput debug-events --device {devnode}
            COMMAND runs on the virtual clock (see --real-time) when it waits for input on the main thread that opens \
            the device, in poll, select, epoll or a blocking read of the device, as libinput's tools and evtest do. A \
            program that waits otherwise (on another thread, in a sleep) never looks idle, and the run ends with exit \
            status 70 after 5 s: give it --real-time. A program that needs wall-clock pacing (a progress display, a \
            server such as view, stopped once the recording is over) needs it too. The exit status is COMMAND's \
            (128 + N if signal N killed it, 127 if not found); Swift's crash handler, which the harness's preloaded \
            library would bring into COMMAND, is off unless SWIFT_BACKTRACE is set.
            """)

    @Argument(help: Help.recording) var recording: String
    @OptionGroup var input: LogInputOptions
    @Option(parsing: .unconditional, help: "N of /dev/input/eventN.") var eventNumber = MockedDevice.defaultEventNumber
    @Option(parsing: .unconditional, help: "Milliseconds to wait after the last frame before stopping the command.")
    var tailMs = 300
    @Flag(help: "Print the harness's measurements to stderr.") var stats = false
    @OptionGroup var clock: ClockOptions
    @OptionGroup var libinput: LibinputOption
    @Argument(parsing: .postTerminator, help: "The command to run.") var command: [String]

    func validate() throws {
        try libinput.check(several: false)
        guard !command.isEmpty else { throw ValidationError("give the command after --") }
        guard (0...MockedDevice.highestEventNumber).contains(eventNumber) else {
            throw ValidationError("--event-number must be within 0 and \(MockedDevice.highestEventNumber)")
        }
        guard (0...60_000).contains(tailMs) else { throw ValidationError("--tail-ms must be within 0 and 60000") }
    }

    func run() throws {
        let report = try { () throws -> ReplayReport in
            try MockedDevice.holdingSignals { () throws -> ReplayReport in
                let device = try MockedDevice.forFile(
                    recording, description: input.desc, node: input.node, eventNumber: eventNumber)
                warn(device.notes, in: recording)
                // Frames of a device its program never opens would stall the clock.
                let others = device.alongside.deviceNames
                if !others.isEmpty { warn(["mock presents the device read alone, not \(others)"], in: recording) }
                device.libinput = try libinput.build()
                return try device.run(
                    command.map { $0.replacingOccurrences(of: "{devnode}", with: device.devnode) },
                    timing: ReplayTiming(clock: clock.clock, tail: .milliseconds(tailMs)))
            }
        }()
        if stats { printStats(report) }
        try endIfInterrupted(by: report.interruption)
        for warning in report.programWarnings(named: command[0]) { writeStderr("touchsynth: warning: " + warning) }
        throw ExitCode(report.programStatus)
    }
}

func printStats(_ report: ReplayReport) {
    writeStderr("touchsynth: " + report.measurements(harnessPeakKiB: PeakMemory.ofThisProcess()))
}
