import ArgumentParser
import LibinputEvents
import Recordings

/// `--desc` and `--device`: what a log may need besides itself.
struct LogInputOptions: ParsableArguments {
    @Option(help: Help.desc) var desc: String?
    @Option(name: .customLong("device"), help: Help.node, transform: DeviceNode.named) var node: String?
}

extension LogInputOptions {
    /// The recording at `path`, read with the description and node given, what reading it
    /// guessed or repaired said as warnings.
    func load(_ path: String) throws -> Recording {
        let loaded = try RecordingLoader.load(path, description: desc, node: node)
        warn(loaded.notes, in: path)
        return loaded
    }
}
