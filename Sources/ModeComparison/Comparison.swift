import AppEvents
import Gestures
import LibinputEvents

/// Runs the app event streams of the same input, in both modes, through fresh surfaces and
/// compares what the recognizers did.
public struct Comparison {
    /// Makes the surface each stream runs through; called once per mode.
    public var makeSurface: () -> Surface
    /// Seconds after a stream's last event at which its surface is finished, so pending timers
    /// (long press, a tap waiting for a double tap to fail) fire. Default 1.
    public var settleTime = 1.0

    /// A comparison whose surfaces `makeSurface` builds, fresh for each mode.
    public init(makeSurface: @escaping () -> Surface) {
        self.makeSurface = makeSurface
    }

    /// The records of every recognizer of a fresh surface after `events`.
    public func records(for events: [AppEvent]) -> [GestureRecord] {
        run(events).records
    }

    /// A fresh surface after `events`, finished.
    public func run(_ events: [AppEvent]) -> Surface {
        let surface = makeSurface()
        events.forEach(surface.handle)
        surface.finish(at: (events.last?.timestamp ?? 0) + settleTime)
        return surface
    }

    /// Runs both streams through their own surface and reports what each recognizer did and
    /// which pointer regions the pointer went through.
    public func compare(compat: [AppEvent], indirect: [AppEvent]) -> ComparisonReport {
        ComparisonReport(compat: run(compat), indirect: run(indirect))
    }

    /// Translates `events` in both modes and hands each app event to its mode's surface as soon
    /// as it is made, as a running app receives them: no app event is kept. The report is the
    /// one ``compare(compat:indirect:)`` gives for the streams ``appEvents(_:mode:configuration:)``
    /// returns.
    public func compare(_ events: [LibinputEvent], configuration: AppEventTranslator.Configuration = .init()) -> ComparisonReport {
        ComparisonReport(compat: run(events, in: .compatibility, configuration: configuration),
                         indirect: run(events, in: .indirectInput, configuration: configuration))
    }

    /// A fresh surface after `events` translated in `mode`, each app event handed to it as it is
    /// made, the stream flushed and the surface finished.
    public func run(_ events: [LibinputEvent], in mode: DeliveryMode, configuration: AppEventTranslator.Configuration = .init()) -> Surface {
        let surface = makeSurface()
        var translator = AppEventTranslator(mode: mode, configuration: configuration)
        for event in events { translator.translate(event, to: surface) }
        translator.flush(at: Self.flushTime(of: events), to: surface)
        surface.finish(at: (surface.lastEventTimestamp ?? 0) + settleTime)
        return surface
    }

    /// The app events of `events` in `mode`, with a wheel sequence still open at the end flushed
    /// a second after the last event.
    public static func appEvents(_ events: [LibinputEvent], mode: DeliveryMode, configuration: AppEventTranslator.Configuration = .init()) -> [AppEvent] {
        var translator = AppEventTranslator(mode: mode, configuration: configuration)
        return events.flatMap { translator.translate($0) } + translator.flush(at: flushTime(of: events))
    }

    /// When a stream of `events` is flushed (a wheel sequence still open ends): a second after
    /// the last event.
    public static func flushTime(of events: [LibinputEvent]) -> UInt64 {
        (events.last?.time ?? 0) + 1_000_000
    }
}
