import ArgumentParser
import Recordings

/// `--desc` and `--device`: what a log may need besides itself.
struct LogInputOptions: ParsableArguments {
    @Option(help: Help.desc) var desc: String?
    @Option(name: .customLong("device"), help: Help.node) var node: String?
}
