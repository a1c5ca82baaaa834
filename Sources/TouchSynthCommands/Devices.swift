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
        if json { try emit(JSONLines.header("devices")) }
        let lines = try json ? context.devices.map { try JSONLines.line($0) } : context.devices.flatMap(\.listing)
        for line in lines { try emit(line) }
    }
}
