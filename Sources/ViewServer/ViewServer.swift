import FlyingFox
import FlyingSocks
import Histograms
import Foundation
import ViewPage
@_exported import ViewPublishing
import ViewTimeline

/// `touchsynth view`'s web server: one page, its script and styles, and the frames, either a
/// timeline computed ahead (`/timeline.json`, for a recording) or a live stream (`/stream`, a
/// WebSocket). It answers only requests addressed to it (``HostCheck``) and only GET.
///
/// Publishing never waits for a browser: each has an ``Outbox`` that merges frames when it falls
/// behind. Several browsers may watch at once.
public final class ViewServer: ViewPublisher, @unchecked Sendable {
    @available(*, deprecated, message: "use ViewContent, from ViewPublishing")
    public typealias Content = ViewContent
    @available(*, deprecated, message: "use ViewServerStatistics, from ViewPublishing")
    public typealias Statistics = ViewServerStatistics

    /// The page's address, `http://127.0.0.1:PORT/`.
    public let url: String
    /// The port listened on (the one the system chose when 0 was asked for).
    public let port: UInt16
    private let listener: Listener
    private let router: Router
    /// Guards the server's state; broadcast whenever the counts a waiter may watch change.
    private let lock = NSCondition()
    private var scene: ViewScene?
    private var lastFrame: ViewFrame?
    private var outboxes: [ObjectIdentifier: Outbox] = [:]
    private var counts = ViewServerStatistics()

    /// Starts listening on `address` (an IPv4 or IPv6 literal) and `port` (0: a free one) and
    /// returns once it does; the page answers 503 until ``show(_:)`` gives it its content, so
    /// that a port in use is told before a replay is computed.
    public init(title: String, address: String = "127.0.0.1", port: UInt16 = 0) throws(ViewServerError) {
        let router = Router(title: title)
        self.router = router
        do {
            listener = try Listener(host: address, port: port, router: router)
        } catch {
            throw ViewServerError(.badAddress, "--listen \(address): not an IPv4 or IPv6 address")
        }
        let started = StartOutcome()
        listener.start(started)
        Task.detached { [listener] in
            do {
                try await listener.current.waitUntilListening(timeout: Self.startTimeout)
                started.succeed()
            } catch {
                _ = started.fail(error)
            }
        }
        if let failure = started.wait() {
            Self.end(listener)
            throw Self.refusal(failure, address: address, port: port)
        }
        let bound = Self.boundPort(listener.current) ?? port
        listener.bound(to: bound)
        self.port = bound
        url = ListenAddress.url(address, port: bound)
        router.server = self
    }

    /// How long the server may take to start listening.
    private static let startTimeout: TimeInterval = 10

    /// Why listening on `address` and `port` failed, in a sentence that says what to do.
    private static func refusal(_ failure: any Error, address: String, port: UInt16) -> ViewServerError {
        let another = "choose another with --port, or 0 for a free one"
        let cannot = "cannot listen on \(address) port \(port)"
        switch failure as? SocketError {
        case .failed(_, EADDRINUSE, _)?:
            return ViewServerError(.portInUse, "port \(port) on \(address) is in use by another program: \(another)")
        case .failed(_, EACCES, _)?, .failed(_, EPERM, _)?:
            return ViewServerError(.permission, "this user may not listen on privileged port \(port): \(another)")
        case .failed(_, EADDRNOTAVAIL, _)?:
            return ViewServerError(.badAddress, "--listen \(address): not an address of this machine")
        // The kernel says EINVAL of a link-local address without its interface.
        case .failed(_, EINVAL, _)? where ListenAddress.isLinkLocal(address):
            return ViewServerError(
                .badAddress,
                "--listen \(address): a link-local address, which is bound only with its interface; "
                    + "listen on a loopback, unique local or global address")
        case .failed(_, let code, _)?:
            return ViewServerError(.system, "\(cannot): \(String(cString: strerror(code)))")
        case .timeout?:
            return ViewServerError(.system, "\(cannot): the server did not start within \(Int(startTimeout)) s")
        case .blocked?, .disconnected?, .unsupportedAddress?, nil:
            return ViewServerError(.system, "\(cannot): the server did not start")
        }
    }

