import ArgumentParser
import Foundation
import MockedDevices

/// `touchsynth replay REC`: a recording through real libinput, printed like `debug`.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recording through real libinput (mocked device, no root) and print the events.")

    @Argument(help: "The recording (evemu, libinput record YAML, evtest text, getevent -lt/-t, a ChromeOS evdev log).") var recording: String
    @OptionGroup var input: LogInputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @Flag(help: "Print the harness's measurements to stderr.") var stats = false
    @Flag(help: "The recording is what a kernel delivered (libinput record of a device): play it as it is, without the kernel input core's filtering.")
    var asDelivered = false
    @Flag(help: """
        The recording is a `libinput record --with-libinput` file: instead of the events, print where this run's libinput events part \
        from those recorded on the reporter's machine (played as delivered, tapping on as libinput record has it). Exit status 1 when they differ.
        """)
    var withLibinput = false
    @Option(help: "Playback speed, up to 10 (2 = twice as fast; libinput's timers then see compressed time).") var speed = 1.0
    @OptionGroup var clock: ClockOptions
    @OptionGroup var libinput: LibinputOptions
    @Option(name: .customLong("with"), help: ArgumentHelp("Another recorded device played at the same time (both first frames at once), e.g. a keyboard, as /dev/input/event11 and up (repeatable).",
                                                          valueName: "recording")) var others: [String] = []
    @Option(help: ArgumentHelp("Unplug a device at SECONDS into the replay: the recording's, or eventN (11 is the first --with).",
                               valueName: "seconds[@eventN]")) var unplug: [FaultSpec] = []
    @Option(help: ArgumentHelp("Overflow a device's event buffer at SECONDS, losing MS milliseconds of frames (default 50): its reader gets SYN_DROPPED.",
                               valueName: "seconds[+ms][@eventN]")) var synDropped: [FaultSpec] = []

    func validate() throws {
        // Faster, libinput falls behind the pty's 4 KiB buffer and evdev framing breaks.
        guard speed.isFinite, speed >= 0.01, speed <= 10 else { throw ValidationError("--speed must be within 0.01 and 10") }
        guard others.count <= 8 else { throw ValidationError("at most 8 --with devices") }
        try libinput.check(several: false)
        guard unplug.allSatisfy({ $0.lost == nil }) else { throw ValidationError("--unplug takes SECONDS[@eventN], without +MS") }
        // On the virtual clock every frame is read the instant it is stamped.
        if output.latency != nil && !clock.realTime { throw ValidationError("--latency measures real-time delivery: add --real-time") }
        if withLibinput && (!others.isEmpty || !unplug.isEmpty || !synDropped.isEmpty || output.latency != nil || output.mode.modes.count > 0) {
            throw ValidationError("--with-libinput compares libinput events alone: without --with, faults, --mode or --latency")
        }
    }

    func run() throws {
        if withLibinput { return try compareWithRecordedLibinput() }
        let report = reportingErrors { () throws -> ReplayReport in
            let device = try MockedDevice.forFile(recording, description: input.desc, node: input.node)
            warn(device.notes, in: recording)
            device.filtersLikeKernel = !asDelivered
            device.libinput = libinput.build()
            for (index, other) in others.enumerated() { try device.addDevice(file: other, eventNumber: 11 + index) }
            for fault in unplug { device.faults.append(.removal(devnode: fault.devnode ?? device.devnode, at: fault.at)) }
            for fault in synDropped {
                device.faults.append(.synDropped(devnode: fault.devnode ?? device.devnode, at: fault.at, lost: fault.lost ?? 50_000))
            }
            // The child writes the latency file; one it cannot write fails here, before the replay.
            if let latency = output.latency { close(openForWriting(latency)) }
            let command = [currentExecutable(), "debug"] + device.devnodes.flatMap { ["--device", $0] } + output.arguments + config.arguments
            var timing = ReplayTiming.programSignalsReady
            timing.speed = speed
            timing.clock = clock.clock
            do {
                return try device.run(command, timing: timing, readiness: .programSignals)
            } catch let error as HarnessError {
                // The program is this one's `debug`, on the same stderr: ended before it was
                // ready, it has said why, or its reader went away (`| head`, status 0).
                if let status = error.programStatus { Foundation.exit(status) }
                throw error
            }
        }
        if stats { printStats(report) }
        endIfInterrupted(report)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}

/// A fault's instant and target: `SECONDS[+MS][@eventN]`.
struct FaultSpec: ExpressibleByArgument {
    /// Microseconds into the replay.
    var at: UInt64
    /// Microseconds of frames lost (SYN_DROPPED only).
    var lost: UInt64?
    /// `/dev/input/eventN`, or nil for the recording's own device.
    var devnode: String?

    init?(argument: String) {
        var text = Substring(argument)
        if let sign = text.firstIndex(of: "@") {
            let node = text[text.index(after: sign)...]
            guard node.hasPrefix("event"), let n = Int(node.dropFirst(5)), (0...MockedDevice.highestEventNumber).contains(n) else { return nil }
            devnode = "/dev/input/event\(n)"
            text = text[..<sign]
        }
        if let plus = text.firstIndex(of: "+") {
            guard let ms = Double(text[text.index(after: plus)...]), ms.isFinite, (0...60_000).contains(ms) else { return nil }
            lost = UInt64(ms * 1000)
            text = text[..<plus]
        }
        guard let seconds = Double(text), seconds.isFinite, (0...86_400).contains(seconds) else { return nil }
        at = UInt64(seconds * 1e6)
    }
}
