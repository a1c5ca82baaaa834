import Foundation

/// A WebSocket client that reads `touchsynth view`'s stream as a browser would, as fast as the
/// socket allows, counting the frames it receives: the benchmark's browser.
final class StreamClient: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var frames = 0
    private var thread: Thread?

    /// Connects to 127.0.0.1:`port` and completes the handshake.
    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request =
            "GET /stream HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dG91Y2hzeW50aCBiZW5jaA==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = request.withCString { write(fd, $0, strlen($0)) }
        // The response's headers end with a blank line.
        var tail: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {
            tail.append(byte)
            if tail.suffix(4) == [13, 10, 13, 10] { break }
        }
    }

    deinit { close(fd) }

    /// Frames received so far.
    var received: Int { lock.withLock { frames } }

    func start() {
        let thread = Thread { [self] in readMessages() }
        self.thread = thread
        thread.start()
    }

    /// Waits until `condition` holds for the frames received, or `seconds` pass.
    func waitUntil(received condition: (Int) -> Bool, seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(received) && Date() < deadline { usleep(10_000) }
    }

    /// Reads frames (RFC 6455, unmasked from a server) and counts each message's frames, which
    /// the view writes as objects with an "i" key.
    private func readMessages() {
        var message: [UInt8] = []
        while true {
            guard let header = readExactly(2) else { return }
            var length = Int(header[1] & 0x7F)
            if length == 126 {
                guard let b = readExactly(2) else { return }
                length = Int(b[0]) << 8 | Int(b[1])
            } else if length == 127 {
                guard let b = readExactly(8) else { return }
                length = b.reduce(0) { $0 << 8 | Int($1) }
            }
            guard let payload = readExactly(length) else { return }
            if header[0] & 0x0F == 8 { return }
            message += payload
            guard header[0] & 0x80 != 0 else { continue }
            let count = Self.occurrences(of: Array("{\"i\":".utf8), in: message)
            lock.withLock { frames += count }
            message.removeAll(keepingCapacity: true)
        }
    }

    private func readExactly(_ n: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: n)
        var got = 0
        while got < n {
            let r = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, n - got) }
            if r <= 0 { return nil }
            got += r
        }
        return buffer
    }

    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard haystack.count >= needle.count else { return 0 }
        var count = 0
        for i in 0...(haystack.count - needle.count)
        where haystack[i] == needle[0] && Array(haystack[i..<i + needle.count]) == needle {
            count += 1
        }
        return count
    }
}
