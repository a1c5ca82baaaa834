import ArgumentParser
import Benchmarks
import Foundation
import LibinputKit
import MockedDevices

/// `touchsynth debug`: live libinput events, or the app events of either UIKit mode, one line each.
struct Debug: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract:
            "Print libinput events (or the app events of a UIKit mode) from the seat or the given devices until "
            + "interrupted."
    )

    @OptionGroup var devices: LiveInputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup var log: LogOptions

    func run() throws {
        let context = try devices.context(logsDebug: log.verbose)
        context.configuration = config.configuration
        context.libinputVersion = LibinputBuild.system.version
        let printer = try output.printer()
        let latency = try output.latency.map(openLatencyLog)
        var sawDevice = false
        var printing = FirstFailure()
        try context.run { event in
            if case .deviceAdded = event.kind { sawDevice = true }
            let printed = printing.attempt {
                try printer.handle(event) { latency?.record(event, availableAt: context.lastDispatchNanos) }
            }
            reportLog(context, verbose: log.verbose)
            return printed
        }
        try printing.check()
        reportLog(context, verbose: log.verbose)
        try printer.finish()
        if let latency {
            try finishLatencyLog(latency, path: output.latency ?? "")
            writeStderr(latency.pool.summary(writeAhead: .zero))
        }
        if !sawDevice && devices.devicePaths.isEmpty { throw LibinputContext.diagnoseNoDevices() }
        if output.check {
            for violation in printer.invariantViolations { writeStderr("invariant: \(violation)") }
            if !printer.invariantViolations.isEmpty { throw ExitCode(1) }
        }
    }
}

/// libinput's log since the last call: its errors and timing warnings, or all of it when `verbose`.
func reportLog(_ context: LibinputContext, verbose: Bool = false) {
    for message in context.takeLog() { showLibinputLog(message, from: nil, verbose: verbose) }
}
