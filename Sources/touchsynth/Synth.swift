import ArgumentParser
import DeviceRecording
import Foundation

/// `touchsynth synth`: multi-finger recordings on a real device description.
struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Synthesize a pinch, rotation or multi-finger scroll recording on a device description.",
        discussion: "Example: touchsynth synth pinch --device pad.desc --scale 2 -o pinch.yml")

    enum Kind: String, ExpressibleByArgument { case pinch, rotate, scroll }

    @Argument(help: "pinch, rotate or scroll.") var kind: Kind
    @Option(help: "A recording or description whose device to use (evemu .desc, YAML, evtest).") var device: String
    @Option(help: "pinch/rotate: final scale.") var scale: Double?
    @Option(help: "pinch/rotate: rotation in degrees, clockwise.") var rotation: Double?
    @Option(help: "scroll: number of fingers.") var fingers = 2
    @Option(help: "Horizontal travel of the fingers' centre, mm.") var dx = 0.0
    @Option(help: "Vertical travel of the fingers' centre, mm (scroll default 30, pinch/rotate 0).") var dy: Double?
    @Option(help: "Seconds the fingers move.") var duration = 0.8
    @Option(help: "Output format: yaml (libinput record) or evemu.") var format: Convert.Target = .yaml
    @Option(name: .shortAndLong, help: "Output file (default: stdout).") var output: String?

    func run() throws {
        let base = reportingErrors { try RecordingLoader.load(device).device }
        let gesture: GestureSynthesizer.Gesture
        switch kind {
        case .pinch: gesture = .pinch(scale: scale ?? 2, rotation: rotation ?? 0, dx: dx, dy: dy ?? 0)
        case .rotate: gesture = .pinch(scale: scale ?? 1, rotation: rotation ?? 90, dx: dx, dy: dy ?? 0)
        case .scroll: gesture = .scroll(fingers: fingers, dx: dx, dy: dy ?? 30)
        }
        var options = GestureSynthesizer.Options()
        options.duration = duration
        let recording = reportingErrors { try GestureSynthesizer.synthesize(gesture, on: base, options: options) }
        let text = format == .yaml ? LibinputRecordFormat.write(recording) : EvemuFormat.write(recording)
        if let output {
            reportingErrors { try text.write(toFile: output, atomically: true, encoding: .utf8) }
        } else {
            emitRaw(text)
        }
    }
}
