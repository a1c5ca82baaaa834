import ArgumentParser
import Foundation
import LibinputKit

/// `touchsynth debug`: live libinput events, or the app events of either UIKit mode, one line each.
struct Debug: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print libinput events (or the app events of a UIKit mode) from the seat or the given devices until interrupted.")

    @Option(help: "The udev seat.") var seat = "seat0"
    @Option(name: .customLong("device"), help: "Device nodes to open instead of the seat (repeatable).") var devicePaths: [String] = []
    @Option(help: "raw (libinput events), compat, indirect, or both side by side.") var mode: OutputMode = .raw
    @Flag(help: "JSON Lines output.") var json = false
    @Flag(help: "Check the app event streams' invariants; violations go to stderr and exit status 1.") var check = false
    @Flag(help: "Turn tap-to-click on (libinput's default is off).") var enableTap = false

    func run() throws {
        let context = reportingErrors { () throws -> LibinputContext in
            devicePaths.isEmpty ? try LibinputContext.udev(seat: seat) : try LibinputContext.path(devicePaths)
        }
        context.enablesTapToClick = enableTap
        let output = ModeOutput(mode: mode, json: json)
        var sawDevice = false
        var last: UInt64 = 0
        reportingErrors {
            try context.run { event in
                if case .deviceAdded = event.kind { sawDevice = true }
                last = max(last, event.time)
                output.handle(event)
                reportLog(context)
                return true
            }
        }
        reportLog(context)
        output.finish(at: last + 1_000_000)
        if !sawDevice && devicePaths.isEmpty {
            let error = LibinputContext.diagnoseNoDevices()
            fail(error.description, code: error.exitCode)
        }
        if check {
            for violation in output.invariantViolations { writeStderr("invariant: \(violation)") }
            if !output.invariantViolations.isEmpty { throw ExitCode(1) }
        }
    }
}

/// libinput's errors and timing warnings go to stderr; its chatter does not.
func reportLog(_ context: LibinputContext) {
    for message in context.takeLog() where message.priority == .error || message.isTimingWarning {
        writeStderr("libinput: \(message.text)")
    }
}
