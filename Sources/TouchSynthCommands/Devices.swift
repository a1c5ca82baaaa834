import ArgumentParser
import Foundation
import LibinputEventText
import LibinputKit
import Report

/// `touchsynth devices`: what libinput sees, like `libinput list-devices`.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the input devices libinput sees on a seat.")

    @OptionGroup var devices: LiveInputOptions
    @Flag(help: Help.json) var json = false

    func run() throws {
        let context = try devices.context()
        _ = context.dispatch()
        try context.requireDevices()
        try emit(json ? try JSONLines.document("devices", context.devices) : context.devices.flatMap(\.listing))
    }
}