    /// Serves `content` from now on. A timeline was computed ahead, and the server idles with it
    /// for as long as the page stays open: the heap freed computing it goes back to the system.
    public func show(_ content: ViewContent) {
        switch content {
        case .live(let scene): lock.withLock { self.scene = scene }
        case .timeline: Self.returnFreedMemory()
        }
        router.show(content)
    }

    /// Hands freed memory back to the system: glibc keeps a freed heap for reuse otherwise
    /// (`malloc_trim`, looked up, as Swift's Glibc module leaves out malloc.h; another C library
    /// has nothing to do).
    private static func returnFreedMemory() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(trim, to: Trim.self)(0)
    }

    private static func boundPort(_ server: HTTPServer) -> UInt16? {
        let semaphore = DispatchSemaphore(value: 0)
        let box = PortBox()
        Task.detached {
            switch await server.listeningAddress {
            case .ip4(_, let port), .ip6(_, let port): box.port = port
            default: break
            }
            semaphore.signal()
        }
        semaphore.wait()
        return box.port
    }

    /// Sends `frame` to every browser watching the stream (live).
    public func publish(_ frame: ViewFrame) {
        let now = DispatchTime.now().uptimeNanoseconds
        let boxes = lock.withLock {
            lastFrame = frame
            counts.published += 1
            return Array(outboxes.values)
        }
        for box in boxes { box.post(frame, publishedAt: now) }
    }

    /// Replaces the scene (live: once the device is known); browsers get it with the next frame.
    public func publish(scene newScene: ViewScene) {
        lock.withLock { scene = newScene }
        let boxes = lock.withLock { Array(outboxes.values) }
        for box in boxes { box.sceneChanged() }
    }

    /// The counts so far.
    public var statistics: ViewServerStatistics {
        lock.withLock { lockedStatistics() }
    }

    public func waitForStatistics(until condition: (ViewServerStatistics) -> Bool) {
        lock.withLock {
            while !condition(lockedStatistics()) { lock.wait() }
        }
    }

    /// The counts, with ``lock`` held.
    private func lockedStatistics() -> ViewServerStatistics {
        var s = counts
        s.browsers = outboxes.count
        s.coalesced = counts.coalesced + outboxes.values.reduce(0) { $0 + $1.coalesced }
        return s
    }

    /// Stops listening and ends every stream.
    public func stop() {
        let boxes = lock.withLock { Array(outboxes.values) }
        boxes.forEach { $0.close() }
        Self.end(listener)
    }

    /// Stops `listener`, waiting until it has, or for at most a second: the stop runs on Swift's
    /// shared threads, which a client's request can keep busy (FlyingFox reads a request line or
    /// header in time that grows with the square of its length), and Ctrl-C must end the view
    /// whatever its clients send. The sockets close with the process.
    private static func end(_ listener: Listener) {
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            await listener.stop()
            semaphore.signal()
        }
        _ = semaphore.wait(timeout: .now() + .seconds(1))
    }

    /// Where the lines of an outage go: the server stopped listening (out of file descriptors)
    /// and listens again.
    public func tellTroubles(to tell: @escaping @Sendable (String) -> Void) {
        listener.tellTroubles(to: tell)
    }

    // MARK: The stream's browsers

    func connect() -> (Outbox, scene: ViewScene?, last: ViewFrame?) {
        let box = Outbox()
        return lock.withLock {
            outboxes[ObjectIdentifier(box)] = box
            lock.broadcast()
            return (box, scene, lastFrame)
        }
    }

    /// Ends a browser's stream; its merges join the server's count once, however often it is called.
    func disconnect(_ box: Outbox) {
        box.close()
        lock.withLock {
            if outboxes.removeValue(forKey: ObjectIdentifier(box)) != nil { counts.coalesced += box.coalesced }
            lock.broadcast()
        }
    }

    var currentScene: ViewScene? { lock.withLock { scene } }

    func recordSent(published: [UInt64]) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            counts.sent += published.count
            for time in published { counts.delays.add(Int64((now &- time) / 1000)) }
            lock.broadcast()
        }
    }
}

private final class PortBox: @unchecked Sendable {
    var port: UInt16?
}
