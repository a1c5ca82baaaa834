import FlyingFox
import Foundation
import ViewPage
import ViewPublishing
import ViewTimeline

/// Answers the page, its assets, the timeline and the stream, and nothing else.
final class Router: HTTPHandler, @unchecked Sendable {
    private let title: String
    private let lock = NSLock()
    private var page: Data?
    private var timeline: TimelineFile?
    private var isLive = false
    /// Set once the server listens, before any request can arrive.
    weak var server: ViewServer?

    init(title: String) {
        self.title = title
    }

    /// What to serve from now on; until then the page answers 503.
    func show(_ content: ViewContent) {
        let (page, timeline, isLive): (Data, TimelineFile?, Bool) =
            switch content {
            case .timeline(let t):
                (
                    Data(ViewPage.served(title: title, source: .timeline(path: "timeline.json")).utf8),
                    t, false
                )
            case .live: (Data(ViewPage.served(title: title, source: .live(path: "/stream")).utf8), nil, true)
            }
        lock.withLock { (self.page, self.timeline, self.isLive) = (page, timeline, isLive) }
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let server else { return Self.text(.serviceUnavailable, "starting") }
        let check = HostCheck(port: server.port)
        let host = request.headers[.host]
        guard check.allows(host: host) else { return Self.text(.forbidden, "refused: Host is not this server") }
        guard check.allows(origin: request.headers[HTTPHeader("Origin")], host: host) else {
            return Self.text(.forbidden, "refused: Origin is not this server")
        }
        guard request.method == .GET else {
            var refused = Self.text(.methodNotAllowed, "only GET")
            refused.headers[HTTPHeader("Allow")] = "GET"
            return refused
        }
        // A path, as a browser sends to its server: a full URL is for a proxy, and its host would
        // stand beside the Host checked above.
        guard request.target.rawValue.hasPrefix("/") else { return Self.text(.badRequest, "a path, not a URL") }
        let (page, timeline, isLive) = lock.withLock { (self.page, self.timeline, self.isLive) }
        guard let page else {
            return Self.text(.serviceUnavailable, "the replay is still being computed: reload in a moment")
        }
        switch request.path {
        case "/", "/index.html": return Self.body(page, type: "text/html; charset=utf-8")
        case "/view.js": return Self.body(Data(ViewPage.script.utf8), type: "text/javascript; charset=utf-8")
        case "/view.css": return Self.body(Data(ViewPage.style.utf8), type: "text/css; charset=utf-8")
        case "/timeline.json":
            if let timeline {
                // Read from the file for each request, its length known.
                let bytes = TimelineFileBytes(file: timeline)
                return Self.body(
                    HTTPBodySequence(from: bytes, count: timeline.count, suggestedBufferSize: 1 << 16),
                    type: "application/json")
            }
        case "/stream" where isLive:
            return try await WebSocketHTTPHandler(handler: StreamHandler(server: server)).handleRequest(request)
        default: break
        }
        return Self.text(.notFound, "not found")
    }

    private static func body(_ data: Data, type: String) -> HTTPResponse {
        body(HTTPBodySequence(data: data), type: type)
    }

    private static func body(_ body: HTTPBodySequence, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: body)
    }

    private static func text(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        HTTPResponse(
            statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data((text + "\n").utf8))
    }
}

/// One browser's stream: the scene and the latest frame first, then whatever its outbox holds.
/// Its frames are made as the connection asks for the next one, after writing the last, so a
/// slow browser leaves frames in its outbox, where they are merged, and nowhere else.
struct StreamHandler: WSHandler {
    let server: ViewServer

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let (box, scene, last) = server.connect()
        let server = self.server
        // The browser sends nothing but a close; its stream ends when it goes away.
        Task {
            do {
                for try await frame in client where frame.opcode == .close { break }
            } catch {}
            server.disconnect(box)
        }
        let first =
            (scene.map { "{\"scene\":" + $0.json } ?? "{\"scene\":null") + ",\"frames\":["
            + (last.map { $0.json(after: nil) } ?? "") + "]}"
        let state = StreamState(first: first, previous: last)
        return AsyncStream(
            unfolding: {
                if let opening = state.takeFirst() { return Self.text(opening) }
                guard let batch = await box.take() else { return nil }
                var text =
                    box.takeSceneChange()
                    ? "{\"scene\":" + (server.currentScene?.json ?? "null") + ",\"frames\":[" : "{\"frames\":["
                for (i, frame) in batch.frames.enumerated() {
                    if i > 0 { text += "," }
                    text += frame.json(after: state.previous)
                    state.previous = frame
                }
                text += "],\"coalesced\":\(batch.coalesced)}"
                // Encoded and handed to the socket's writer: the delay ends here.
                server.recordSent(published: batch.published)
                return Self.text(text)
            }, onCancel: { server.disconnect(box) })
    }

    private static func text(_ message: String) -> WSFrame {
        WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(message.utf8))
    }
}

/// What a stream has sent: whether its opening message went, and the last frame (the next is
/// written as a change from it).
private final class StreamState: @unchecked Sendable {
    private var first: String?
    var previous: ViewFrame?

    init(first: String, previous: ViewFrame?) {
        self.first = first
        self.previous = previous
    }

    func takeFirst() -> String? {
        defer { first = nil }
        return first
    }
}
