import FlyingFox
import FlyingSocks
import ViewPublishing

/// A timeline file's bytes from its start, as one response's body reads them.
struct TimelineFileBytes: AsyncBufferedSequence {
    typealias Element = UInt8
    let file: TimelineFile

    func makeAsyncIterator() -> Iterator { Iterator(file: file) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let file: TimelineFile
        private var offset = 0

        init(file: TimelineFile) { self.file = file }

        mutating func next() async throws -> UInt8? { try await nextBuffer(suggested: 1)?.first }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            let bytes = try file.read(at: offset, count: Swift.max(1, count))
            guard !bytes.isEmpty else { return nil }
            offset += bytes.count
            return bytes
        }
    }
}
