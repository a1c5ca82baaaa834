import ArgumentParser
import Foundation
import LibinputKit

/// `touchsynth debug`: live libinput events, one line each (like `libinput debug-events`).
struct Debug: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print every libinput event from the seat or the given devices until interrupted.")

    @Option(help: "The udev seat.") var seat = "seat0"
    @Option(name: .customLong("device"), help: "Device nodes to open instead of the seat (repeatable).") var devicePaths: [String] = []
    @Flag(help: "JSON Lines output.") var json = false

    func run() throws {
        let context = reportingErrors { () throws -> LibinputContext in
            devicePaths.isEmpty ? try LibinputContext.udev(seat: seat) : try LibinputContext.path(devicePaths)
        }
        var start: UInt64?
        var sawDevice = false
        reportingErrors {
            try context.run { event in
                if case .deviceAdded = event.kind { sawDevice = true }
                let origin = start ?? event.time
                start = origin
                emit(json ? EventFormat.json(event).render() : EventFormat.line(event, start: origin))
                reportLog(context)
                return true
            }
        }
        reportLog(context)
        if !sawDevice && devicePaths.isEmpty { fail(LibinputContext.diagnoseNoDevices().description, code: LibinputContext.diagnoseNoDevices().exitCode) }
    }
}

/// libinput's errors and timing warnings go to stderr; its chatter does not.
func reportLog(_ context: LibinputContext) {
    for message in context.takeLog() where message.priority == .error || message.isTimingWarning {
        FileHandle.standardError.write(Data("libinput: \(message.text)\n".utf8))
    }
}
