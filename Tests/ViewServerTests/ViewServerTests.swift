import AppEvents
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
@testable import ViewServer
@testable import ViewTimeline
import XCTest

final class ViewServerTests: XCTestCase {
    func testOnlyRequestsAddressedToTheServerAreAnswered() {
        let check = HostCheck(port: 8080)
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080", "192.168.1.20:8080"] {
            XCTAssertTrue(check.allows(host: host), host)
        }
        // DNS rebinding needs a name: any name but localhost is refused, as are other ports.
        for host in [
            "attacker.example:8080", "127.0.0.1.nip.io:8080", "127.0.0.1:8081", "127.0.0.1", "256.0.0.1:8080", "",
        ] {
            XCTAssertFalse(check.allows(host: host), host)
        }
        XCTAssertFalse(check.allows(host: nil))
        XCTAssertTrue(check.allows(origin: nil, host: "127.0.0.1:8080"), "no Origin: not a cross-site request")
        XCTAssertTrue(check.allows(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        XCTAssertFalse(check.allows(origin: "http://attacker.example", host: "127.0.0.1:8080"))
        XCTAssertFalse(check.allows(origin: "null", host: "127.0.0.1:8080"))
    }

    private func frame(_ index: Int, changes: Int) -> ViewFrame {
        let mode = ModeState(pointer: Point(x: 0, y: 0), buttons: "", lanes: [])
        return ViewFrame(
            index: index, time: Double(index), source: "test", contacts: [], libinput: LibinputPanel(), compat: mode,
            indirect: mode,
            changes: (0..<changes).map {
                LaneChange(
                    mode: .compatibility, lane: 0, state: .began, time: Double(index) + Double($0), accidental: false)
            },
            differs: false, startsDifference: false)
    }

    func testABrowserThatFallsBehindGetsMergedFramesWithEveryLaneChange() async {
        let box = Outbox()
        let published = Outbox.capacity + 100
        for i in 0..<published { box.post(frame(i, changes: 1), publishedAt: UInt64(i)) }
        let taken = await box.take()
        XCTAssertEqual(taken?.frames.count, Outbox.capacity)
        XCTAssertEqual(taken?.coalesced, 100)
        XCTAssertEqual(taken?.frames.last?.index, published - 1, "the newest state")
        XCTAssertEqual(taken?.frames.reduce(0) { $0 + $1.changes.count }, published, "no lane change lost")
        XCTAssertEqual(taken?.published.count, published, "every event's delay is measured")
        box.close()
        let afterClose = await box.take()
        XCTAssertNil(afterClose)
    }

    /// A difference that starts in a frame merged away is kept by the merged frame while the modes
    /// still differ there, so the page's next difference still lands on it; one that ended is not.
    func testAMergedFrameKeepsAStartOfADifferenceWhileTheModesStillDiffer() async {
        for (differsAfter, starts) in [(true, true), (false, false)] {
            let box = Outbox()
            for i in 0..<Outbox.capacity { box.post(frame(i, changes: 0), publishedAt: UInt64(i)) }
            var started = frame(Outbox.capacity, changes: 0)
            (started.differs, started.startsDifference) = (true, true)
            var next = frame(Outbox.capacity + 1, changes: 0)
            next.differs = differsAfter
            box.post(started, publishedAt: 0)
            box.post(next, publishedAt: 0)
            let taken = await box.take()
            XCTAssertEqual(taken?.coalesced, 2)
            XCTAssertEqual(taken?.frames.last?.index, Outbox.capacity + 1)
            XCTAssertEqual(taken?.frames.last?.startsDifference, starts, "still differing: \(differsAfter)")
        }
    }

    /// The timeline is served from its file, whole, to each request on its own, with its length;
    /// the file has no name, so that nothing is left of it however the view ends.
    func testTheTimelineIsServedFromAFileWithoutAName() throws {
        let pieces = (0..<200).map {
            Data("{\"piece\":\($0),\"text\":\"\(String(repeating: "x", count: 700))\"}\n".utf8)
        }
        // As /proc names the file: the folder with its links resolved.
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        let openWithoutName = {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
            }.filter { $0.hasPrefix(folder + "/") && $0.hasSuffix(" (deleted)") }.count
        }
        let (before, entries) = (try openWithoutName(), try FileManager.default.contentsOfDirectory(atPath: folder))
        let file = try TimelineFile()
        for piece in pieces { try file.append(piece) }
        let whole = pieces.reduce(Data(), +)
        XCTAssertEqual(file.count, whole.count)
        XCTAssertEqual(Data(try file.read(at: whole.count - 10, count: 100)), whole.suffix(10))
        XCTAssertEqual(try openWithoutName(), before + 1)
        XCTAssertFalse(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder)).subtracting(entries).contains {
                $0.hasPrefix("touchsynth-timeline-")
            })
        let server = try ViewServer(title: "t")
        defer { server.stop() }
        server.show(.timeline(file))
        let request = "GET /timeline.json HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
        for _ in 0..<2 {
            let answer = try Self.exchange(request, port: server.port)
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), String(answer.prefix(200)))
            XCTAssertTrue(
                answer.lowercased().contains("content-length: \(whole.count)\r\n"), String(answer.prefix(200)))
            XCTAssertTrue(answer.hasSuffix("\r\n\r\n" + String(decoding: whole, as: UTF8.self)))
        }
    }

    /// Requests the page does not make: another method is 405 naming GET; a full URL as the target
    /// (a proxy's form, with a host of its own beside the Host checked) is 400.
    func testOtherMethodsAndFullURLsAreRefused() throws {
        let server = try ViewServer(title: "t")
        defer { server.stop() }
        server.show(.timeline(try TimelineFile(holding: Data("[]".utf8))))
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let ok = try Self.exchange("GET / HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", port: server.port)
        XCTAssertTrue(ok.hasPrefix("HTTP/1.1 200"), ok)
        let post = try Self.exchange("POST / HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", port: server.port)
        XCTAssertTrue(post.hasPrefix("HTTP/1.1 405"), post)
        XCTAssertTrue(post.lowercased().contains("\r\nallow: get\r\n"), post)
        let proxied = try Self.exchange(
            "GET http://attacker.example/ HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", port: server.port)
        XCTAssertTrue(proxied.hasPrefix("HTTP/1.1 400"), proxied)
    }

    /// A server that cannot accept a connection, the process out of file descriptors, stops
    /// listening (FlyingFox's ends): it says so, listens again on its port once it can, says that
    /// too, and answers.
    func testAServerOutOfDescriptorsListensAgainAndSaysSo() throws {
        let server = try ViewServer(title: "t")
        defer { server.stop() }
        server.show(.timeline(try TimelineFile(holding: Data("[]".utf8))))
        let said = LinesHeard()
        server.tellTroubles { said.add($0) }
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var saved = rlimit()
        XCTAssertEqual(getrlimit(resource, &saved), 0)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        // No descriptor can be made now: the connection is the server's to accept, and it cannot.
        var none = saved
        none.rlim_cur = 0
        XCTAssertEqual(setrlimit(resource, &none), 0)
        let connected = connect(fd, toLoopbackPort: server.port)
        let outage = said.next()
        setrlimit(resource, &saved)
        close(fd)
        XCTAssertEqual(connected, 0)
        XCTAssertEqual(outage, "the view's server stopped listening (Too many open files): listening again")
        XCTAssertEqual(said.next(), "the view's server listens again on port \(server.port)")
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let ok = try Self.exchange("GET / HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", port: server.port)
        XCTAssertTrue(ok.hasPrefix("HTTP/1.1 200"), ok)
    }

    /// Sends `request` to the server on `port` and reads its answer until it closes.
    private static func exchange(_ request: String, port: UInt16) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        let connected = connect(fd, toLoopbackPort: port)
        XCTAssertEqual(connected, 0)
        _ = request.withCString { write(fd, $0, strlen($0)) }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            answer += chunk[..<n]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    func testAPortInUseIsTold() throws {
        let first = try ViewServer(title: "a")
        defer { first.stop() }
        XCTAssertTrue(first.url.hasPrefix("http://127.0.0.1:"))
        XCTAssertThrowsError(try ViewServer(title: "b", port: first.port)) { error in
            XCTAssertEqual((error as? ViewServerError)?.kind, .portInUse)
        }
        XCTAssertThrowsError(try ViewServer(title: "c", address: "not-an-address")) { error in
            XCTAssertEqual((error as? ViewServerError)?.kind, .badAddress)
        }
    }
}

