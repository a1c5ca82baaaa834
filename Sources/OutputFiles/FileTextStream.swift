import Foundation

/// Text written to a file descriptor in chunks (``writeAll(_:_:)``), so that a long text is
/// never held whole. The first failed write is kept (``failure``) and stops the rest.
public struct FileTextStream: TextOutputStream {
    private let fd: Int32
    private var buffer = ""
    /// How much text is gathered before it is written, in bytes.
    private let chunk: Int
    /// The `errno` of the first write that failed; nil while none has.
    public private(set) var failure: Int32?

    /// A stream to `fd` that writes each `chunk` bytes gathered.
    public init(fd: Int32, chunk: Int = 1 << 20) {
        self.fd = fd
        self.chunk = chunk
    }

    public mutating func write(_ text: String) {
        guard failure == nil else { return }
        buffer += text
        if buffer.utf8.count >= chunk { flush() }
    }

    /// Writes what is gathered; then ``failure`` says whether all of it was written.
    public mutating func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        if !writeAll(fd, buffer) { failure = errno }
        buffer = ""
    }
}
