/// A recording read to be converted, with what converting it loses besides what
/// ``RecordingFormat/losses(of:in:)`` finds: a recording holds the device's events alone, so
/// libinput's own, recorded beside them (`libinput record --with-libinput`), stay behind.
public struct ConversionInput {
    public var recording: Recording
    /// Each loss in words; empty for a file without libinput's events.
    public var losses: [String]

    /// Reads `path` as ``RecordingLoader/load(_:description:node:everyDevice:)`` does, `description`
    /// and `node` as there. A pipe (a FIFO, `-`) can be read once: it is read whole, and the
    /// recording and its losses both come from that text, which is held beside the frames while
    /// they are parsed (a file's is not).
    public init(path: String, description: String? = nil, node: String? = nil) throws(RecordingError) {
        guard isPipe(path) else {
            recording = try RecordingLoader.load(path, description: description, node: node)
            // A file whose libinput entries cannot be read still converts: its events were read.
            losses = (try? RecordedLibinputEvents.read(path)).map(Self.losses) ?? []
            return
        }
        let text = try readText(path, of: "a recording", mayBeLong: true)
        recording = try RecordingLoader.load(text: text, file: path, description: description, node: node)
        losses = (try? RecordedLibinputEvents.parse(text, file: path)).map(Self.losses) ?? []
    }

    private static func losses(_ recorded: RecordedLibinputEvents) -> [String] {
        guard recorded.hasLibinput else { return [] }
        return [
            "the libinput events recorded with it (--with-libinput, \(recorded.events.count)) are not written: "
                + "`replay --with-libinput` compares with them in the original"
        ]
    }
}
