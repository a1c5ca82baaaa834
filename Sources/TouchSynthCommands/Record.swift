import ArgumentParser
import EvdevRecording
import Foundation
import LibinputEvents
import LibinputKit
import OutputFiles
import Recordings

/// `touchsynth record`: a live device into libinput record YAML, until Ctrl-C.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract:
            "Record a live input device as libinput record YAML (readable by `libinput replay` and `touchsynth "
            + "replay`).",
        discussion:
            "Without --device, the laptop's touchpad is found by its capabilities. Ctrl-C ends the recording; the "
            + "file is complete at every frame."
    )

    @Option(
        help: ArgumentHelp(
            "A device by node (event2 or /dev/input/event2): the one to record (default: the only touchpad).",
            valueName: "node"), transform: DeviceNode.named) var device: String?
    @Option(name: .shortAndLong, help: Help.outputFile) var output: String?
    @Option(parsing: .unconditional, help: "Stop after this many seconds.") var duration: Double?

    func validate() throws {
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration must be a positive number of seconds")
        }
    }

    func run() throws {
        let path = try device.map(DeviceNode.path) ?? onlyTouchpad()
        if access(path, R_OK) != 0, errno == EACCES || errno == EPERM { throw LibinputError.permission(path) }
        let recorder = try EvdevRecorder(node: try EvdevNode(path: path))
        let file = try output.map { try OutputFile($0, streaming: true) } // valid whenever it stops
        let live = CommandIO.current.isTerminal(2)
        let label = "\(path) (\(recorder.device.name))"
        if live { writeStderr("recording \(label); Ctrl-C to stop") }
        var lastShown = -1.0
        let (ending, progress) = try recorder.record(
            maxSeconds: duration,
            write: { text in
                if let file {
                    try writeText(text, to: file.fileDescriptor, path: file.path)
                } else {
                    try emitRaw(text)
                }
            },
            progress: { p in
                guard live, p.seconds - lastShown >= 0.1 else { return }
                lastShown = p.seconds
                CommandIO.current.writeErr(String(format: "\r%7.1f s  %8d events", p.seconds, p.events))
            })
        try file?.commit()
        if live { CommandIO.current.writeErr("\n") }
        let why = ending == .deviceRemoved ? " (the device was removed)" : ""
        writeStderr(
            String(
                format: "touchsynth: recorded %d events in %d frames over %.1f s from %@ to %@%@",
                progress.events, progress.frames, progress.seconds, label, output ?? "stdout", why))
    }
}

/// The one touchpad among the readable event nodes (``EvdevNode/onlyTouchpad(in:)``); none found
/// for want of permission, or for want of any input device, is said so, as `devices` says it.
func onlyTouchpad() throws -> String {
    let found = Result { () throws(RecordingError) in try EvdevNode.onlyTouchpad() }
    guard case .failure(let error) = found, error.kind == .missingFile else { return try found.get() }
    let diagnosis = LibinputContext.diagnoseNoDevices()
    if diagnosis.kind == .permission || !LibinputContext.hasEventNodes { throw diagnosis }
    throw error
}
