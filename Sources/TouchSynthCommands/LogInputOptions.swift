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
    /// guessed or repaired said as warnings; without `readingFrames`, its device alone.
    func load(_ path: String, readingFrames: Bool = true) throws -> Recording {
        let loaded = try RecordingLoader.load(path, description: desc, node: node, readingFrames: readingFrames)
        warn(loaded.notes, in: path)
        return loaded
    }
    /// The device of the recording at `path`: of a file that describes it, its header alone read.
    func device(_ path: String) throws -> DeviceDescription { try load(path, readingFrames: false).device }
}