final class SlowBrowserTests: XCTestCase {
    /// A browser that stops reading: the socket fills, the connection stops asking for frames,
    /// and its outbox merges them; publishing never waits for it.
    func testABrowserThatStopsReadingGetsMergedFramesAndPublishingGoesOn() throws {
        let server = try ViewServer(title: "slow")
        defer { server.stop() }
        let mode = ModeState(pointer: Point(x: 0, y: 0), buttons: "", lanes: [])
        server.show(
            .live(
                ViewScene(
                    title: "slow", device: "", geometry: nil, screen: Size(width: 100, height: 100),
                    regions: [],
                    pointerRegions: [], lanes: [])))
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        // A receive buffer that stays small: the kernel tunes only buffers left unset.
        var small: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let connected = connect(fd, toLoopbackPort: server.port)
        XCTAssertEqual(connected, 0)
        let handshake =
            "GET /stream HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dG91Y2hzeW50aCB0ZXN0IQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = handshake.withCString { write(fd, $0, strlen($0)) }
        server.waitForStatistics { $0.browsers == 1 }
        // The server's socket keeps small buffers too, so that a frame is more than both hold.
        let connection = try XCTUnwrap(Self.acceptedSocket(serverPort: server.port, clientPort: Self.localPort(fd)))
        setsockopt(connection, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        // Frames of about 40 KiB (a long event list).
        let events = Array(repeating: String(repeating: "x", count: 400), count: 100)
        var published = 0
        func publish() {
            var state = mode
            // A new state each frame: each is written whole, not as a small change.
            state.events = events.map { "\(published) \($0)" }
            server.publish(
                ViewFrame(
                    index: published, time: Double(published), source: "test", contacts: [],
                    libinput: LibinputPanel(),
                    compat: state, indirect: mode, changes: [], differs: false, startsDifference: false))
            published += 1
        }
        // The connection takes the first frame as soon as it is published, and its write never
        // ends: the browser reads nothing.
        publish()
        server.waitForStatistics { $0.sent == 1 }
        // Publishing goes on without waiting for the browser (it would hang here otherwise); the
        // connection takes nothing more while its write waits, and its outbox merges what it
        // cannot hold. A pipeline that drained the outbox into a buffer of its own would take
        // them all and merge none.
        for _ in 0..<(Outbox.capacity + 100) { publish() }
        XCTAssertEqual(server.statistics.sent, 1, "frames taken while the socket was full")
        XCTAssertEqual(
            server.statistics.coalesced, 100,
            "frames beyond the outbox's capacity merged, not buffered without end")
    }

    /// The port `fd` is bound to.
    private static func localPort(_ fd: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// The server's end, in this process, of the connection from `clientPort`: its socket's inode
    /// from the kernel's table of TCP sockets, then the descriptor that names it.
    private static func acceptedSocket(serverPort: UInt16, clientPort: UInt16) -> Int32? {
        let local = String(format: "0100007F:%04X", serverPort), remote = String(format: "0100007F:%04X", clientPort)
        // Read to its end: Foundation's file reading takes one page of a file whose size reads 0,
        // which a table of more than about 25 sockets outgrows.
        let data = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp")).readToEnd()) ?? nil
        let table = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let rows = table.split(separator: "\n").map { $0.split(separator: " ") }
        let row = rows.first { $0.count > 9 && $0[1] == local && $0[2] == remote }
        guard let inode = row?[9] else { return nil }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap(Int32.init).first { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == "socket:[\(inode)]"
        }
    }
}

/// Lines told from another thread, taken in order as they come.
private final class LinesHeard: @unchecked Sendable {
    private let lock = NSLock()
    private let told = DispatchSemaphore(value: 0)
    private var lines: [String] = []

    func add(_ line: String) {
        lock.withLock { lines.append(line) }
        told.signal()
    }

    /// The next line, once it is told.
    func next() -> String {
        told.wait()
        return lock.withLock { lines.removeFirst() }
    }
}
