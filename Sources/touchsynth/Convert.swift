import ArgumentParser
import DeviceRecording
import Foundation

/// `touchsynth convert`: one recording format to another.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Convert a recording to libinput record YAML or evemu.")

    enum Target: String, ExpressibleByArgument { case yaml, evemu }

    @Argument(help: "The recording (evemu, libinput record YAML or evtest text).") var recording: String
    @Option(help: "Device description for an evemu .events file without a header.") var desc: String?
    @Option(help: "Output format: yaml (libinput record) or evemu.") var to: Target = .yaml

    func run() throws {
        let rec = reportingErrors { try RecordingLoader.load(recording, description: desc) }
        switch to {
        case .yaml: emitRaw(LibinputRecordFormat.write(rec))
        case .evemu: emitRaw(EvemuFormat.write(rec))
        }
    }
}
