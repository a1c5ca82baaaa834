import Foundation
import Histograms
import ViewTimeline

/// What `touchsynth view` and the view-stream benchmark ask of the view's web server, apart from
/// the server itself: `ViewServer` brings in FlyingFox and, through it, Foundation's networking
/// with libcurl and its TLS libraries, which every other command would load at start for nothing.
public protocol ViewPublisher: AnyObject, Sendable {
    /// The page's address, `http://127.0.0.1:PORT/`.
    var url: String { get }
    /// The port listened on (the one the system chose when 0 was asked for).
    var port: UInt16 { get }
    /// Serves `content` from now on.
    func show(_ content: ViewContent)
    /// Sends `frame` to every browser watching the stream (live).
    func publish(_ frame: ViewFrame)
    /// Replaces the scene (live: once the device is known); browsers get it with the next frame.
    func publish(scene: ViewScene)
    /// The counts so far.
    var statistics: ViewServerStatistics { get }
    /// Blocks until the counts satisfy `condition`, woken as a browser connects or leaves and as
    /// frames go out: for a caller that acts once a browser is there or a frame has gone.
    func waitForStatistics(until condition: (ViewServerStatistics) -> Bool)
    /// Stops listening and ends every stream.
    func stop()
    /// Where the lines of an outage go, as it happens: the server stopped listening (the process
    /// out of file descriptors, say) and listens again.
    func tellTroubles(to tell: @escaping @Sendable (String) -> Void)
}

/// What the page shows.
public enum ViewContent: Sendable {
    /// A replay's frames, computed ahead as the timeline's JSON in a file (written as the frames
    /// are made by `ViewTimeline.writeJSON(title:…)`, or ``ViewTimeline/jsonData``): the page
    /// plays them.
    case timeline(TimelineFile)
    /// Frames published as they happen, starting from this scene.
    case live(ViewScene)
}

/// A view server's counts since it started.
public struct ViewServerStatistics: Sendable {
    /// Frames published (live).
    public var published = 0
    /// Frames taken to be sent, summed over browsers, merged ones counted in the frame they went into.
    public var sent = 0
    /// Frames merged into later ones for a browser that fell behind, summed over browsers.
    public var coalesced = 0
    /// Browsers connected to the stream now.
    public var browsers = 0
    /// From publishing to being encoded and handed to the socket's writer, each frame for each
    /// browser, in microseconds.
    public var delays = DelayHistogram()

    public init() {}
}
