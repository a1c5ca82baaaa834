import ArgumentParser
import Foundation
import Report
import LibinputKit

/// `touchsynth devices`: what libinput sees, like `libinput list-devices`.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "devices", abstract: "List the input devices libinput sees on a seat.")

    @Option(help: "The udev seat.") var seat = "seat0"
    @Option(name: .customLong("device"), help: ArgumentHelp("A device by node (event2 or /dev/input/event2): the nodes to open instead of the seat (repeatable).", valueName: "node"))
    var devicePaths: [String] = []
    @Flag(help: "JSON Lines output.") var json = false

    func run() throws {
        let devices = try { () throws -> [DeviceInfo] in
            let context = devicePaths.isEmpty ? try LibinputContext.udev(seat: seat) : try LibinputContext.path(devicePaths.map(deviceNode))
            _ = context.dispatch()
            let devices = context.devices
            if devices.isEmpty && devicePaths.isEmpty { throw LibinputContext.diagnoseNoDevices() }
            return devices
        }()
        if json {
            try emit(JSONLines.header("devices"))
            for d in devices { try emit(JSONLines.line(d)) }
            return
        }
        for d in devices {
            try emit("Device:        \(d.name)")
            try emit("Kernel:        /dev/input/\(d.sysname)")
            try emit("Capabilities:  \(d.capabilities.map(\.rawValue).joined(separator: " "))")
            try emit("Size:          " + (d.sizeMM.map { String(format: "%.0fx%.0fmm", $0.width, $0.height) } ?? "n/a"))
            try emit("")
        }
    }
}
