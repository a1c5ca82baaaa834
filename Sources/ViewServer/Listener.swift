import FlyingFox
import FlyingSocks
import Foundation

/// Keeps the view's server listening until it is stopped. FlyingFox's server ends, closing its
/// socket and every connection, when accepting a connection fails (the process out of file
/// descriptors, say); the listener then starts another on the same port, after a pause that
/// doubles with each failure in a row up to a second, and tells the outage and the recovery.
final class Listener: @unchecked Sendable {
    private let lock = NSLock()
    private var server: HTTPServer
    private var stopped = false
    private var task: Task<Void, Never>?
    private var tell: (@Sendable (String) -> Void)?
    private let host: String
    /// The port asked for, then the one bound once the first server listens.
    private var port: UInt16
    private let router: Router

    /// A listener on `host` (an IPv4 or IPv6 literal) and `port` (0: a free one); throws when
    /// `host` is neither.
    init(host: String, port: UInt16, router: Router) throws {
        (self.host, self.port, self.router) = (host, port, router)
        server = Self.server(try Self.address(host, port), router)
    }

    private static func address(_ host: String, _ port: UInt16) throws -> any SocketAddress {
        host.contains(":") ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
    }

    private static func server(_ address: any SocketAddress, _ router: Router) -> HTTPServer {
        HTTPServer(address: address, timeout: 15, logger: .disabled, handler: router)
    }

    /// The server listening now, or starting to.
    var current: HTTPServer { lock.withLock { server } }

    /// Where the lines of an outage go.
    func tellTroubles(to tell: @escaping @Sendable (String) -> Void) {
        lock.withLock { self.tell = tell }
    }

    /// The first server's port once it listens, for the servers that follow it.
    func bound(to port: UInt16) {
        lock.withLock { self.port = port }
    }

    /// Starts the first server; `started` hears how its start went. After a start, runs the
    /// servers that follow each failure, until ``stop()``.
    func start(_ started: StartOutcome) {
        let task = Task.detached { await self.run(started) }
        lock.withLock { self.task = task }
    }

    private func run(_ started: StartOutcome) async {
        var failure: any Error
        do {
            try await current.run()
            return
        } catch {
            guard !started.fail(error) else { return }
            failure = error
        }
        var pause: UInt64 = 10_000_000
        var outage = false
        while let (server, port) = next() {
            if !outage { say("the view's server stopped listening (\(Self.reason(failure))): listening again") }
            outage = true
            try? await Task.sleep(nanoseconds: pause)
            guard !Task.isCancelled else { return }
            pause = min(pause * 2, 1_000_000_000)
            let listening = Task {
                try await server.waitUntilListening(timeout: 10)
                self.say("the view's server listens again on port \(port)")
            }
            do {
                try await server.run()
                listening.cancel()
                return
            } catch {
                listening.cancel()
                if (try? await listening.value) != nil { (outage, pause) = (false, 10_000_000) }
                failure = error
            }
        }
    }

    /// A new server on the same address and port, or nil once stopped.
    private func next() -> (HTTPServer, UInt16)? {
        lock.withLock {
            guard !stopped, let address = try? Self.address(host, port) else { return nil }
            server = Self.server(address, router)
            return (server, port)
        }
    }

    private func say(_ line: String) {
        lock.withLock { tell }?(line)
    }

    /// Ends listening and every connection: no server follows the one running, and one starting
    /// is cancelled. FlyingFox's accept loop does not see its socket closed, so its grace period
    /// would only delay the end, by as long as it is.
    func stop() async {
        let (server, task) = lock.withLock {
            stopped = true
            return (self.server, self.task)
        }
        await server.stop(timeout: 0)
        task?.cancel()
    }

    private static func reason(_ error: any Error) -> String {
        if case .failed(_, let code, _)? = error as? SocketError { return String(cString: strerror(code)) }
        return "\(error)"
    }
}

/// The outcome of starting to listen, told across tasks to the thread that waits for it.
final class StartOutcome: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var failure: (any Error)?
    private var done = false

    func succeed() { _ = finish(nil) }

    /// Tells a failure to start; false when the start was already told (a failure after it).
    func fail(_ error: any Error) -> Bool { finish(error) }

    private func finish(_ error: (any Error)?) -> Bool {
        let first = lock.withLock {
            defer { done = true }
            if !done { failure = error }
            return !done
        }
        if first { semaphore.signal() }
        return first
    }

    /// Waits for the outcome: nil once listening, else the error.
    func wait() -> (any Error)? {
        semaphore.wait()
        return lock.withLock { failure }
    }
}
