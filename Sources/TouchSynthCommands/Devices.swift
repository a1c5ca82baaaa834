import ArgumentParser
import Foundation
import LibinputEventText
import LibinputKit
import Report

/// `touchsynth devices`: what libinput sees, like `libinput list-devices`.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "devices", abstract: "List the input devices libinput sees on a seat.")

    @Option(help: "The udev seat.") var seat = "seat0"
    @Option(name: .customLong("device"), help: ArgumentHelp("A device by node (event2 or /dev/input/event2): the nodes to open instead of the seat (repeatable).", valueName: "node"))
    var devicePaths: [String] = []
    @Flag(help: "JSON Lines output.") var json = false

    func run() throws {
        let context = devicePaths.isEmpty ? try LibinputContext.udev(seat: seat) : try LibinputContext.path(devicePaths.map(deviceNode))
        _ = context.dispatch()
        let devices = context.devices
        if devices.isEmpty && devicePaths.isEmpty { throw LibinputContext.diagnoseNoDevices() }
        if json { try emit(JSONLines.header("devices")) }
        for line in try json ? devices.map { try JSONLines.line($0) } : devices.flatMap(\.listing) { try emit(line) }
    }
}
