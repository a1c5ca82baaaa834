import AppEvents
import Foundation
import LibinputEventText
import LibinputEvents
import LibinputKit
import ModeComparison
import Recordings
import UinputDevices

/// What the bridge writes to its touchscreen for libinput's events: compatibility mode's
/// simulated touches of each (``ModePipeline``, compatibility mode alone, no surface) as the
/// touchscreen's frames. Live it feeds a uinput device; over a replay it makes a recording.
public final class BridgeFeed {
    public let touchscreen: VirtualTouchscreen
    private let pipeline: ModePipeline
    private var encoder: TouchscreenEncoder

    /// A feed for `touchscreen`, which covers the app's screen.
    public init(touchscreen: VirtualTouchscreen) {
        self.touchscreen = touchscreen
        pipeline = ModePipeline(modes: [.compatibility], configuration: .init(screenSize: touchscreen.screen))
        encoder = TouchscreenEncoder(screen: touchscreen)
    }

    /// The frames `event` makes, each ending with SYN_REPORT: one per touches event that moves a
    /// simulated touch.
    public func frames(for event: LibinputEvent) -> [[EvdevEvent]] {
        pipeline.step(event)
        return encoder.frames(for: pipeline[.compatibility].lastAppEvents)
    }

    /// A frame lifting every touch still down; empty when none is.
    public func liftAll() -> [EvdevEvent] {
        encoder.liftAll()
    }

    /// The touchscreen's recording for libinput's `events`: the frames the bridge writes, timed
    /// like the events they come from (the first at 0), with a last frame lifting any touch
    /// still down; none at all is bad data of `file`, said with what libinput reported.
    public static func recording(
        of events: [LibinputEvent], touchscreen: VirtualTouchscreen, from file: String
    ) throws(RecordingError) -> Recording {
        let feed = BridgeFeed(touchscreen: touchscreen)
        let written = events.flatMap { event in feed.frames(for: event).map { (time: event.time, events: $0) } }
        // A recording of no frame reads back as none: say what libinput made instead.
        guard !written.isEmpty else {
            let gestures = ReportedGesture.sequence(of: events)
            throw RecordingError(
                .badData, file: file,
                "libinput reported " + (gestures.isEmpty ? "nothing" : ReportedGesture.inWords(gestures))
                    + ", none of which the bridge writes as touches")
        }
        // From its first frame, as every recording format counts and reads back.
        let start = written[0].time
        var frames = written.map { EvdevFrame(time: $0.time - start, events: $0.events) }
        let lift = feed.liftAll()
        if !lift.isEmpty { frames.append(EvdevFrame(time: frames[frames.count - 1].time + 1000, events: lift)) }
        return Recording(device: touchscreen.description, frames: frames)
    }
}

extension BridgeFeed {
    /// Feeds `device` with libinput's events from `context` until the context stops (SIGINT or
    /// SIGTERM), passing over the events of `device` itself, which the seat shows too; each frame
    /// written goes to `written` with its event's time, which may stop the feed by returning false.
    /// Touches still down are lifted at the end.
    public func run(
        _ context: LibinputContext, into device: UinputDevice,
        written: (_ frame: [EvdevEvent], _ time: UInt64) -> Bool
    ) throws {
        let own = (device.devnode as NSString).lastPathComponent
        var failure: UinputError?
        try context.run { event in
            guard event.device != own else { return true }
            for frame in frames(for: event) {
                do throws(UinputError) { try device.write(frame) } catch {
                    failure = error
                    return false
                }
                if !written(frame, event.time) { return false }
            }
            return true
        }
        let lift = liftAll()
        if !lift.isEmpty { try? device.write(lift) }
        if let failure { throw failure }
    }
}
